package journal

// The CLOB gateway's names in NATS, shared by its replicas.
const (
	// ClobKeyBucket holds the API keys and each wallet's index of them.
	ClobKeyBucket = "CLOB_API_KEYS"
	// ClobNonceBucket holds the L1 nonces already used.
	ClobNonceBucket = "CLOB_L1_NONCES"
)
