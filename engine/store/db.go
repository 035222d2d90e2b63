package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/sstable"
	"go.uber.org/zap"
)

// Options configure Open. The zero value is usable.
type Options struct {
	// Logger receives the store's and Pebble's messages; nil discards them.
	Logger *zap.Logger
	// MemTableSize is the size of one Pebble memtable. Batches of a
	// thousand commands run to about a megabyte, and a small memtable
	// turns a replay into a stream of tiny flushes and L0 stalls.
	MemTableSize uint64
	// CacheSize is Pebble's block cache, which serves queries.
	CacheSize int64
	// DisableWAL turns Pebble's write-ahead log off. The engine can: its
	// command log is the write-ahead log, and the applied position is
	// written in the same batch as the state, so a crash leaves the
	// database consistent at an older batch and the engine replays the
	// rest. It saves writing every record twice, and the fsyncs of the
	// log's checkpoints, on the disk the command log fsyncs on. A sync
	// commit then starts a memtable flush instead of syncing a log.
	DisableWAL bool
	// BulkLoad is for a replay: each batch is sorted and ingested as a
	// table of its own, not written through a Pebble batch (bulk.go), and
	// automatic compactions are off, so the whole disk bandwidth goes to
	// the load and L0 may grow without stalling it. Only a database that
	// no one queries should be opened this way; let the next open
	// (without BulkLoad) compact in the background.
	BulkLoad bool
}

const (
	// memTableDefaultBytes follows the measurements in perf-anchors §5.2:
	// 64 MiB memtables more than tripled batched write throughput.
	memTableDefaultBytes = 64 << 20
	cacheDefaultBytes    = 256 << 20
	// memTableStopWrites is how many full memtables may queue for flushing
	// before writes stop; a replay writes faster than one flush drains.
	memTableStopWrites = 4
	// l0StopWritesSublevels is raised from Pebble's default of 12 so that
	// a burst of flushes during replay queues compactions instead of
	// stalling the apply goroutine; compactions start at Pebble's default.
	l0CompactionSublevels = 4
	l0StopWritesSublevels = 24
	// l0StopWritesBulk stands for "never": with compactions off during a
	// bulk load, L0 only grows until the next open compacts it.
	l0StopWritesBulk = 1 << 20
	// batchRetainBytes lets the one reused batch keep its buffer between
	// commits: a batch of a thousand commands is about a megabyte, above
	// Pebble's default retention.
	batchRetainBytes = 32 << 20
	// batchSizeHintMaxBytes bounds the buffer a new batch starts with (the
	// last batch's size), so that one huge batch does not make every
	// later one reserve as much.
	batchSizeHintMaxBytes = 128 << 20
)

// DB is the engine's database. Queries may run on any goroutine; the write
// path (NewBatch and the Batch) belongs to the one goroutine that applies
// commands.
type DB struct {
	pdb         *pebble.DB
	log         *zap.Logger
	walDisabled bool

	// dir is the database's directory. bulk says it was opened with
	// BulkLoad: batches are ingested as tables (bulk.go).
	dir            string
	bulk           bool
	bulkPool       chan *bulkRun
	bulkRuns       int // runs made; only the apply goroutine makes them
	bulkPeak       int // the largest run's data
	bulkWriterOpts sstable.WriterOptions

	// pos is the committed log position and counters; only the write
	// path changes it, after a successful commit.
	pos applied

	closed     atomic.Bool
	stalls     atomic.Int64
	stallNanos atomic.Int64
	stallStart atomic.Int64
	stats      writeStats
}

// Open opens (creating if needed) the database in dir.
func Open(dir string, opts Options) (*DB, error) {
	log := opts.Logger
	if log == nil {
		log = zap.NewNop()
	}
	db := &DB{log: log.Named("store"), dir: dir, bulk: opts.BulkLoad}
	po := &pebble.Options{
		Logger:                      pebbleLogger{db.log.Named("pebble").Sugar()},
		MemTableSize:                orDefault(opts.MemTableSize, memTableDefaultBytes),
		MemTableStopWritesThreshold: memTableStopWrites,
		L0CompactionThreshold:       l0CompactionSublevels,
		L0StopWritesThreshold:       l0StopWritesSublevels,
		FormatMajorVersion:          pebble.FormatNewest,
		EventListener:               db.eventListener(),
		DisableWAL:                  opts.DisableWAL,
	}

	if opts.BulkLoad {
		po.DisableAutomaticCompactions = true
		po.L0StopWritesThreshold = l0StopWritesBulk
		db.bulkPool = make(chan *bulkRun, bulkRunsMax)
	}
	po.EnsureDefaults() // the bulk load's table options are read from it
	db.walDisabled = opts.DisableWAL
	cache := pebble.NewCache(int64(orDefault(uint64(opts.CacheSize), cacheDefaultBytes)))
	defer cache.Unref()
	po.Cache = cache
	pdb, err := pebble.Open(dir, po)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", dir, err)
	}
	db.pdb = pdb
	db.bulkWriterOpts = bulkWriterOptions(po, pdb.TableFormat())
	if err := os.Remove(filepath.Join(dir, bulkTmpName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		_ = pdb.Close()
		return nil, fmt.Errorf("store: remove a bulk load's leftover table: %w", err)
	}
	if err := db.loadApplied(); err != nil {
		_ = pdb.Close()
		return nil, err
	}
	db.log.Info("opened", zap.String("dir", dir), zap.Uint64("applied_seq", db.pos.seq),
		zap.Int64("applied_time_ms", db.pos.timeMs))
	return db, nil
}

