// Package auth implements the CLOB API's two authentication levels.
//
// L1 proves control of a wallet: the caller signs the EIP-712 ClobAuth
// message (address, timestamp, nonce, attestation text) and sends it in
// the PRED_ADDRESS, PRED_SIGNATURE, PRED_TIMESTAMP and PRED_NONCE headers.
// It is used only to create, derive and revoke API keys.
//
// L2 authenticates every trading and account call with an API key: the
// key id and passphrase travel in headers and PRED_SIGNATURE is an
// HMAC-SHA256, keyed with the key's secret, over timestamp + method + path
// + body (package l2auth).
//
// The gateway keeps no state of its own. API key ids, secrets and
// passphrases are derived from a server master key (Deriver), so they are
// never stored and GET /auth/derive-api-key recomputes them; key records
// (owner, scope, revoked) live in a NATS KV bucket (KeyStore) and used L1
// signatures in another with a TTL (NonceStore), so every gateway replica
// sees the same keys and refuses the same replays. L2 reads key records
// from a watched copy of the bucket (KeyView), fenced on the bucket's
// leader so that it is never older than the request.
package auth
