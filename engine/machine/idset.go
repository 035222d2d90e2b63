package machine

import (
	"encoding/binary"
	"math/bits"
)

// idSet holds every spent id: the hash of each order ever accepted and
// the id of each deposit, withdrawal and faucet credit. It is the one
// structure that grows with history rather than with open interest, and
// every order asks it a question, so it is built for that.
//
// The exact set is an open addressing table of 16-byte keys (the first half
// of the id, which for a hash is as unique as the whole), linear probing, at
// most half full. At a million ids it is tens of megabytes, so a probe is a
// cache and TLB miss. In front of it sits a blocked Bloom filter, four bits
// per table slot, small enough to stay in cache: a new id, the common case,
// is answered by one cache line of the filter. New ids wait in a short
// pending list and enter the table in bulk when the engine flushes (once per
// batch of commands), where independent inserts overlap their misses instead
// of stalling one command each. Only the rare filter hit (a duplicate, or
// a false positive for one fresh id in forty to four hundred) looks at the pending list and
// the table.
//
// Growing doubles the table and the filter, but moves the old entries a
// few at a time on later inserts, so no command pays for rehashing millions
// of ids.
//
// Where an id lands is a seeded mix of its bytes. Order ids are hashes a
// client can grind; with a seed the client does not know, it cannot aim ids
// at one probe chain or one filter block. The seed changes where ids sit,
// never which ids are in the set, so it is not part of the state.
type idSet struct {
	cur     []idSlot
	old     []idSlot // the table being moved out of while growing, else nil
	moved   int      // old slots already moved
	shift   uint     // 64 - log2(len(cur))
	n       int      // ids in the set, pending ones included
	hasZero bool     // the all-zero key, which marks empty slots
	seed    uint64

	bloom     []uint64 // answers has(); covers every id
	bloomNext []uint64 // the grown filter being filled while moving, else nil
	pending   []idSlot // added ids not yet in the table
}

type idSlot struct{ a, b uint64 }

const (
	// idMovesPerInsert old slots move per table insert while growing: the
	// old table has two slots per id and must be empty before the new one
	// is half full again, which leaves at least two inserts per slot pair.
	idMovesPerInsert = 4
	// idPendingMax bounds the pending list, and so the scan a filter hit
	// costs, when the engine flushes rarely (a replay in large batches).
	idPendingMax = 4096
	// bloomBlockWords is one cache line of filter; bloomBits bits of it are
	// set per id, each position taking 9 bits of a 64-bit hash. The filter
	// has four bits per table slot, so 8 to 16 per id: between one fresh id
	// in forty (table fullest) and one in four hundred goes on to the table,
	// an average cost of a nanosecond or two, and the filter stays in cache.
	bloomBlockWords   = 8
	bloomBits         = 6
	bloomSlotsPerWord = 16
)

func newIDSet(capacity int, seed uint64) idSet {
	size := bloomBlockWords * bloomSlotsPerWord // one filter block at least
	for size < 2*capacity {
		size *= 2
	}
	s := idSet{cur: make([]idSlot, size), seed: seed, bloom: make([]uint64, size/bloomSlotsPerWord),
		pending: make([]idSlot, 0, idPendingMax)}
	s.shift = 64 - log2(size)
	return s
}

func log2(n int) uint {
	var l uint
	for 1<<l < n {
		l++
	}
	return l
}

func keyOf(k [16]byte) idSlot {
	return idSlot{binary.LittleEndian.Uint64(k[:8]), binary.LittleEndian.Uint64(k[8:])}
}

// mix is the splitmix64 finalizer over both words and the seed: every key
// bit reaches every output bit, so even ids built from counters spread.
func (s *idSet) mix(k idSlot) uint64 {
	x := k.a ^ bits.RotateLeft64(k.b, 32) ^ s.seed
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func (s *idSet) home(k idSlot, shift uint) uint64 { return s.mix(k) >> shift }

// has reports whether id is in the set.
func (s *idSet) has(id [16]byte) bool {
	k := keyOf(id)
	if k == (idSlot{}) {
		return s.hasZero
	}
	if !s.mayHave(s.bloom, k) {
		return false
	}
	for _, p := range s.pending {
		if p == k {
			return true
		}
	}
	if _, found := s.find(s.cur, s.shift, k); found {
		return true
	}
	if s.old != nil {
		_, found := s.find(s.old, s.shift+1, k)
		return found
	}
	return false
}

// add inserts an id that is not in the set.
func (s *idSet) add(id [16]byte) {
	k := keyOf(id)
	s.n++
	if k == (idSlot{}) {
		s.hasZero = true
		return
	}
	s.setBloom(s.bloom, k)
	if s.bloomNext != nil {
		s.setBloom(s.bloomNext, k)
	}
	s.pending = append(s.pending, k)
	if 2*s.n >= len(s.cur) {
		s.grow()
	}
	if len(s.pending) >= idPendingMax {
		s.flush()
	}
}

// flush moves the pending ids into the table.
func (s *idSet) flush() {
	for _, k := range s.pending {
		i, _ := s.find(s.cur, s.shift, k)
		s.cur[i] = k
		if s.old != nil {
			s.move(idMovesPerInsert)
		}
	}
	s.pending = s.pending[:0]
}

// find returns the slot holding k or the empty slot where it would go.
func (s *idSet) find(t []idSlot, shift uint, k idSlot) (int, bool) {
	mask := len(t) - 1
	for i := int(s.home(k, shift)); ; i = (i + 1) & mask {
		switch t[i] {
		case k:
			return i, true
		case idSlot{}:
			return i, false
		}
	}
}

func (s *idSet) grow() {
	if s.old != nil {
		s.move(len(s.old))
	}
	s.flush()
	s.old = s.cur
	s.cur = make([]idSlot, 2*len(s.old))
	s.bloomNext = make([]uint64, len(s.cur)/bloomSlotsPerWord)
	s.shift--
	s.moved = 0
}

// move copies up to n slots of the old table into the new one and the
// grown filter. An id may sit in both tables for a while; lookups check
// both, so that is harmless. The ids added since growing began are already
// in the grown filter.
func (s *idSet) move(n int) {
	for ; n > 0 && s.moved < len(s.old); n-- {
		if k := s.old[s.moved]; k != (idSlot{}) {
			if i, found := s.find(s.cur, s.shift, k); !found {
				s.cur[i] = k
			}
			s.setBloom(s.bloomNext, k)
		}
		s.moved++
	}
	if s.moved == len(s.old) {
		s.old = nil
		s.bloom, s.bloomNext = s.bloomNext, nil
	}
}

// bloomMix spreads an id over a filter: a block from the low bits of the
// mixed key, and bloomBits bit positions of 9 bits each from a second,
// independent multiply of it.
func (s *idSet) bloomMix(f []uint64, k idSlot) (block []uint64, positions uint64) {
	x := s.mix(k)
	b := x & uint64(len(f)/bloomBlockWords-1)
	return f[b*bloomBlockWords : (b+1)*bloomBlockWords : (b+1)*bloomBlockWords], x * 0xc4ceb9fe1a85ec53
}

func (s *idSet) setBloom(f []uint64, k idSlot) {
	w, h := s.bloomMix(f, k)
	for range bloomBits {
		bit := h & 511
		w[bit>>6] |= 1 << (bit & 63)
		h >>= 9
	}
}

func (s *idSet) mayHave(f []uint64, k idSlot) bool {
	w, h := s.bloomMix(f, k)
	for range bloomBits {
		bit := h & 511
		if w[bit>>6]&(1<<(bit&63)) == 0 {
			return false
		}
		h >>= 9
	}
	return true
}
