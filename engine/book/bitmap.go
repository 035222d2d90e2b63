package book

import "math/bits"

// bitmap is a two-level set of price levels: one bit per level, and one
// summary bit per non-zero word, so that finding the next non-empty level
// touches at most a few words even at 10,000 levels.
type bitmap struct {
	words   []uint64
	summary []uint64
}

func newBitmap(n int32) bitmap {
	w := (int(n) + 63) / 64
	return bitmap{words: make([]uint64, w), summary: make([]uint64, (w+63)/64)}
}

func (b *bitmap) set(i int32) {
	w := i >> 6
	b.words[w] |= 1 << (uint(i) & 63)
	b.summary[w>>6] |= 1 << (uint(w) & 63)
}

func (b *bitmap) clear(i int32) {
	w := i >> 6
	b.words[w] &^= 1 << (uint(i) & 63)
	if b.words[w] == 0 {
		b.summary[w>>6] &^= 1 << (uint(w) & 63)
	}
}

// above returns the lowest set index strictly greater than i (i may be -1).
func (b *bitmap) above(i int32) (int32, bool) {
	i++
	w := i >> 6
	if int(w) >= len(b.words) {
		return 0, false
	}
	if m := b.words[w] >> (uint(i) & 63); m != 0 {
		return i + int32(bits.TrailingZeros64(m)), true
	}
	w2, ok := b.wordAbove(w)
	if !ok {
		return 0, false
	}
	return w2<<6 + int32(bits.TrailingZeros64(b.words[w2])), true
}

// below returns the highest set index strictly less than i.
func (b *bitmap) below(i int32) (int32, bool) {
	i--
	if i < 0 {
		return 0, false
	}
	w := i >> 6
	if m := b.words[w] << (63 - uint(i)&63); m != 0 {
		return i - int32(bits.LeadingZeros64(m)), true
	}
	w2, ok := b.wordBelow(w)
	if !ok {
		return 0, false
	}
	return w2<<6 + 63 - int32(bits.LeadingZeros64(b.words[w2])), true
}

// wordAbove returns the lowest non-zero word index greater than w.
func (b *bitmap) wordAbove(w int32) (int32, bool) {
	w++
	s := w >> 6
	if int(s) >= len(b.summary) {
		return 0, false
	}
	if m := b.summary[s] >> (uint(w) & 63); m != 0 {
		return w + int32(bits.TrailingZeros64(m)), true
	}
	for s++; int(s) < len(b.summary); s++ {
		if m := b.summary[s]; m != 0 {
			return s<<6 + int32(bits.TrailingZeros64(m)), true
		}
	}
	return 0, false
}

// wordBelow returns the highest non-zero word index less than w.
func (b *bitmap) wordBelow(w int32) (int32, bool) {
	w--
	if w < 0 {
		return 0, false
	}
	s := w >> 6
	if m := b.summary[s] << (63 - uint(w)&63); m != 0 {
		return w - int32(bits.LeadingZeros64(m)), true
	}
	for s--; s >= 0; s-- {
		if m := b.summary[s]; m != 0 {
			return s<<6 + 63 - int32(bits.LeadingZeros64(m)), true
		}
	}
	return 0, false
}
