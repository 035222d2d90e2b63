package machine

import (
	"encoding/binary"
	"math/bits"
)

// index maps 32-byte keys (order ids, token ids, and addresses padded with
// zeros) to int32 values. It sits on the path of every order: open
// addressing with linear probing, at most half full, compared word by word,
// it answers in a few nanoseconds where a Go map hashes and compares the key
// through generic code. Deleting shifts later entries of the probe chain
// back, so no tombstones accumulate under the churn of orders coming and
// going.
//
// Keys are mixed with a seed the shell picks at random, so a client cannot
// grind order ids or addresses into one probe chain. Where an entry sits
// never shows outside, so the seed is not part of the state.
type index struct {
	slots []indexSlot
	shift uint
	n     int
	seed  uint64
}

type indexSlot struct {
	key  [4]uint64
	val  int32
	used bool
}

func newIndex(capacity int, seed uint64) index {
	size := 16
	for size < 2*capacity {
		size *= 2
	}
	return index{slots: make([]indexSlot, size), shift: 64 - log2(size), seed: seed}
}

func words(k *Hash) [4]uint64 {
	return [4]uint64{binary.LittleEndian.Uint64(k[0:]), binary.LittleEndian.Uint64(k[8:]),
		binary.LittleEndian.Uint64(k[16:]), binary.LittleEndian.Uint64(k[24:])}
}

func (x *index) home(w *[4]uint64) int {
	h := w[0] ^ bits.RotateLeft64(w[1], 16) ^ bits.RotateLeft64(w[2], 32) ^ bits.RotateLeft64(w[3], 48) ^ x.seed
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return int((h ^ h>>31) >> x.shift)
}

// lookup returns the slot holding the key, or the empty slot ending its
// probe chain.
func (x *index) lookup(w *[4]uint64) (int, bool) {
	mask := len(x.slots) - 1
	for i := x.home(w); ; i = (i + 1) & mask {
		s := &x.slots[i]
		if !s.used {
			return i, false
		}
		if s.key == *w {
			return i, true
		}
	}
}

func (x *index) get(k *Hash) (int32, bool) {
	w := words(k)
	return x.getWords(&w)
}

func (x *index) getWords(w *[4]uint64) (int32, bool) {
	i, ok := x.lookup(w)
	return x.slots[i].val, ok
}

// put sets the value of a key.
func (x *index) put(k *Hash, v int32) {
	w := words(k)
	x.putWords(&w, v)
}

func (x *index) putWords(w *[4]uint64, v int32) {
	i, ok := x.lookup(w)
	x.slots[i] = indexSlot{key: *w, val: v, used: true}
	if !ok {
		x.n++
		if 2*x.n > len(x.slots) {
			x.grow()
		}
	}
}

// del removes a key and closes the gap: each later entry of the chain
// that may move back to the hole does, so lookups never need tombstones.
func (x *index) del(k *Hash) {
	w := words(k)
	i, ok := x.lookup(&w)
	if !ok {
		return
	}
	x.n--
	mask := len(x.slots) - 1
	for j := (i + 1) & mask; x.slots[j].used; j = (j + 1) & mask {
		h := x.home(&x.slots[j].key)
		// The entry at j may fill the hole at i unless its home lies
		// cyclically in (i, j]: then it must stay at or after its home.
		if (j > i && (h <= i || h > j)) || (j < i && h <= i && h > j) {
			x.slots[i] = x.slots[j]
			i = j
		}
	}
	x.slots[i] = indexSlot{}
}

func (x *index) grow() {
	old := x.slots
	x.slots = make([]indexSlot, 2*len(old))
	x.shift--
	for i := range old {
		if s := &old[i]; s.used {
			j, _ := x.lookup(&s.key)
			x.slots[j] = *s
		}
	}
}

func addrKey(a Address) (k Hash) {
	copy(k[:], a[:])
	return k
}
