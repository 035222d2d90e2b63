package chainwatch

import "github.com/prometheus/client_golang/prometheus"

type metrics struct {
	commands *prometheus.CounterVec
	ignored  *prometheus.CounterVec
	reorgs   prometheus.Counter
	errors   prometheus.Counter
	raced    prometheus.Counter
	cursor   prometheus.Gauge
	head     prometheus.Gauge
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		commands: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "settler_chainwatch_commands_total",
			Help: "Commands the chain watcher appended to the log: wallet_deployed, deposit, withdrawal."}, []string{"kind"}),
		ignored: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "settler_chainwatch_ignored_total",
			Help: "Transfers that are no deposit or withdrawal, by reason (settlement, redemption, not_proxy, unknown_token, amount, self, malformed)."},
			[]string{"reason"}),
		reorgs: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_chainwatch_reorgs_total",
			Help: "Handled blocks found replaced: reorganisations deeper than the confirmations."}),
		errors: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_chainwatch_errors_total",
			Help: "Steps that failed (chain or NATS unavailable) and were retried."}),
		raced: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_chainwatch_raced_total",
			Help: "Steps another watcher (the other settler's) finished first; this one went on from its cursor."}),
		cursor: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_chainwatch_next_block",
			Help: "The next block the chain watcher handles."}),
		head: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_chainwatch_head_block",
			Help: "The chain's head as the watcher last saw it."}),
	}
	if reg != nil {
		reg.MustRegister(m.commands, m.ignored, m.reorgs, m.errors, m.raced, m.cursor, m.head)
	}
	return m
}
