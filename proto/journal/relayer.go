package journal

// The relayer's names in NATS. The settler hands operator calls to the
// relayer's worker through the queue and reads their outcome from the
// transaction records, so both processes must spell them alike. No HTTP
// API exposes them.
const (
	// RelayerQueueStream is the JetStream stream of submissions, one
	// subject (RelayerQueueSubjectPrefix + transaction id) per
	// transaction; a publisher expects no earlier message on that
	// subject, so an id is queued once.
	RelayerQueueStream        = "RELAYER_SUBMIT"
	RelayerQueueSubjectPrefix = "relayer.submit."
	// RelayerTxBucket is the KV bucket of transaction records:
	// RelayerTxKeyPrefix + transaction id holds a relayerapi.TxRecord once
	// the worker decided it.
	RelayerTxBucket    = "relayer_txs"
	RelayerTxKeyPrefix = "tx."
	// RelayerKeyBucket holds the relayer's API keys, shared by its
	// replicas.
	RelayerKeyBucket = "relayer_keys"
	// RelayerWorkerBucket holds the worker's write-ahead state, read by
	// whichever replica leads next.
	RelayerWorkerBucket = "relayer_worker"
	// RelayerLeaseBucket and RelayerLeaseKey name the lease that lets one
	// replica at a time run the worker.
	RelayerLeaseBucket = "relayer_lease"
	RelayerLeaseKey    = "worker"
)
