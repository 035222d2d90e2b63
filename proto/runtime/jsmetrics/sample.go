package jsmetrics

import (
	"sort"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
)

// Sample collects c once and returns every gauge's and counter's value
// (histograms are left out) by its name and
// labels as the exposition format writes them, e.g.
// `pred_jetstream_stream_replicas_current{stream="CMD"}`: what a status
// table prints and what a test compares.
func Sample(c prometheus.Collector) (map[string]float64, error) {
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(c); err != nil {
		return nil, err
	}
	families, err := reg.Gather()
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			if m.GetGauge() == nil && m.GetCounter() == nil {
				continue
			}
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetName()+`="`+l.GetValue()+`"`)
			}
			sort.Strings(labels)
			key := f.GetName()
			if len(labels) > 0 {
				key += "{" + strings.Join(labels, ",") + "}"
			}
			out[key] = m.GetGauge().GetValue() + m.GetCounter().GetValue()
		}
	}
	return out, nil
}
