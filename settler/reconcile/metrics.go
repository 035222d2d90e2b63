package reconcile

import (
	"math/big"

	"github.com/prometheus/client_golang/prometheus"
)

type metrics struct {
	runs        prometheus.Counter
	failed      prometheus.Counter
	differences prometheus.Gauge
	units       *prometheus.GaugeVec
	compared    prometheus.Gauge
	unsettled   prometheus.Gauge
	tradesRead  prometheus.Gauge
	block       prometheus.Gauge
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		runs: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_reconcile_runs_total",
			Help: "Reconciliation checks run."}),
		failed: prometheus.NewCounter(prometheus.CounterOpts{Name: "settler_reconcile_failed_total",
			Help: "Reconciliation checks that could not run (chain or engine unavailable)."}),
		differences: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_reconcile_differences",
			Help: "Wallet and asset pairs whose on-chain balance differs from the engine's ledger at the last check: 0 when they agree."}),
		units: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "settler_reconcile_difference_units",
			Help: "Sum of the absolute differences at the last check, in base units, by asset kind (usdw, token)."}, []string{"asset"}),
		compared: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_reconcile_wallets_compared",
			Help: "Proxy wallets compared in every asset at the last check."}),
		unsettled: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_reconcile_wallets_unsettled",
			Help: "Proxy wallets skipped at the last check because they have trades not final yet."}),
		tradesRead: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_reconcile_trades_read",
			Help: "Trades read from the engine at the last check to tell settled wallets from unsettled (each wallet's from its mark on)."}),
		block: prometheus.NewGauge(prometheus.GaugeOpts{Name: "settler_reconcile_block",
			Help: "The chain block the last check compared at."}),
	}
	if reg != nil {
		reg.MustRegister(m.runs, m.failed, m.differences, m.units, m.compared, m.unsettled, m.tradesRead, m.block)
	}
	return m
}

func (m *metrics) observe(r *Report) {
	m.runs.Inc()
	m.differences.Set(float64(len(r.Differences)))
	m.compared.Set(float64(r.Compared))
	m.unsettled.Set(float64(r.Unsettled))
	m.tradesRead.Set(float64(r.TradesRead))
	m.block.Set(float64(r.Block))
	sums := map[string]*big.Int{"usdw": new(big.Int), "token": new(big.Int)}
	for _, d := range r.Differences {
		c, _ := new(big.Int).SetString(d.Chain, 10)
		e, _ := new(big.Int).SetString(d.Engine, 10)
		kind := "token"
		if d.Token == "" {
			kind = "usdw"
		}
		sums[kind].Add(sums[kind], new(big.Int).Abs(c.Sub(c, e)))
	}
	for k, v := range sums {
		f, _ := new(big.Float).SetInt(v).Float64()
		m.units.WithLabelValues(k).Set(f)
	}
}
