package machine

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestIDSetMatchesMap drives the id set and a Go map with the same random
// ids, including repeats, the all-zero id and ids that share their first
// word, through several rounds of growth, and checks they always agree.
func TestIDSetMatchesMap(t *testing.T) {
	for _, seed := range []uint64{0, 1, 0xdeadbeef} {
		r := rand.New(rand.NewPCG(seed, 7))
		s := newIDSet(4, seed)
		ref := map[[16]byte]bool{}
		var seen [][16]byte
		for i := range 200_000 {
			var k [16]byte
			switch {
			case i%97 == 0:
				// all zero
			case len(seen) > 0 && i%5 == 0:
				k = seen[r.IntN(len(seen))]
			case len(seen) > 0 && i%7 == 0:
				k = seen[r.IntN(len(seen))]
				binary.LittleEndian.PutUint64(k[8:], r.Uint64())
			default:
				binary.LittleEndian.PutUint64(k[:8], r.Uint64())
				binary.LittleEndian.PutUint64(k[8:], r.Uint64())
			}
			if got, want := s.has(k), ref[k]; got != want {
				t.Fatalf("seed %d step %d: has(%x) = %v, want %v", seed, i, k, got, want)
			}
			if i%1000 == 999 {
				s.flush()
			}
			if !ref[k] {
				s.add(k)
				ref[k] = true
				seen = append(seen, k)
			}
			if s.n != len(ref) {
				t.Fatalf("seed %d step %d: %d ids, want %d", seed, i, s.n, len(ref))
			}
		}
		for k := range ref {
			if !s.has(k) {
				t.Fatalf("seed %d: lost %x", seed, k)
			}
		}
		if 2*s.n > len(s.cur) {
			t.Fatalf("table over half full: %d ids in %d slots", s.n, len(s.cur))
		}
	}
}

// TestIDSetFilter checks the filter's false-positive rate on fresh ids
// stays near its design point (2.5%) when the table is at its fullest.
func TestIDSetFilter(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := newIDSet(1<<16, 42)
	fresh := func() (k [16]byte) {
		binary.LittleEndian.PutUint64(k[:8], r.Uint64())
		binary.LittleEndian.PutUint64(k[8:], r.Uint64())
		return k
	}
	for s.old == nil && 2*(s.n+1) < len(s.cur) {
		s.add(fresh())
	}
	s.flush()
	hits := 0
	const probes = 200_000
	for range probes {
		if s.mayHave(s.bloom, keyOf(fresh())) {
			hits++
		}
	}
	if rate := float64(hits) / probes; rate > 0.04 {
		t.Fatalf("filter false-positive rate %.4f at %d ids in %d slots", rate, s.n, len(s.cur))
	} else {
		t.Logf("filter false-positive rate %.5f at %d ids", rate, s.n)
	}
}

// TestIDSetFilterCounterIDs checks ids built from counters, as tools and
// tests make them, spread over the filter as well as random ones.
func TestIDSetFilterCounterIDs(t *testing.T) {
	s := newIDSet(1<<16, 0)
	id := func(i uint64) (k [16]byte) {
		binary.BigEndian.PutUint64(k[:8], i)
		binary.BigEndian.PutUint64(k[8:], i*0x9e3779b97f4a7c15)
		return k
	}
	i := uint64(1)
	for ; s.old == nil && 2*(s.n+1) < len(s.cur); i++ {
		s.add(id(i))
	}
	hits := 0
	const probes = 100_000
	for j := range uint64(probes) {
		if s.mayHave(s.bloom, keyOf(id(i+j))) {
			hits++
		}
	}
	if rate := float64(hits) / probes; rate > 0.04 {
		t.Fatalf("filter false-positive rate %.4f for counter ids", rate)
	}
}
