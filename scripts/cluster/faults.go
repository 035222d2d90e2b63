package cluster

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"pred.dev/proto/journal"
)

// What a fault test needs of a running cluster: kill a process by its
// name, start it again the way up started it, and find who leads.

// Kill kills the named process (a NATS node, geth, a service, haproxy)
// with SIGKILL and waits until it is gone.
func (c *Cluster) Kill(name string) error {
	return Proc{Name: name, Dir: c.Config.Dir}.Kill(StopMax)
}

// Pause stops the named process with SIGSTOP, as a long GC pause, a
// swapped-out VM or a debugger would: it keeps its sockets and its
// beliefs (that it leads) and does nothing until Resume.
func (c *Cluster) Pause(name string) error {
	return Proc{Name: name, Dir: c.Config.Dir}.signal(syscall.SIGSTOP)
}

// Resume continues a paused process with SIGCONT.
func (c *Cluster) Resume(name string) error {
	return Proc{Name: name, Dir: c.Config.Dir}.signal(syscall.SIGCONT)
}

// Partition cuts the named NATS node off the network, from the other
// nodes and from every client, until Heal; the cluster must have been
// started with Config.NATSNetns.
func (c *Cluster) Partition(name string) error {
	i, err := c.netnsNode(name)
	if err != nil {
		return err
	}
	return newNATSNetns(c.Config.Ports.NATS).cut(i)
}

// Heal joins a partitioned NATS node to the network again.
func (c *Cluster) Heal(name string) error {
	i, err := c.netnsNode(name)
	if err != nil {
		return err
	}
	return newNATSNetns(c.Config.Ports.NATS).heal(i)
}

func (c *Cluster) netnsNode(name string) (int, error) {
	i := c.NATS().NodeIndex(name)
	switch {
	case i < 0:
		return 0, fmt.Errorf("cluster: no NATS node named %q", name)
	case c.Config.Ports.NATS[i].Netns == "":
		return 0, fmt.Errorf("cluster: %s runs on loopback, where it cannot be partitioned (start the cluster with NATSNetns)", name)
	}
	return i, nil
}

// Restart starts the named process again, as up started it, and waits
// until it answers: a service its /readyz, a NATS node until the cluster
// is whole again, HAProxy until it sees every replica up.
func (c *Cluster) Restart(ctx context.Context, name string) error {
	n := c.NATS()
	if i := n.NodeIndex(name); i >= 0 {
		return n.RestartNode(ctx, i)
	}
	if name == haproxyProcName {
		if err := startHAProxy(c.Config); err != nil {
			return err
		}
		return c.waitBalanced(ctx)
	}
	for _, s := range c.services() {
		if s.name == name {
			return c.startAll(ctx, []service{s})
		}
	}
	return fmt.Errorf("cluster: no process named %q to restart", name)
}

// RestartWith starts the named service, stopped, again with extraArgs
// after the flags up gives it (a later flag wins: "-clock-skew", "2s"),
// and waits until it answers its /readyz and, for an API replica, until
// HAProxy routes to every replica again: a caller restarting the other
// replica next never leaves the API without one.
func (c *Cluster) RestartWith(ctx context.Context, name string, extraArgs ...string) error {
	for _, s := range c.services() {
		if s.name != name {
			continue
		}
		s.args = append(slices.Clone(s.args), extraArgs...)
		if err := c.startAll(ctx, []service{s}); err != nil {
			return err
		}
		if strings.HasPrefix(s.name, "gateway-") || strings.HasPrefix(s.name, "relayer-") {
			return c.waitBalanced(ctx)
		}
		return nil
	}
	return fmt.Errorf("cluster: no service named %q to restart with %v", name, extraArgs)
}

// Holder is the name of the process that holds a lease: the engine
// that leads, the relayer whose worker sends, the settler that leads;
// "" while none does.
func (c *Cluster) Holder(ctx context.Context, l Lease) string {
	holders, _ := c.leaders(ctx)
	return holders[l.key().bucket]
}

// Lease names one of the cluster's leases.
type Lease int

// The leases the exchange's services elect their leaders by.
const (
	EngineLease Lease = iota
	RelayerLease
	SettlerLease
)

func (l Lease) key() *leaseKey {
	return [...]*leaseKey{engineLease, relayerLease, settlerLease}[l]
}

// CommandStreamLeader is the NATS node that leads the command stream.
func (c *Cluster) CommandStreamLeader(ctx context.Context) (string, error) {
	_, leader := c.leaders(ctx)
	if leader == "" {
		return "", fmt.Errorf("cluster: no node leads %s", journal.CommandStream)
	}
	return leader, nil
}

// EngineProc is one engine process as a check after a run sees it.
type EngineProc struct {
	Name string
	// DataDir is its Pebble store, which `engine hash` reads once it
	// stopped; MetricsURL its /metrics (engine_applied_seq).
	DataDir, MetricsURL string
	// ConfigArgs are its flags that shape the state (the fee account):
	// `engine hash` and `engine replay` of its store need the same.
	ConfigArgs []string
	// Replica marks the read replica, which never leads.
	Replica bool
}

// Engines are the cluster's engine processes: the leader and the
// standby, then the read replica.
func (c *Cluster) Engines() []EngineProc {
	var out []EngineProc
	for _, s := range c.services() {
		if s.metrics == "" {
			continue
		}
		i := slices.Index(s.args, "-data-dir")
		e := EngineProc{Name: s.name, DataDir: s.args[i+1], MetricsURL: s.metrics, Replica: s.replica}
		if j := slices.Index(s.args, "-fee-account"); j >= 0 {
			e.ConfigArgs = s.args[j : j+2]
		}
		out = append(out, e)
	}
	return out
}

// ServiceNames are the names of the cluster's services whose name
// starts with prefix (say "gateway-clob"), in the order up starts them.
func (c *Cluster) ServiceNames(prefix string) []string {
	var out []string
	for _, s := range c.services() {
		if strings.HasPrefix(s.name, prefix) {
			out = append(out, s.name)
		}
	}
	return out
}

// ReconcileURL is the named settler's reconciliation check (GET runs
// one now).
func (c *Cluster) ReconcileURL(settler string) (string, error) {
	for i, s := range c.ServiceNames("settler-") {
		if s == settler {
			return url(c.Config.Ports.Reconcile[i]) + "/reconcile", nil
		}
	}
	return "", fmt.Errorf("cluster: no settler named %q", settler)
}

// EngineBin is the engine binary the cluster runs (its hash and replay
// subcommands check a stopped engine's store).
func (c *Cluster) EngineBin() string { return filepath.Join(c.Config.serviceBinDir(), "engine") }

// Stop stops the named process: SIGTERM, then SIGKILL after StopMax.
func (c *Cluster) Stop(name string) error {
	_, err := Proc{Name: name, Dir: c.Config.Dir}.Stop(StopMax)
	return err
}

// Running reports whether the named process runs.
func (c *Cluster) Running(name string) bool {
	return Proc{Name: name, Dir: c.Config.Dir}.Running()
}
