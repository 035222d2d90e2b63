package settle

import (
	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/pb"
)

// metrics are the settler's Prometheus metrics.
type metrics struct {
	statuses    *prometheus.CounterVec
	failed      prometheus.Counter
	retries     prometheus.Counter
	reorgs      prometheus.Counter
	unsettled   prometheus.Counter
	cancelled   prometheus.Counter
	open        prometheus.Gauge
	cursor      prometheus.Gauge
	settlements prometheus.Counter
	switches    prometheus.Counter
	lagMined    prometheus.Histogram
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		statuses: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "settler_trade_status_total",
			Help: "Trade statuses the settler appended to the log, by status."}, []string{"status"}),
		failed: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_trades_failed_total",
			Help: "Trades that ended FAILED: matched by the engine, never settled on chain (a party moved funds around the exchange)."}),
		retries: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_retries_total",
			Help: "Settlements queued again after an attempt reverted, was dropped or refused."}),
		reorgs: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_reorgs_total",
			Help: "Settlement transactions found reorganized out: mined, then their block left the chain (the trades RETRYING until mined again)."}),
		unsettled: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_unsettleable_total",
			Help: "Settlements that could not be built (an order without its signed struct or with a wrong id): a bug."}),
		cancelled: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_wallets_cancelled_total",
			Help: "Wallets whose orders were cancelled because their funds were missing on chain when their trade failed."}),
		open: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_settlements_open",
			Help: "Settlements (matchOrders calls) not yet final."}),
		cursor: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_evt_cursor",
			Help: "The EVT sequence the settler has handled through."}),
		settlements: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_settlements_total",
			Help: "Settlements made from the event stream."}),
		switches: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_segment_param_switches_total",
			Help: "Changes of the segment parameters (matches, fills, gather window) taken, each at the first segment past its EVT sequence (a restart counts again those it re-reads)."}),
		lagMined: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "settler_matched_to_mined_seconds",
			Help:    "From the engine's match to the settler seeing its transaction mined.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2, 4, 8, 15, 30, 60, 120}}),
	}
	if reg != nil {
		reg.MustRegister(m.statuses, m.failed, m.retries, m.reorgs, m.unsettled, m.cancelled, m.open, m.cursor, m.settlements, m.switches, m.lagMined)
	}
	return m
}

func (m *metrics) status(s pb.TradeStatus, n int) {
	m.statuses.WithLabelValues(s.String()).Add(float64(n))
}
