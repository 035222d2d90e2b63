package journal

import (
	"slices"
	"strings"
	"testing"
)

// TestStreamsListsEveryStreamAndBucket: every constant of this package
// whose name ends in Stream or Bucket is in Streams (a bucket by its
// stream's name), once.
func TestStreamsListsEveryStreamAndBucket(t *testing.T) {
	listed := Streams()
	want := 0
	for value, name := range declaredNames(t) {
		var stream string
		switch {
		case strings.HasSuffix(name, "Stream"):
			stream = value
		case strings.HasSuffix(name, "Bucket"):
			stream = BucketStream(value)
		default:
			continue
		}
		want++
		if !slices.Contains(listed, stream) {
			t.Errorf("Streams() lacks %s (%s)", stream, name)
		}
	}
	if len(listed) != want {
		t.Errorf("Streams() has %d names, the package declares %d streams and buckets: %v", len(listed), want, listed)
	}
}
