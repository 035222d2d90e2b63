// Package jsmetrics exports the health of the exchange's JetStream
// streams and of the cluster that holds them as Prometheus gauges.
// nats-server serves no Prometheus metrics of its own, and its monitoring
// endpoint needs a port and the system account; a JetStream client sees
// enough through the JetStream API: each stream's configured replicas,
// which of them are current, offline or lagging, its last sequence, and
// whether the cluster's meta leader answers.
//
// The engine registers a Collector on its admin registry, so whichever
// engines run (a leader is always among them) report the cluster; every
// scrape asks the servers afresh.
package jsmetrics

import (
	"context"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
)

// requestTimeout bounds each JetStream request of a scrape. The
// requests run side by side, so a scrape takes at most this long
// (Prometheus' own scrape timeout defaults to 10 s) and a stream whose
// leader does not answer, or a cluster without a meta leader, costs no
// other stream its gauges.
const requestTimeout = 2 * time.Second

// Collector reads stream and cluster state on every scrape.
type Collector struct {
	js      jetstream.JetStream
	streams []string
}

// New returns a collector of the named streams (key-value buckets by the
// names of their streams, as pred.dev/proto/journal.Streams lists them).
func New(nc *nats.Conn, streams []string) (*Collector, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	return &Collector{js: js, streams: streams}, nil
}

func desc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc("pred_jetstream_"+name, help, labels, nil)
}

var (
	descMeta = desc("meta_leader_known",
		"1 when the JetStream meta leader answered the last scrape (it alone answers account info), else 0: without it no stream can be created or changed.")
	descInfo = desc("stream_info_ok",
		"1 when the stream's leader answered with its info, else 0 (stream missing, or no leader).", "stream")
	descConfigured = desc("stream_replicas_configured",
		"Replicas the stream is configured with.", "stream")
	descCurrent = desc("stream_replicas_current",
		"Replicas of the stream up to date: its leader and the followers that are current and online.", "stream")
	descLastSeq = desc("stream_last_seq",
		"Last sequence of the stream, as its leader reports it.", "stream")
	descLag = desc("stream_replica_lag_operations",
		"Raft operations a follower of the stream is behind its leader.", "stream", "peer")
	descOffline = desc("peer_offline",
		"1 when a stream's leader reports the server offline or has not heard from it for 5 s, else 0.", "peer")
	descPeersOffline = desc("peers_offline",
		"Servers some stream's leader reports offline.")
)

// Describe sends the descriptors of every series the collector exports.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descMeta, descInfo, descConfigured, descCurrent, descLastSeq,
		descLag, descOffline, descPeersOffline} {
		ch <- d
	}
}

// Collect asks the cluster and sends the gauges.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	var meta error
	infos := make([]*jetstream.StreamInfo, len(c.streams))
	var wg sync.WaitGroup
	wg.Go(func() {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		_, meta = c.js.AccountInfo(ctx)
	})
	for i, name := range c.streams {
		wg.Go(func() { infos[i] = c.info(name) })
	}
	wg.Wait()
	gauge(descMeta, bit(meta == nil))
	peers := peerSet{}
	for i, name := range c.streams {
		info := infos[i]
		gauge(descInfo, bit(info != nil), name)
		if info == nil {
			continue
		}
		r := replicasOf(info)
		gauge(descConfigured, float64(info.Config.Replicas), name)
		gauge(descCurrent, float64(r.current), name)
		gauge(descLastSeq, float64(info.State.LastSeq), name)
		for _, f := range r.followers {
			gauge(descLag, float64(f.Lag), name, f.Name)
		}
		peers.add(r)
	}
	for name, offline := range peers {
		gauge(descOffline, bit(offline), name)
	}
	gauge(descPeersOffline, float64(peers.offline()))
}

// info is the stream's info from its leader, nil when it does not answer
// or the stream does not exist.
func (c *Collector) info(name string) *jetstream.StreamInfo {
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	st, err := c.js.Stream(ctx, name)
	if err != nil {
		return nil
	}
	return st.CachedInfo()
}
func bit(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
