package service

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/jsmetrics"
	"pred.dev/proto/runtime/streams"
)

// metrics are the engine's Prometheus series, on its own registry.
type metrics struct {
	reg      *prometheus.Registry
	commands prometheus.Counter
	batchMsg prometheus.Histogram
	batchCmd prometheus.Histogram
	applySec prometheus.Histogram
	lag      atomic.Uint64
	logLast  atomic.Uint64
	applied  atomic.Uint64 // commands applied by this process
}

func (m *metrics) commandsApplied() uint64 { return m.applied.Load() }

func newMetrics(s *Service) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.commands = prometheus.NewCounter(prometheus.CounterOpts{Name: "engine_commands_total",
		Help: "Commands applied."})
	m.batchMsg = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "engine_batch_messages",
		Help: "CMD messages per applied batch.", Buckets: prometheus.ExponentialBuckets(1, 2, 13)})
	m.batchCmd = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "engine_batch_commands",
		Help: "Commands per applied batch.", Buckets: prometheus.ExponentialBuckets(1, 4, 10)})
	m.applySec = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "engine_batch_apply_seconds",
		Help: "Time to apply, persist and publish one batch.", Buckets: prometheus.ExponentialBuckets(1e-5, 2, 18)})
	gauge := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f)
	}
	m.reg.MustRegister(m.commands, m.batchMsg, m.batchCmd, m.applySec,
		gauge("engine_applied_seq", "Last applied CMD stream sequence.", func() float64 { return float64(s.applied.Load()) }),
		gauge("engine_log_last_seq", "Last CMD stream sequence, polled.", func() float64 { return float64(m.logLast.Load()) }),
		gauge("engine_lag_messages", "CMD messages not applied yet, polled.", func() float64 { return float64(m.lag.Load()) }),
		gauge("engine_leader", "1 while this engine leads (publishes events and ticks), else 0.", func() float64 {
			if s.leading.Load() {
				return 1
			}
			return 0
		}),
		gauge("engine_evt_covered_seq", "CMD sequence the EVT stream covers up to, as a gated engine last saw.",
			func() float64 { return float64(s.evtCovered.Load()) }),
		gauge("engine_gate_held_seq", "CMD sequence a gated engine last held back until the EVT stream covered it.",
			func() float64 { return float64(s.heldBack.Load()) }),
		gauge("engine_resting_orders", "Orders resting in all books.", func() float64 { return float64(s.resting.Load()) }),
		gauge("engine_markets", "Markets.", func() float64 { return float64(s.markets.Load()) }),
		gauge("engine_pebble_disk_bytes", "Pebble disk usage.", func() float64 { return float64(s.db.Metrics().DiskSpaceUsage()) }),
		gauge("engine_pebble_read_amplification", "Pebble read amplification.", func() float64 { return float64(s.db.Metrics().ReadAmp()) }),
		gauge("engine_pebble_memtable_bytes", "Pebble memtable size.", func() float64 { return float64(s.db.Metrics().MemTable.Size) }),
		gauge("engine_pebble_compactions", "Pebble compactions so far.", func() float64 { return float64(s.db.Metrics().Compact.Count) }),
	)
	// nats-server exports no Prometheus metrics: the engines, of which
	// one always leads, report the streams' replicas and the cluster.
	if c, err := jsmetrics.New(s.cfg.Conn, journal.Streams()); err == nil {
		m.reg.MustRegister(c)
	}
	return m
}

func (m *metrics) batch(msgs, cmds int, took time.Duration) {
	m.applied.Add(uint64(cmds))
	m.commands.Add(float64(cmds))
	m.batchMsg.Observe(float64(msgs))
	m.batchCmd.Observe(float64(cmds))
	m.applySec.Observe(took.Seconds())
}

// lagPollInterval is how often the admin server reads the log's end.
const lagPollInterval = time.Second

// serveAdmin serves /metrics, /livez and /readyz (the runtime's admin
// server) until ctx ends, and polls the log's end for the lag meanwhile.
func (s *Service) serveAdmin(ctx context.Context) error {
	go s.pollLag(ctx)
	return daemon.Admin{Addr: s.cfg.AdminAddr, Registry: s.met.reg, Ready: s.ready}.Serve(ctx)
}

// ready says whether the engine can answer queries with current data.
func (s *Service) ready() error {
	if !s.cfg.Conn.IsConnected() {
		return errors.New("not connected to NATS")
	}
	if lag := s.met.lag.Load(); lag > s.cfg.ReadyLagMax {
		return fmt.Errorf("catching up: %d command messages behind", lag)
	}
	return nil
}

func (s *Service) pollLag(ctx context.Context) {
	t := time.NewTicker(lagPollInterval)
	defer t.Stop()
	for {
		if last, err := streams.LastSeq(ctx, s.js, journal.CommandStream); err == nil {
			s.met.logLast.Store(last)
			if applied := s.applied.Load(); last > applied {
				s.met.lag.Store(last - applied)
			} else {
				s.met.lag.Store(0)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
