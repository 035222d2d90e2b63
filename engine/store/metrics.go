package store

import (
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// writeStats count what the write path did since Open.
type writeStats struct {
	commands atomic.Int64
	batches  atomic.Int64
	keys     atomic.Int64
	bytes    atomic.Int64
}

func (s *writeStats) add(commands, keys, bytes int) {
	s.commands.Add(int64(commands))
	s.batches.Add(1)
	s.keys.Add(int64(keys))
	s.bytes.Add(int64(bytes))
}

// Stats are the store's own counters since Open.
type Stats struct {
	Commands int64
	Batches  int64
	// Keys counts sets and deletes written, Bytes the batches' encoded
	// size (in a bulk load, their keys' and values').
	Keys       int64
	Bytes      int64
	Stalls     int64
	StallTotal time.Duration
}

// Stats returns the write path's counters.
func (db *DB) Stats() Stats {
	return Stats{
		Commands:   db.stats.commands.Load(),
		Batches:    db.stats.batches.Load(),
		Keys:       db.stats.keys.Load(),
		Bytes:      db.stats.bytes.Load(),
		Stalls:     db.stalls.Load(),
		StallTotal: time.Duration(db.stallNanos.Load()),
	}
}

// Metrics returns Pebble's metrics, for diagnostics beyond the collector's.
func (db *DB) Metrics() *pebble.Metrics { return db.pdb.Metrics() }

// Collector returns a Prometheus collector of the store's counters and the
// Pebble figures that explain a slow engine: L0 shape and read
// amplification (stalls), memtables and compaction debt (write backlog),
// cache hit rate (query latency) and disk use.
func (db *DB) Collector() prometheus.Collector { return &collector{db: db} }

type collector struct{ db *DB }

func desc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc("pred_store_"+name, help, nil, nil)
}

var (
	descCommands   = desc("commands_total", "Commands recorded in committed batches.")
	descBatches    = desc("batches_total", "Batches committed.")
	descKeys       = desc("keys_written_total", "Keys set or deleted by committed batches.")
	descBytes      = desc("batch_bytes_total", "Encoded size of committed batches.")
	descStalls     = desc("write_stalls_total", "Times Pebble stopped writes.")
	descStallSecs  = desc("write_stall_seconds_total", "Time writes were stopped.")
	descL0Sub      = desc("l0_sublevels", "L0 sublevels; writes stop at the configured threshold.")
	descL0Files    = desc("l0_files", "Tables in L0.")
	descReadAmp    = desc("read_amplification", "Tables a point read may visit.")
	descMemTable   = desc("memtable_bytes", "Memory held by memtables.")
	descDebt       = desc("compaction_debt_bytes", "Estimated bytes compaction is behind.")
	descFlushes    = desc("flushes_total", "Memtable flushes.")
	descCompacts   = desc("compactions_total", "Compactions.")
	descCacheHits  = desc("block_cache_hits_total", "Block cache hits.")
	descCacheMiss  = desc("block_cache_misses_total", "Block cache misses.")
	descDisk       = desc("disk_bytes", "Disk space used by the database.")
	descWALWritten = desc("wal_bytes_written_total", "Bytes written to the write-ahead log.")
)

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descCommands, descBatches, descKeys, descBytes, descStalls,
		descStallSecs, descL0Sub, descL0Files, descReadAmp, descMemTable, descDebt, descFlushes,
		descCompacts, descCacheHits, descCacheMiss, descDisk, descWALWritten} {
		ch <- d
	}
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	s := c.db.Stats()
	m := c.db.pdb.Metrics()
	counter := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v)
	}
	gauge := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v)
	}
	counter(descCommands, float64(s.Commands))
	counter(descBatches, float64(s.Batches))
	counter(descKeys, float64(s.Keys))
	counter(descBytes, float64(s.Bytes))
	counter(descStalls, float64(s.Stalls))
	counter(descStallSecs, s.StallTotal.Seconds())
	gauge(descL0Sub, float64(m.Levels[0].Sublevels))
	gauge(descL0Files, float64(m.Levels[0].TablesCount))
	gauge(descReadAmp, float64(m.ReadAmp()))
	gauge(descMemTable, float64(m.MemTable.Size))
	gauge(descDebt, float64(m.Compact.EstimatedDebt))
	counter(descFlushes, float64(m.Flush.Count))
	counter(descCompacts, float64(m.Compact.Count))
	counter(descCacheHits, float64(m.BlockCache.Hits))
	counter(descCacheMiss, float64(m.BlockCache.Misses))
	gauge(descDisk, float64(m.DiskSpaceUsage()))
	counter(descWALWritten, float64(m.WAL.BytesWritten))
}
