package machine

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestIndexMatchesMap runs the index and a Go map through the same random
// puts, gets and deletes, with keys that share words and a small table that
// grows, and checks they always agree.
func TestIndexMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	x := newIndex(2, 99)
	ref := map[Hash]int32{}
	var keys []Hash
	key := func() (k Hash) {
		if len(keys) > 0 && r.IntN(3) == 0 {
			return keys[r.IntN(len(keys))]
		}
		binary.LittleEndian.PutUint64(k[:], r.Uint64()%64) // many near-equal keys
		binary.LittleEndian.PutUint64(k[24:], r.Uint64()%4)
		keys = append(keys, k)
		return k
	}
	for i := range 300_000 {
		k := key()
		switch r.IntN(3) {
		case 0:
			v := int32(i)
			x.put(&k, v)
			ref[k] = v
		case 1:
			x.del(&k)
			delete(ref, k)
		}
		got, ok := x.get(&k)
		want, wantOK := ref[k]
		if ok != wantOK || (ok && got != want) {
			t.Fatalf("step %d: get = %d,%v want %d,%v", i, got, ok, want, wantOK)
		}
		if x.n != len(ref) {
			t.Fatalf("step %d: %d entries, want %d", i, x.n, len(ref))
		}
	}
	for k, v := range ref {
		if got, ok := x.get(&k); !ok || got != v {
			t.Fatalf("lost %x", k[:8])
		}
	}
}
