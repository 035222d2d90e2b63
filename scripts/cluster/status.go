package cluster

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
)

// statusTimeout bounds the looks at the processes that make one table.
const statusTimeout = 10 * time.Second

// Row is one process in the status table.
type Row struct {
	Name   string
	PID    int // 0: not running
	Addrs  []string
	Role   string
	Health string
}

// Status reads every process's state from the process itself: its pid
// file, its /readyz, the engine's engine_leader metric, the lease
// holders in NATS KV, JetStream's meta and stream leaders, the chain's
// head and HAProxy's view of the replicas.
func (c *Cluster) Status(ctx context.Context) []Row {
	ctx, cancel := context.WithTimeout(ctx, statusTimeout)
	defer cancel()
	cfg := c.Config
	n := cfg.nats()
	holders, cmdLeader := c.leaders(ctx)
	meta, _ := n.MetaLeader(ctx)
	var rows []Row
	for i, node := range n.Nodes {
		role := "follower"
		if node.Name == meta {
			role = "meta leader"
		}
		if node.Name == cmdLeader {
			role += ", leads " + journal.CommandStream
		}
		rows = append(rows, c.row(n.Proc(i), []string{node.ClientURL(), "monitor " + addr(node.MonitorPort)}, role,
			node.MonitorURL()+"/healthz"))
	}
	ch := cfg.chain()
	chainRow := c.row(ch.Proc(), []string{ch.RPCURL()}, fmt.Sprintf("chain (geth --dev, %s blocks)", cfg.BlockPeriod), "")
	chainRow.Health = chainHealth(ctx, ch.RPCURL(), chainRow.PID)
	rows = append(rows, chainRow)
	if p := cfg.chainProxy(); p != nil {
		pr := c.row(p.Proc(), []string{p.RPCURL(), "api " + addr(p.APIPort)}, "chain proxy (toxiproxy) for fault tests", "")
		pr.Health = chainHealth(ctx, p.RPCURL(), pr.PID)
		rows = append(rows, pr)
	}
	for _, s := range c.services() {
		rows = append(rows, c.row(s.proc(cfg.Dir), s.addrs, serviceRole(ctx, s, holders), s.ready))
	}
	states, err := backendStates(ctx, cfg)
	lb := c.row(Proc{Name: haproxyProcName, Dir: cfg.Dir},
		[]string{"clob " + addr(cfg.Ports.CLOB), "gamma " + addr(cfg.Ports.Gamma), "relayer " + addr(cfg.Ports.Relayer), "stats " + url(cfg.Ports.Stats)},
		"load balancer", "")
	lb.Health = balancerHealth(states, err, lb.PID)
	return append(rows, lb)
}

// row is a process's row with its pid and health (its ready URL's answer).
func (c *Cluster) row(p Proc, addrs []string, role, ready string) Row {
	r := Row{Name: p.Name, Addrs: addrs, Role: role, Health: "down"}
	pid, ok := p.PID()
	if !ok {
		r.Role = "-"
		return r
	}
	r.PID = pid
	if ready == "" {
		return r
	}
	if err := getJSON(context.Background(), ready, nil); err != nil {
		r.Health = "not ready: " + err.Error()
	} else {
		r.Health = "ready"
	}
	return r
}

// leaders are the lease holders (bucket → holder) and the node that
// leads the command stream.
func (c *Cluster) leaders(ctx context.Context) (map[string]string, string) {
	holders := map[string]string{}
	nc, err := nats.Connect(c.Config.nats().URL(), nats.Name("cluster-status"), nats.Timeout(time.Second))
	if err != nil {
		return holders, ""
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return holders, ""
	}
	for _, l := range []*leaseKey{engineLease, relayerLease, settlerLease} {
		kv, err := js.KeyValue(ctx, l.bucket)
		if err != nil {
			continue
		}
		if e, err := kv.Get(ctx, l.key); err == nil {
			holders[l.bucket] = string(e.Value())
		}
	}
	leader, _ := StreamLeader(ctx, nc, journal.CommandStream)
	return holders, leader
}

// serviceRole is what a service does now: an engine leads (its
// engine_leader metric), stands by or is the read replica; a relayer or
// a settler holds its lease (the worker, the leader) or stands by; a
// gateway is one replica of its API.
func serviceRole(ctx context.Context, s service, holders map[string]string) string {
	switch {
	case s.replica:
		return "replica (read queries)"
	case s.metrics != "":
		leads, err := metricValue(ctx, s.metrics, "engine_leader")
		if err != nil {
			return "?"
		}
		if leads == "1" {
			return "leader"
		}
		return "standby"
	case s.lease == relayerLease:
		if holders[s.lease.bucket] == s.holder {
			return "API + worker (holds the lease)"
		}
		return "API, worker on standby"
	case s.lease == settlerLease:
		if holders[s.lease.bucket] == s.holder {
			return "leader (holds the lease)"
		}
		return "standby"
	}
	return "replica"
}

// metricValue reads one unlabelled metric from a Prometheus text page.
func metricValue(ctx context.Context, url, name string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			return strings.TrimSpace(v), nil
		}
	}
	return "", errors.New(name + " not found")
}

func chainHealth(ctx context.Context, rpcURL string, pid int) string {
	if pid == 0 {
		return "down"
	}
	cl, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return "not ready: " + err.Error()
	}
	defer cl.Close()
	head, err := cl.BlockNumber(ctx)
	if err != nil {
		return "not ready: " + err.Error()
	}
	return fmt.Sprintf("ready (block %d)", head)
}

func balancerHealth(states map[string]string, err error, pid int) string {
	switch {
	case pid == 0:
		return "down"
	case err != nil:
		return "not ready: " + err.Error()
	}
	up := 0
	var down []string
	for name, s := range states {
		if s == "UP" {
			up++
		} else {
			down = append(down, name+" "+s)
		}
	}
	if len(down) > 0 {
		return fmt.Sprintf("%d/%d replicas up (%s)", up, len(states), strings.Join(down, ", "))
	}
	return fmt.Sprintf("ready (%d/%d replicas up)", up, len(states))
}

// PrintTable writes the rows as a table.
func PrintTable(w io.Writer, rows []Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPID\tADDRESS\tROLE\tHEALTH")
	for _, r := range rows {
		pid := "-"
		if r.PID != 0 {
			pid = fmt.Sprint(r.PID)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Name, pid, strings.Join(r.Addrs, ", "), r.Role, r.Health)
	}
	return tw.Flush()
}
