package store

import (
	"encoding/binary"
)

// listing walks one newest-first index: keys are prefix, ^seq, then
// anything. It resumes at a cursor and stops at a page's limit, at
// PageScanMax entries examined, or when visit says the rest cannot match.
type listing struct {
	prefix []byte
	// cursor is the sequence to resume at (inclusive), 0 for the start.
	cursor uint64
	// minSeq, when set, ends the listing at that sequence (inclusive).
	minSeq uint64
	limit  int
}

// visit examines one entry: it reports whether the entry went into the
// page, and stop when no older entry can match either.
type visitFn func(seq uint64, key, value []byte) (taken, stop bool, err error)

// run walks the listing and returns the cursor of the next page, empty at
// the end.
func (q *reader) run(l listing, visit visitFn) (string, error) {
	var hi []byte
	if l.minSeq > 0 {
		hi = prefixEnd(binary.BigEndian.AppendUint64(append([]byte(nil), l.prefix...), ^l.minSeq))
	}
	it, err := q.iter(l.prefix, hi)
	if err != nil {
		return "", err
	}
	start := l.prefix
	if l.cursor > 0 {
		start = binary.BigEndian.AppendUint64(append([]byte(nil), l.prefix...), ^l.cursor)
	}
	taken, examined, next := 0, 0, ""
	for ok := it.SeekGE(start); ok; ok = it.Next() {
		key := it.Key()
		seq := ^binary.BigEndian.Uint64(key[len(l.prefix):])
		if taken == l.limit || examined == PageScanMax {
			next = encodeCursor(seq)
			break
		}
		examined++
		took, stop, err := visit(seq, key, it.Value())
		if err != nil {
			_ = it.Close()
			return "", err
		}
		if took {
			taken++
		}
		if stop {
			break
		}
	}
	return next, it.Close()
}
