package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/scripts/internal/proc"
)

// Bounds of the NATS cluster's waits.
const (
	// NATSReadyMax bounds the wait for the nodes to answer /healthz and
	// agree on a JetStream meta leader.
	NATSReadyMax = 60 * time.Second
	// natsStopMax is how long a node has to stop after SIGTERM.
	natsStopMax = 10 * time.Second
	// natsPoll spaces the looks at a starting node.
	natsPoll = 50 * time.Millisecond
	// monitorTimeout bounds one request to a node's monitoring port.
	monitorTimeout = 2 * time.Second
)

// natsDirName holds each node's store and configuration under the data dir.
const natsDirName = "nats"

// DefaultNATSNodes are the cluster's three nodes on their fixed ports:
// clients on 4222 (the README's NATS address), 4223 and 4224.
func DefaultNATSNodes() []NATSNode {
	out := make([]NATSNode, 3)
	for i := range out {
		out[i] = NATSNode{Name: fmt.Sprintf("nats-%d", i+1), ClientPort: 4222 + i, RoutePort: 6222 + i, MonitorPort: 8222 + i}
	}
	return out
}

// FreeNATSNodes are n nodes on ports that were free a moment ago, for
// tests that run beside others.
func FreeNATSNodes(n int) ([]NATSNode, error) {
	out := make([]NATSNode, n)
	for i := range out {
		ports := make([]int, 3)
		for j := range ports {
			p, err := proc.FreePort()
			if err != nil {
				return nil, err
			}
			ports[j] = p
		}
		out[i] = NATSNode{Name: fmt.Sprintf("nats-%d", i+1), ClientPort: ports[0], RoutePort: ports[1], MonitorPort: ports[2]}
	}
	return out, nil
}

// StartFreeNATS starts n nodes of ./bin's nats-server in one cluster on
// free ports, with their data in dir: the cluster tests and benchmarks
// run beside others. On an error nothing it started keeps running.
func StartFreeNATS(ctx context.Context, dir string, n int) (*NATS, error) {
	bin, err := Binary("nats-server")
	if err != nil {
		return nil, err
	}
	nodes, err := FreeNATSNodes(n)
	if err != nil {
		return nil, err
	}
	c := &NATS{Bin: bin, Dir: dir, Nodes: nodes}
	if err := c.Start(ctx); err != nil {
		return nil, errors.Join(err, c.Stop())
	}
	return c, nil
}

// NATS is a cluster of nats-server processes with JetStream on loopback.
type NATS struct {
	// Bin is the nats-server binary (./bin/nats-server, which make
	// builds at the go.mod's version).
	Bin string
	// Dir is the data dir: each node's store and configuration in
	// nats/<name>/, its pid file and its log beside the others'.
	Dir   string
	Nodes []NATSNode
}

// URL is the cluster's client URL, every node's: a client fails over to
// another node when its own goes.
func (c *NATS) URL() string {
	urls := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		urls[i] = n.ClientURL()
	}
	return strings.Join(urls, ",")
}

// Proc is node i's process.
func (c *NATS) Proc(i int) Proc { return Proc{Name: c.Nodes[i].Name, Dir: c.Dir} }

// Start starts every node that is not running and returns once all
// answer and JetStream has a meta leader.
func (c *NATS) Start(ctx context.Context) error {
	if len(c.Nodes) == 0 {
		return errors.New("cluster: NATS has no nodes")
	}
	for i := range c.Nodes {
		if c.Proc(i).Running() {
			continue
		}
		if err := c.StartNode(i); err != nil {
			return err
		}
	}
	return c.WaitReady(ctx)
}

