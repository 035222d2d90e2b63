package machine

// seenList is the ids spent since the last Changes, kept as the seen
// records will hold them: 16 bytes each, seenChunkIDsMax to a chunk. A
// replay calls Changes once, at its end, so the list grows to every order
// of the log (160 MB for 10M orders). As one slice it grew by doubling,
// each step a copy of it all into fresh pages that the processor could
// not be interrupted in; in chunks it only ever adds one.
type seenList struct {
	chunks [][]byte
	n      int // ids in the list
}

// seenChunkBytes is one chunk: one seen record's value.
const seenChunkBytes = 16 * seenChunkIDsMax

func (l *seenList) add(id *Hash) {
	i := l.n / seenChunkIDsMax
	if i == len(l.chunks) {
		l.chunks = append(l.chunks, make([]byte, 0, seenChunkBytes))
	}
	l.chunks[i] = append(l.chunks[i], id[:16]...)
	l.n++
}

// reset empties the list. It keeps the first chunk, which is all a live
// batch needs, and lets the rest go.
func (l *seenList) reset() {
	if len(l.chunks) > 0 {
		l.chunks = append(l.chunks[:0], l.chunks[0][:0])
	}
	l.n = 0
}
