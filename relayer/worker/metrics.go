package worker

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/client/relayerapi"
)

// Metrics are the worker's Prometheus metrics.
type Metrics struct {
	leader     prometheus.Gauge
	inflight   prometheus.Gauge
	held       prometheus.Gauge
	nonce      prometheus.Gauge
	head       prometheus.Gauge
	cursor     prometheus.Gauge
	states     *prometheus.CounterVec
	reprices   prometheus.Counter
	reorgs     prometheus.Counter
	sendErrors prometheus.Counter
	mined      prometheus.Histogram
}

// NewMetrics registers the worker's metrics in reg (none if nil).
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		leader: prometheus.NewGauge(prometheus.GaugeOpts{Name: "relayer_worker_leader",
			Help: "1 while this process's worker holds the lease and the hot key."}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{Name: "relayer_worker_in_flight",
			Help: "Hot-key transactions broadcast or recorded and not yet final."}),
		held: prometheus.NewGauge(prometheus.GaugeOpts{Name: "relayer_worker_held",
			Help: "Submissions waiting for their wallet's previous transaction."}),
		nonce: prometheus.NewGauge(prometheus.GaugeOpts{Name: "relayer_worker_next_nonce",
			Help: "The hot key's next nonce."}),
		head: prometheus.NewGauge(prometheus.GaugeOpts{Name: "relayer_worker_chain_head",
			Help: "The latest block the worker saw."}),
		cursor: prometheus.NewGauge(prometheus.GaugeOpts{Name: "relayer_worker_queue_cursor",
			Help: "Queue sequence below which every submission is decided."}),
		states: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "relayer_transactions_total",
			Help: "Transactions that reached a state, by state."}, []string{"state"}),
		reprices: prometheus.NewCounter(prometheus.CounterOpts{Name: "relayer_reprices_total",
			Help: "Stuck transactions replaced at a higher fee."}),
		reorgs: prometheus.NewCounter(prometheus.CounterOpts{Name: "relayer_reorgs_total",
			Help: "Mined transactions whose block left the chain (a reorganization): recorded EXECUTED again and followed until mined."}),
		sendErrors: prometheus.NewCounter(prometheus.CounterOpts{Name: "relayer_broadcast_errors_total",
			Help: "Broadcasts the node refused (sent again later)."}),
		mined: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "relayer_submit_to_mined_seconds",
			Help:    "Time from a submission's acceptance to the worker seeing it mined.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2, 4, 8, 15, 30, 60, 120}}),
	}
	if reg != nil {
		reg.MustRegister(m.leader, m.inflight, m.held, m.nonce, m.head, m.cursor, m.states, m.reprices, m.reorgs, m.sendErrors, m.mined)
	}
	return m
}

func (m *Metrics) state(s relayerapi.State) { m.states.WithLabelValues(string(s)).Inc() }

func (m *Metrics) observeMined(submitted, mined time.Time) {
	if !submitted.IsZero() {
		m.mined.Observe(mined.Sub(submitted).Seconds())
	}
}
