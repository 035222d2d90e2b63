package httpmw

import (
	"testing"
	"time"
)

// TestBucketsRefill drives a bucket with an explicit clock: the burst
// passes, the next request waits for one token's worth of time, another
// identity has its own bucket, and a request larger than the burst is
// told to wait for a full bucket.
func TestBucketsRefill(t *testing.T) {
	b := NewBuckets(2, 4, "")
	t0 := time.Unix(1_700_000_000, 0)
	for i := range 4 {
		if ok, _, _ := b.take("k", 1, t0); !ok {
			t.Fatalf("request %d of the burst refused", i)
		}
	}
	ok, remaining, wait := b.take("k", 1, t0)
	if ok || remaining != 0 || wait != 500*time.Millisecond {
		t.Fatalf("over the burst: ok=%v remaining=%d wait=%s", ok, remaining, wait)
	}
	if ok, _, _ := b.take("k", 1, t0.Add(500*time.Millisecond)); !ok {
		t.Fatal("refused after the refill time")
	}
	if ok, _, _ := b.take("first", 1, t0); !ok {
		t.Fatal("another identity is charged for the first")
	}
	if ok, _, wait := b.take("other", 5, t0); ok || wait != 2*time.Second {
		t.Fatalf("a batch above the burst: ok=%v wait=%s", ok, wait)
	}
	if ok, remaining, _ := b.take("other", 3, t0); !ok || remaining != 1 {
		t.Fatalf("a refused request must not consume tokens: ok=%v remaining=%d", ok, remaining)
	}
}

func TestDisabledClass(t *testing.T) {
	b := NewBuckets(0, 0, "")
	if ok, remaining, _ := b.take("k", 1_000_000, time.Now()); !ok || remaining != -1 {
		t.Fatal("a zero rate must disable limiting")
	}
}

// TestEvictionBoundsMemory: the bucket map never grows past bucketsMax.
func TestEvictionBoundsMemory(t *testing.T) {
	b := NewBuckets(1, 1, "")
	now := time.Unix(1_700_000_000, 0)
	for i := range bucketsMax + 10 {
		b.take(string(rune(i)), 1, now)
	}
	if n := len(b.m); n > bucketsMax {
		t.Fatalf("%d buckets kept, limit %d", n, bucketsMax)
	}
}
