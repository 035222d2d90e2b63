// Package eip712 hashes, signs and verifies the exchange's EIP-712 typed
// data: signed orders and the L1 "ClobAuth" wallet attestation used to
// manage API keys.
//
// The order type, domain and encodings are those of the reference CTF
// Exchange (Polymarket, see polymarket-clob.md §1 and §2), so the contracts,
// client libraries and test vectors of the reference carry over; only the
// domain name differs by default ("Pred CTF Exchange").
//
// Order hashing is on the hot path of every gateway request (the hash is
// also the order id), so HashOrder is written by hand: the type hash is
// computed once, the 13 words of the encoding go into a fixed buffer, and
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
