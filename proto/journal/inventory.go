package journal

// kvStreamPrefix is how JetStream names the stream that stores a
// key-value bucket: the prefix and the bucket's name.
const kvStreamPrefix = "KV_"

// BucketStream is the name of the JetStream stream that stores bucket.
func BucketStream(bucket string) string { return kvStreamPrefix + bucket }

// Streams lists every JetStream stream the exchange keeps, its key-value
// buckets by the names of the streams that store them: what an operator
// watches for replicas and what a backup copies. A stream or bucket
// declared in this package and missing here fails inventory_test.go.
func Streams() []string {
	s := []string{CommandStream, EventStream, RelayerQueueStream}
	for _, b := range []string{
		LeaseBucket,
		ClobKeyBucket, ClobNonceBucket,
		GammaCatalogBucket, GammaNonceBucket, GammaRefreshedBucket,
		RelayerTxBucket, RelayerKeyBucket, RelayerWorkerBucket, RelayerLeaseBucket,
		SettlerBucket, SettlerChainwatchBucket, SettlerLeaseBucket, SettlerMarketsLeaseBucket,
	} {
		s = append(s, BucketStream(b))
	}
	return s
}
