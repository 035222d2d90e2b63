// Package clobapi is the CLOB API's wire format: the JSON bodies of its
// requests and responses and the names of its auth headers. The gateway
// encodes its responses with these types and the Go client decodes them,
// so the two cannot disagree about a field name; the package imports no
// HTTP client and nothing of the server, so the gateway imports it
// without the SDK (pred.dev/proto/client/clob) and the SDK without the
// server.
//
// Conventions (see GET /openapi.yaml):
//   - amounts, sizes and prices are decimal strings in USDW or shares
//     ("12.5"), never base units, except where a field says otherwise;
//   - token ids are uint256 decimal strings, order ids, market (condition)
//     ids and hashes are 0x-prefixed hex, addresses are 0x hex;
//   - times are Unix seconds unless a field name says milliseconds.
package clobapi

// Header names of the CLOB API's auth (the spec's PRED_* headers): L1
// signs with the wallet (address, signature, timestamp, nonce), L2 with an
// API key's HMAC (API key, passphrase, signature, timestamp).
const (
	HeaderAddress    = "PRED_ADDRESS"
	HeaderSignature  = "PRED_SIGNATURE"
	HeaderTimestamp  = "PRED_TIMESTAMP"
	HeaderNonce      = "PRED_NONCE"
	HeaderAPIKey     = "PRED_API_KEY"
	HeaderPassphrase = "PRED_PASSPHRASE"
	HeaderScopeID    = "PRED_SCOPE_ID"
)
