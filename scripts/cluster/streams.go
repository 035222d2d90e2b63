package cluster

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/runtime/jsmetrics"
)

// Stream is one JetStream stream (a KV bucket is the stream KV_<name>)
// with its replica count, its leader and its replicas' state.
type Stream struct {
	Name     string
	Replicas int
	Leader   string
	// Current counts the replicas (the leader included) that are current
	// with the leader.
	Current int
	Msgs    uint64
}

// Streams lists every stream of the cluster, sorted by name.
func (c *Cluster) Streams(ctx context.Context) ([]Stream, error) {
	ctx, cancel := context.WithTimeout(ctx, statusTimeout)
	defer cancel()
	nc, err := nats.Connect(c.Config.nats().URL(), nats.Name("cluster-streams"), nats.Timeout(time.Second))
	if err != nil {
		return nil, err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	var out []Stream
	l := js.ListStreams(ctx)
	for info := range l.Info() {
		s := Stream{Name: info.Config.Name, Replicas: info.Config.Replicas, Msgs: info.State.Msgs,
			Current: jsmetrics.CurrentReplicas(info)}
		if cl := info.Cluster; cl != nil {
			s.Leader = cl.Leader
		}
		out = append(out, s)
	}
	if err := l.Err(); err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// PrintStreams writes the streams as a table.
func PrintStreams(w io.Writer, streams []Stream) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STREAM\tREPLICAS\tCURRENT\tLEADER\tMESSAGES")
	for _, s := range streams {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%d\n", s.Name, s.Replicas, s.Current, s.Leader, s.Msgs)
	}
	return tw.Flush()
}

// UnderReplicated names the streams with fewer than want replicas
// configured or current.
func UnderReplicated(streams []Stream, want int) string {
	var bad []string
	for _, s := range streams {
		if s.Replicas < want || s.Current < want {
			bad = append(bad, fmt.Sprintf("%s (R%d, %d current)", s.Name, s.Replicas, s.Current))
		}
	}
	return strings.Join(bad, ", ")
}
