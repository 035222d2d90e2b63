package machine

import (
	"encoding/binary"
	"math/bits"
)

// The engine's indexes sit on the path of every order (token, account,
// position, resting order), so they are built for it: open addressing with
// linear probing, at most half full, keys compared as machine words, no
// per-entry allocation. A Go map hashes and compares keys through generic
// code and costs several times more per lookup. Deleting shifts later
// entries of the probe chain back, so no tombstones accumulate under the
// churn of orders coming and going.
//
// There are two: index32 for keys that need all 32 bytes (token ids,
// addresses) and index16 for keys that fit in 16 (the first half of an
// order id, as unique as the whole for a hash; an account and asset pair).
// The resting-order index is the largest structure after the orders
// themselves, and half-size slots halve its memory. The two share their
// algorithm line for line; Go generics would make every key comparison and
// hash an indirect call on this path.
//
// Keys are mixed with a seed the shell picks at random, so a client cannot
// grind order ids or addresses into one probe chain. Where an entry sits
// never shows outside, so the seed is not part of the state.

// splitmix is the splitmix64 finalizer: every input bit reaches every
// output bit, so keys that differ in a byte or two still spread.
func splitmix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

func tableSize(capacity int) int {
	size := 16
	for size < 2*capacity {
		size *= 2
	}
	return size
}

// moves reports whether the entry at j, whose chain starts at h, may fill
// the hole at i: not if h lies cyclically in (i, j], where it must stay at
// or after its home.
func moves(i, j, h int) bool {
	return (j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)
}

type key32 [4]uint64

func hashKey(h *Hash) key32 {
	return key32{binary.LittleEndian.Uint64(h[0:]), binary.LittleEndian.Uint64(h[8:]),
		binary.LittleEndian.Uint64(h[16:]), binary.LittleEndian.Uint64(h[24:])}
}

// addrKey is the key of an address: its 20 bytes zero-padded to a Hash,
// read as words (hashKey of the padded copy, without the copy).
func addrKey(a Address) key32 {
	return key32{binary.LittleEndian.Uint64(a[0:]), binary.LittleEndian.Uint64(a[8:]),
		uint64(binary.LittleEndian.Uint32(a[16:])), 0}
}

type index32 struct {
	slots []slot32
	shift uint
	n     int
	seed  uint64
}

type slot32 struct {
	key  key32
	val  int32
	used bool
}

func newIndex32(capacity int, seed uint64) index32 {
	size := tableSize(capacity)
	return index32{slots: make([]slot32, size), shift: 64 - log2(size), seed: seed}
}

func (x *index32) home(k *key32) int {
	h := k[0] ^ bits.RotateLeft64(k[1], 16) ^ bits.RotateLeft64(k[2], 32) ^ bits.RotateLeft64(k[3], 48)
	return int(splitmix(h^x.seed) >> x.shift)
}

func (x *index32) lookup(k *key32) (int, bool) {
	mask := len(x.slots) - 1
	for i := x.home(k); ; i = (i + 1) & mask {
		s := &x.slots[i]
		if !s.used {
			return i, false
		}
		if s.key == *k {
			return i, true
		}
	}
}

func (x *index32) get(k key32) (int32, bool) {
	i, ok := x.lookup(&k)
	return x.slots[i].val, ok
}

func (x *index32) put(k key32, v int32) {
	i, ok := x.lookup(&k)
	x.slots[i] = slot32{key: k, val: v, used: true}
	if !ok {
		if x.n++; 2*x.n > len(x.slots) {
			old := x.slots
			x.slots = make([]slot32, 2*len(old))
			x.shift--
			for i := range old {
				if s := &old[i]; s.used {
					j, _ := x.lookup(&s.key)
					x.slots[j] = *s
				}
			}
		}
	}
}

type key16 [2]uint64

// idKey16 is the key of an order id: its first 16 bytes.
func idKey16(id *Hash) key16 {
	return key16{binary.LittleEndian.Uint64(id[:8]), binary.LittleEndian.Uint64(id[8:16])}
}

type index16 struct {
	slots []slot16
	shift uint
	n     int
	seed  uint64
}

type slot16 struct {
	key  key16
	val  int32
	used bool
}

func newIndex16(capacity int, seed uint64) index16 {
	size := tableSize(capacity)
	return index16{slots: make([]slot16, size), shift: 64 - log2(size), seed: seed}
}

func (x *index16) home(k *key16) int {
	return int(splitmix(k[0]^bits.RotateLeft64(k[1], 32)^x.seed) >> x.shift)
}

func (x *index16) lookup(k *key16) (int, bool) {
	mask := len(x.slots) - 1
	for i := x.home(k); ; i = (i + 1) & mask {
		s := &x.slots[i]
		if !s.used {
			return i, false
		}
		if s.key == *k {
			return i, true
		}
	}
}

func (x *index16) get(k key16) (int32, bool) {
	i, ok := x.lookup(&k)
	return x.slots[i].val, ok
}

func (x *index16) put(k key16, v int32) {
	i, ok := x.lookup(&k)
	x.slots[i] = slot16{key: k, val: v, used: true}
	if !ok {
		if x.n++; 2*x.n > len(x.slots) {
			old := x.slots
			x.slots = make([]slot16, 2*len(old))
			x.shift--
			for i := range old {
				if s := &old[i]; s.used {
					j, _ := x.lookup(&s.key)
					x.slots[j] = *s
				}
			}
		}
	}
}

// del removes a key and closes the gap behind it. Only resting orders are
// ever deleted, so only index16 has it.
func (x *index16) del(k key16) {
	i, ok := x.lookup(&k)
	if !ok {
		return
	}
	x.n--
	mask := len(x.slots) - 1
	for j := (i + 1) & mask; x.slots[j].used; j = (j + 1) & mask {
		if moves(i, j, x.home(&x.slots[j].key)) {
			x.slots[i] = x.slots[j]
			i = j
		}
	}
	x.slots[i] = slot16{}
}
