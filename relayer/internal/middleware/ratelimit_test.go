package middleware

import (
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// TestBucketsRefill drives a bucket with an explicit clock: the burst
// passes, the next request waits for one token's worth of time.
func TestBucketsRefill(t *testing.T) {
	b := newBuckets(rate.Limit(2), 4)
	t0 := time.Unix(1_700_000_000, 0)
	for i := range 4 {
		if ok, _, _ := b.take("k", t0); !ok {
			t.Fatalf("request %d of the burst refused", i)
		}
	}
	ok, remaining, wait := b.take("k", t0)
	if ok || remaining != 0 || wait != 500*time.Millisecond {
		t.Fatalf("over the burst: ok=%v remaining=%d wait=%s", ok, remaining, wait)
	}
	if ok, _, _ := b.take("k", t0.Add(500*time.Millisecond)); !ok {
		t.Fatal("refused after the refill time")
	}
	if ok, _, _ := b.take("other", t0); !ok {
		t.Fatal("another caller is charged for the first")
	}
}

func TestDisabledClass(t *testing.T) {
	b := newBuckets(0, 0)
	if ok, remaining, _ := b.take("k", time.Now()); !ok || remaining != -1 {
		t.Fatal("a zero rate must disable limiting")
	}
}

// TestEvictionBoundsMemory: the bucket map never grows past bucketsMax.
func TestEvictionBoundsMemory(t *testing.T) {
	b := newBuckets(rate.Limit(1), 1)
	now := time.Unix(1_700_000_000, 0)
	for i := range bucketsMax + 10 {
		b.take(string(rune(i)), now)
	}
	if n := len(b.m); n > bucketsMax {
		t.Fatalf("%d buckets kept, limit %d", n, bucketsMax)
	}
}
