// Package eip712 hashes, signs and verifies the exchange's EIP-712 typed
// data: signed orders and the L1 "ClobAuth" wallet attestation used to
// manage API keys.
//
// The order type, domain and encodings follow the reference CTF Exchange
// (Polymarket, see polymarket-clob.md §1 and §2) with two deliberate
// differences the spec asks for: the order type ends with the signed
// `string scopeId`, and the ClobAuth nonce is a string. The domain name is
// "Pred CTF Exchange" by default.
//
// Order hashing is on the hot path of every gateway request (the hash is
// also the order id), so HashOrder is written by hand: the type hash is
// computed once, the 14 words of the encoding go into a fixed buffer, and
// Keccak states are pooled, so a hash costs no heap allocation. The
// generic go-ethereum encoder (apitypes.TypedDataAndHash) is used only by
// the tests, as an oracle that the hand-written encoding must match byte
// for byte.
//
// Signatures are 65 bytes r‖s‖v. Signing produces v = 27/28 as the
// reference clients do; recovery accepts 27/28 and 0/1 and rejects
// malleable (high-s) signatures, so that one order has exactly one valid
// signature per signer.
package eip712
