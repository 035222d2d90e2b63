package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/objstorage/objstorageprovider"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"
)

// A bulk load (Options.BulkLoad, a replay) does not write through Pebble
// batches. Each batch's writes go to a bulkRun; Commit sorts it, writes it
// as one sstable and ingests that into L0. A large Pebble batch would
// come to the same L0 table by a longer road: copied into the batch's
// buffer, sorted there by pointer through a buffer tens of megabytes wide
// (a sixth of a replay's CPU), then copied again into a memtable flush.
// Here the sort runs over compact entries that carry the keys' first
// bytes, on the commit goroutine, off the apply goroutine's path.
//
// What the database holds afterwards is what the batches would have left:
// within a run the last write of a key wins, as in a batch, and each
// ingested table lies above the ones before it, as later batches do.
// TestBulkLoadEqualsBatches holds the two paths to that.

// bulkRun is one batch's writes in a bulk load, in the order made.
type bulkRun struct {
	data []byte // each write's key, then its value
	// families holds the writes by their key's first byte, the record
	// kind (doc.go), so that each kind sorts on its own: a smaller sort,
	// and several kinds come already in order (descending, as the 'g'
	// and 't' listings are written), which the sort passes in one scan.
	families [256][]bulkEntry
}

// bulkEntry is one write. pre is the key's first bulkPrefixBytes,
// big-endian and zero-padded: that reaches past the wallet in the
// listings keyed by wallet ('w' addr ^seq id: 29 bytes), so almost every
// comparison ends there without reading data, which is tens of megabytes
// and far from the cache. off, where the key starts in data, is also the
// write's place in order.
type bulkEntry struct {
	pre  [bulkPrefixBytes / 8]uint64
	off  uint32
	klen uint32
	vlen uint32
	del  bool
}

const bulkPrefixBytes = 32

// bulkRunMaxBytes is the most one run may hold: entries address data
// with 32-bit offsets. Replay batches stay far below it (tens of
// megabytes).
const bulkRunMaxBytes = math.MaxUint32

// bulkTmpName is where Commit writes a run's table before ingesting it.
// It is not a name Pebble gives its own files, so Pebble leaves it alone;
// Open removes one a crash left behind.
const bulkTmpName = "bulk-run.tmp"

func (r *bulkRun) add(key, value []byte, del bool) error {
	if len(r.data)+len(key)+len(value) > bulkRunMaxBytes {
		return fmt.Errorf("store: a bulk batch exceeds %d bytes; commit more often", uint64(bulkRunMaxBytes))
	}
	if len(key) == 0 {
		return errors.New("store: a write with an empty key")
	}
	e := bulkEntry{off: uint32(len(r.data)), klen: uint32(len(key)), vlen: uint32(len(value)), del: del}
	var pad [bulkPrefixBytes]byte
	copy(pad[:], key)
	for i := range e.pre {
		e.pre[i] = binary.BigEndian.Uint64(pad[8*i:])
	}
	r.data = append(append(r.data, key...), value...)
	r.families[key[0]] = append(r.families[key[0]], e)
	return nil
}

func (r *bulkRun) key(e *bulkEntry) []byte { return r.data[e.off : e.off+e.klen] }

func (r *bulkRun) value(e *bulkEntry) []byte {
	return r.data[e.off+e.klen : e.off+e.klen+e.vlen]
}

func (r *bulkRun) size() int { return len(r.data) }

func (r *bulkRun) reset() {
	r.data = r.data[:0]
	for i := range r.families {
		r.families[i] = r.families[i][:0]
	}
}

func (r *bulkRun) empty() bool { return len(r.data) == 0 }

// compareKeys orders two entries' keys as bytes.Compare orders the keys.
// Padding makes "ab" and "ab\x00" share a prefix; past equal prefixes the
// keys themselves decide.
func (r *bulkRun) compareKeys(a, b *bulkEntry) int {
	for i := range a.pre {
		if c := cmp.Compare(a.pre[i], b.pre[i]); c != 0 {
			return c
		}
	}
	if a.klen <= bulkPrefixBytes && b.klen <= bulkPrefixBytes {
		return cmp.Compare(a.klen, b.klen)
	}
	return bytes.Compare(r.key(a), r.key(b))
}

// sort orders each kind's writes by key, and writes of one key in the
// order made.
func (r *bulkRun) sort() {
	for _, f := range r.families {
		slices.SortFunc(f, func(a, b bulkEntry) int {
			if c := r.compareKeys(&a, &b); c != 0 {
				return c
			}
			return cmp.Compare(a.off, b.off)
		})
	}
}

// write sorts the run and writes it to w: for each key, its last write.
func (r *bulkRun) write(w *sstable.Writer) error {
	r.sort()
	for _, f := range r.families {
		for i := range f {
			e := &f[i]
			if i+1 < len(f) && r.compareKeys(e, &f[i+1]) == 0 {
				continue // a later write of the same key wins
			}
			var err error
			if e.del {
				err = w.Delete(r.key(e))
			} else {
				err = w.Set(r.key(e), r.value(e))
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// ingest writes the run as one table and ingests it. A run with no
// writes ingests nothing.
func (db *DB) ingest(r *bulkRun) error {
	if r.empty() {
		return nil
	}
	path := filepath.Join(db.dir, bulkTmpName)
	f, err := vfs.Default.Create(path, vfs.WriteCategoryUnspecified)
	if err != nil {
		return err
	}
	w := sstable.NewWriter(objstorageprovider.NewFileWritable(f), db.bulkWriterOpts)
	if err := r.write(w); err != nil {
		_ = w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	if err := db.pdb.Ingest(context.Background(), []string{path}); err != nil {
		return err
	}
	// Ingest links the table into the database or moves it there; a
	// name left linked is spare.
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// takeRun returns an empty run, with room for a quarter more than the
// largest run so far (last is the run just sealed). There are
// bulkRunsMax runs, reused: when all are taken, the apply goroutine
// waits for the committer to give one back, so a replay's memory is
// bounded whatever the disk's pace. A run per batch (tens of megabytes)
// faulted in new pages, and growing one by doubling copied it again and
// again: the two took a third of the apply goroutine. Only the apply
// goroutine calls it.
func (db *DB) takeRun(last *bulkRun) *bulkRun {
	var r *bulkRun
	select {
	case r = <-db.bulkPool:
	default:
		if db.bulkRuns < bulkRunsMax {
			db.bulkRuns++
			r = &bulkRun{}
		} else {
			r = <-db.bulkPool
		}
	}
	if last != nil {
		db.bulkPeak = max(db.bulkPeak, len(last.data))
	}
	if n := db.bulkPeak; cap(r.data) < n {
		r.data = make([]byte, 0, n+n/4)
	}
	return r
}

// giveRun hands a run back for reuse: the committer's, for a batch
// committed or discarded, and Close's.
func (db *DB) giveRun(r *bulkRun) {
	r.reset()
	db.bulkPool <- r
}

// bulkRunsMax is how many runs a bulk load has: the apply goroutine fills
// one while the committer writes another, and the rest absorb the two
// stages' unevenness. At 3, the apply goroutine waited (a 5M-command
// replay 6% slower than with runs made without bound, alternated); at 5
// it measured no slower. A replay's runs then hold at most about 250 MB.
const bulkRunsMax = 5

// bulkWriterOptions are the tables a bulk load writes: L0's, as a
// flush would write them. (Uncompressed tables cost more than snappy
// saves: the replay wrote twice the bytes, and its system time rose.)
func bulkWriterOptions(po *pebble.Options, format sstable.TableFormat) sstable.WriterOptions {
	return po.MakeWriterOptions(0, format)
}
