package wsfeed

import "github.com/prometheus/client_golang/prometheus"

// Metrics are a stream server's, registered as <prefix>_ws_*; channel
// labels are the service's channel names, so label sets stay bounded.
type Metrics struct {
	Connections   *prometheus.GaugeVec
	Refused       *prometheus.CounterVec
	Frames        *prometheus.CounterVec
	Bytes         *prometheus.CounterVec
	Closes        *prometheus.CounterVec
	SlowConsumers *prometheus.CounterVec
	// ResumeReplays and Gaps are counted by the channels: subscriptions
	// resumed from the log's history, and gaps sent.
	ResumeReplays *prometheus.CounterVec
	Gaps          *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer, prefix string) *Metrics {
	p := prefix + "_ws_"
	byChannel := []string{"channel"}
	m := &Metrics{
		Connections: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: p + "connections",
			Help: "Open stream connections, by channel."}, byChannel),
		Refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: p + "refused_total",
			Help: "Upgrades refused, by channel and error code."}, []string{"channel", "code"}),
		Frames: prometheus.NewCounterVec(prometheus.CounterOpts{Name: p + "frames_sent_total",
			Help: "Frames written to clients, by channel."}, byChannel),
		Bytes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: p + "bytes_sent_total",
			Help: "Bytes of frames written to clients, by channel."}, byChannel),
		Closes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: p + "closes_total",
			Help: "Connections the server closed, by channel and error code."}, []string{"channel", "code"}),
		SlowConsumers: prometheus.NewCounterVec(prometheus.CounterOpts{Name: p + "slow_consumer_closes_total",
			Help: "Connections closed because their send queue filled, by channel."}, byChannel),
		ResumeReplays: prometheus.NewCounterVec(prometheus.CounterOpts{Name: p + "resume_replays_total",
			Help: "Subscriptions resumed from a position (replayed from the log), by channel."}, byChannel),
		Gaps: prometheus.NewCounterVec(prometheus.CounterOpts{Name: p + "gaps_total",
			Help: "Gap messages sent (a resume from a position the server no longer replays), by channel."}, byChannel),
	}
	if reg != nil {
		reg.MustRegister(m.Connections, m.Refused, m.Frames, m.Bytes, m.Closes, m.SlowConsumers, m.ResumeReplays, m.Gaps)
	}
	return m
}