func orDefault(v, def uint64) uint64 {
	if v == 0 {
		return def
	}
	return v
}

// Close closes the database; closing it again does nothing. Pebble's
// close writes out commits that were not synced.
func (db *DB) Close() error {
	if db.closed.Swap(true) {
		return nil
	}
	if db.walDisabled {
		// Without a log, whatever is still in memtables would be lost.
		if err := db.pdb.Flush(); err != nil {
			return fmt.Errorf("store: flush before close: %w", err)
		}
	}
	if err := db.pdb.Close(); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

func (db *DB) loadApplied() error {
	v, closer, err := db.pdb.Get(appliedKey)
	if errors.Is(err, pebble.ErrNotFound) {
		db.pos = applied{nextTransfer: 1}
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: read applied position: %w", err)
	}
	defer closer.Close()
	return decodeApplied(v, &db.pos)
}

// Applied returns the last CMD stream sequence whose effects are stored and
// the time SetApplied gave with it; 0 for a new database. Restart applies
// the log from seq+1.
func (db *DB) Applied() (seq uint64, timeMs int64, err error) {
	v, closer, err := db.pdb.Get(appliedKey)
	if errors.Is(err, pebble.ErrNotFound) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: read applied position: %w", err)
	}
	defer closer.Close()
	var a applied
	if err := decodeApplied(v, &a); err != nil {
		return 0, 0, err
	}
	return a.seq, a.timeMs, nil
}

// LoadState calls fn with every core state record in key order, the key
// without the store's prefix: feed them to machine.Load.
func (db *DB) LoadState(fn func(key, value []byte) error) error {
	lo := []byte{pState}
	it, err := db.pdb.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: prefixEnd(lo)})
	if err != nil {
		return fmt.Errorf("store: load state: %w", err)
	}
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		if err := fn(it.Key()[1:], it.Value()); err != nil {
			_ = it.Close()
			return fmt.Errorf("store: load state record %d: %w", n, err)
		}
		n++
	}
	if err := it.Close(); err != nil {
		return fmt.Errorf("store: load state: %w", err)
	}
	db.log.Info("state loaded", zap.Int("records", n))
	return nil
}

// Flush writes the memtables to disk. A bulk load calls it at its end,
// so that its time is the load's rather than the next Close's.
func (db *DB) Flush() error {
	if err := db.pdb.Flush(); err != nil {
		return fmt.Errorf("store: flush: %w", err)
	}
	return nil
}

// pebbleLogger sends Pebble's messages to zap. Pebble reports routine
// progress (WAL recovery, "Found 0 WALs") at info level, which is debug
// level for the engine.
type pebbleLogger struct{ s *zap.SugaredLogger }

func (l pebbleLogger) Infof(format string, args ...any)  { l.s.Debugf(format, args...) }
func (l pebbleLogger) Errorf(format string, args ...any) { l.s.Errorf(format, args...) }
func (l pebbleLogger) Fatalf(format string, args ...any) { l.s.Fatalf(format, args...) }

// eventListener logs what an operator should see: background errors and
// write stalls, which block the apply goroutine and so the whole engine.
func (db *DB) eventListener() *pebble.EventListener {
	return &pebble.EventListener{
		BackgroundError: func(err error) {
			db.log.Error("pebble background error", zap.Error(err))
		},
		WriteStallBegin: func(info pebble.WriteStallBeginInfo) {
			db.stalls.Add(1)
			db.stallStart.Store(time.Now().UnixNano())
			db.log.Warn("write stall", zap.String("reason", info.Reason))
		},
		WriteStallEnd: func() {
			d := time.Now().UnixNano() - db.stallStart.Load()
			db.stallNanos.Add(d)
			db.log.Warn("write stall over", zap.Duration("took", time.Duration(d)))
		},
		DiskSlow: func(info pebble.DiskSlowInfo) {
			db.log.Warn("slow disk", zap.String("path", info.Path), zap.Duration("took", info.Duration))
		},
	}
}
