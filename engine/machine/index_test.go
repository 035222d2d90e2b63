package machine

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestIndexesMatchMap runs both indexes and a Go map through the same
// random puts, gets and deletes (deletes on index16 only), with keys that
// share words and tables that grow, and checks they always agree.
func TestIndexesMatchMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	x32, x16 := newIndex32(2, 99), newIndex16(2, 99)
	ref32, ref16 := map[Hash]int32{}, map[Hash]int32{}
	var keys []Hash
	key := func() (k Hash) {
		if len(keys) > 0 && r.IntN(3) == 0 {
			return keys[r.IntN(len(keys))]
		}
		binary.LittleEndian.PutUint64(k[:], r.Uint64()%64) // many near-equal keys
		binary.LittleEndian.PutUint64(k[8:], r.Uint64()%4)
		binary.LittleEndian.PutUint64(k[24:], r.Uint64()%4)
		keys = append(keys, k)
		return k
	}
	check := func(i int, k Hash, got int32, ok bool, ref map[Hash]int32, n int) {
		want, wantOK := ref[k]
		if ok != wantOK || (ok && got != want) || n != len(ref) {
			t.Fatalf("step %d: get = %d,%v want %d,%v; %d entries want %d", i, got, ok, want, wantOK, n, len(ref))
		}
	}
	for i := range 300_000 {
		k := key()
		k16 := k
		clear(k16[16:]) // index16 sees only the first half
		switch r.IntN(3) {
		case 0:
			x32.put(hashKey(&k), int32(i))
			ref32[k] = int32(i)
			x16.put(idKey16(&k16), int32(i))
			ref16[k16] = int32(i)
		case 1:
			x16.del(idKey16(&k16))
			delete(ref16, k16)
		}
		got, ok := x32.get(hashKey(&k))
		check(i, k, got, ok, ref32, x32.n)
		got, ok = x16.get(idKey16(&k16))
		check(i, k16, got, ok, ref16, x16.n)
	}
}

// TestOrderNodeSize checks that a pooled order fills exactly three cache
// lines with its 8 bytes of queue links, so the hot first line of every
// slot starts on a line boundary.
func TestOrderNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(order{}) + 8; got != 192 {
		t.Fatalf("pool node is %d bytes, want 192: adjust orderPad", got)
	}
	if off := unsafe.Offsetof(order{}.id) + 8; off != 64 {
		t.Fatalf("order id at node offset %d, want 64 (start of the second line)", off)
	}
}