// StartNode writes node i's configuration and starts it; it does not
// wait (a lone node of three is not ready until another joins).
func (c *NATS) StartNode(i int) error {
	n := c.Nodes[i]
	dir := filepath.Join(c.Dir, natsDirName, n.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	store, err := filepath.Abs(filepath.Join(dir, "jetstream"))
	if err != nil {
		return err
	}
	conf := filepath.Join(dir, "nats-server.conf")
	if err := os.WriteFile(conf, []byte(natsConf(n, c.Nodes, store)), 0o644); err != nil {
		return err
	}
	if n.Netns != "" {
		return c.Proc(i).startIn(n.Netns, exec.Command(c.Bin, "-c", conf))
	}
	return c.Proc(i).Start(exec.Command(c.Bin, "-c", conf))
}

// KillNode kills node i with SIGKILL: what the cluster must survive.
func (c *NATS) KillNode(i int) error { return c.Proc(i).Kill(natsStopMax) }

// RestartNode starts node i again (after KillNode) and waits until the
// cluster is whole.
func (c *NATS) RestartNode(ctx context.Context, i int) error {
	if err := c.StartNode(i); err != nil {
		return err
	}
	return c.WaitReady(ctx)
}

// Stop stops every node: SIGTERM, then SIGKILL after a bound.
func (c *NATS) Stop() error {
	var errs []error
	for i := range c.Nodes {
		if _, err := c.Proc(i).Stop(natsStopMax); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// WaitReady returns once every running node's /healthz is ok and the
// JetStream meta group has a leader, or fails with the log of a node
// that exited.
func (c *NATS) WaitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, NATSReadyMax)
	defer cancel()
	for {
		err := c.ready(ctx)
		if err == nil {
			return nil
		}
		for i := range c.Nodes {
			if p := c.Proc(i); !p.Running() {
				return fmt.Errorf("cluster: %s is not running; its log ends:\n%s", p.Name, p.logTail(20))
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: NATS not ready within %s: %w", NATSReadyMax, err)
		case <-time.After(natsPoll):
		}
	}
}

// Healthy reports why the cluster is not whole: a node that does not
// answer healthy, or JetStream without a meta leader; nil when it is.
func (c *NATS) Healthy(ctx context.Context) error { return c.ready(ctx) }

func (c *NATS) ready(ctx context.Context) error {
	for _, n := range c.Nodes {
		if err := getJSON(ctx, n.MonitorURL()+"/healthz", nil); err != nil {
			return fmt.Errorf("%s: %w", n.Name, err)
		}
	}
	leader, err := c.MetaLeader(ctx)
	if err == nil && leader == "" {
		err = errors.New("no JetStream meta leader yet")
	}
	return err
}

// MetaLeader is the name of the node that leads JetStream's meta group
// (where streams are created and placed), as the first node that answers
// reports it; "" if none leads.
func (c *NATS) MetaLeader(ctx context.Context) (string, error) {
	var errs []error
	for _, n := range c.Nodes {
		var jsz struct {
			Meta *struct {
				Leader string `json:"leader"`
			} `json:"meta_cluster"`
		}
		if err := getJSON(ctx, n.MonitorURL()+"/jsz", &jsz); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", n.Name, err))
			continue
		}
		if jsz.Meta == nil {
			return "", nil
		}
		return jsz.Meta.Leader, nil
	}
	return "", errors.Join(errs...)
}

// StreamLeader is the name of the node that leads stream's Raft group
// (every write goes through it), from JetStream's stream info over nc.
func StreamLeader(ctx context.Context, nc *nats.Conn, stream string) (string, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return "", err
	}
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return "", fmt.Errorf("cluster: stream %s: %w", stream, err)
	}
	info := s.CachedInfo()
	if info.Cluster == nil || info.Cluster.Leader == "" {
		return "", fmt.Errorf("cluster: stream %s has no leader", stream)
	}
	return info.Cluster.Leader, nil
}

// NodeIndex is the index of the node named name, -1 if none is.
func (c *NATS) NodeIndex(name string) int {
	for i, n := range c.Nodes {
		if n.Name == name {
			return i
		}
	}
	return -1
}

// getJSON GETs url and decodes its JSON answer into v (nil: only the
// status matters), failing on any status but 200.
func getJSON(ctx context.Context, url string, v any) error {
	ctx, cancel := context.WithTimeout(ctx, monitorTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: HTTP %d", url, resp.StatusCode)
	}
	if v == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(v)
}
