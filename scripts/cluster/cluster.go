package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"pred.dev/proto/chain/deploy"
	"pred.dev/scripts/internal/proc"
)

// Bounds of up and down.
const (
	// ReadyMax bounds the wait for every service to answer /readyz.
	ReadyMax = 3 * time.Minute
	// StopMax is how long a process has to stop after SIGTERM before it
	// is killed.
	StopMax   = 15 * time.Second
	readyPoll = 100 * time.Millisecond
)

// Cluster is a running cluster: its configuration, secrets and
// deployment.
type Cluster struct {
	Config     Config
	Secrets    *Secrets
	Deployment *deploy.Deployment
}

// URLs of the load balancer's fronts and of the chain.
func (c *Cluster) CLOBURL() string    { return url(c.Config.Ports.CLOB) }
func (c *Cluster) GammaURL() string   { return url(c.Config.Ports.Gamma) }
func (c *Cluster) RelayerURL() string { return url(c.Config.Ports.Relayer) }
func (c *Cluster) RPCURL() string     { return c.Config.chain().RPCURL() }

// Each API's replicas' own URLs, bypassing the load balancer: a fault
// test picks the replica that serves a request.
func (c *Cluster) GammaReplicaURLs() []string   { return urls(c.Config.Ports.GammaReplicas) }
func (c *Cluster) RelayerReplicaURLs() []string { return urls(c.Config.Ports.RelayerReplicas) }

func urls(ports [2]int) []string { return []string{url(ports[0]), url(ports[1])} }

// NATS is the cluster's NATS part.
func (c *Cluster) NATS() *NATS { return c.Config.nats() }

// Up brings the cluster up, starting what does not run, and returns once
// every process answers: NATS, the chain (deployed at the first start),
// the engines, the APIs, the relayers, the settlers and HAProxy; then it
// lists the demo catalogue (once: it is idempotent). Progress lines go
// to log.
func Up(ctx context.Context, cfg Config, log io.Writer) (*Cluster, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	c := &Cluster{Config: cfg}
	if err := c.up(ctx, log); err != nil {
		// Whatever started stops: a caller that gets no cluster cannot
		// stop it, and a failed bench run left three engines and three
		// NATS nodes burning a core and a half for hours. The data dir
		// and its logs stay, to read why. Nothing starts before the
		// secrets are loaded.
		if c.Secrets == nil {
			return nil, err
		}
		fmt.Fprintf(log, "== up failed, stopping what it started: %v\n", err)
		if derr := c.Down(false, log); derr != nil {
			return nil, errors.Join(err, fmt.Errorf("cluster: stopping after the failed start: %w", derr))
		}
		return nil, err
	}
	return c, nil
}

// up starts every part of c in order; Up stops them if one fails.
func (c *Cluster) up(ctx context.Context, log io.Writer) error {
	cfg := c.Config
	var err error
	began := time.Now()
	step := func(format string, args ...any) {
		fmt.Fprintf(log, "== %5.1fs "+format+"\n", append([]any{time.Since(began).Seconds()}, args...)...)
	}
	step("building the services into %s", cfg.serviceBinDir())
	if err := proc.Build(cfg.serviceBinDir(), servicePackages...); err != nil {
		return err
	}
	if c.Secrets, err = LoadSecrets(cfg.Dir); err != nil {
		return err
	}
	if cfg.FreePorts {
		if cfg.Ports, err = FreePorts(); err != nil {
			return err
		}
		c.Config = cfg
	}
	if cfg.NATSNetns && cfg.Ports.NATS[0].Netns == "" {
		step("NATS's network: a namespace per node on a bridge")
		if cfg.Ports.NATS, err = newNATSNetns(cfg.Ports.NATS).create(cfg.Ports.NATS); err != nil {
			return err
		}
		c.Config = cfg
	}
	if err := cfg.save(); err != nil {
		return err
	}
	step("NATS: %d nats-server processes in cluster %q", len(cfg.Ports.NATS), NATSClusterName)
	if err := cfg.nats().Start(ctx); err != nil {
		return err
	}
	ch := cfg.chain()
	step("chain: geth --dev on %s", ch.RPCURL())
	if err := ch.Start(ctx); err != nil {
		return err
	}
	if c.Deployment, err = provision(ctx, ch, c.Secrets); err != nil {
		return err
	}
	if p := cfg.chainProxy(); p != nil {
		step("chain proxy: toxiproxy-server, the services reach geth through %s (its API on %s)", p.RPCURL(), addr(p.APIPort))
		if err := p.Start(ctx); err != nil {
			return err
		}
	}
	svcs := c.services()
	step("engines, APIs, relayers and settlers: %d processes", len(svcs))
	// The first of each kind alone, one after another: the first engine
	// creates the command and event streams, the first of the others
	// their buckets, and two processes creating the same stream at once
	// on a new cluster can both time out. Then all the others together.
	var first, rest []service
	for _, s := range svcs {
		if strings.HasSuffix(s.name, "-1") {
			first = append(first, s)
		} else {
			rest = append(rest, s)
		}
	}
	for _, s := range first {
		if err := c.startAll(ctx, []service{s}); err != nil {
			return err
		}
	}
	if err := c.startAll(ctx, rest); err != nil {
		return err
	}
	step("HAProxy: CLOB %s, Gamma %s, Relayer %s, stats %s", c.CLOBURL(), c.GammaURL(), c.RelayerURL(), url(cfg.Ports.Stats))
	if err := startHAProxy(cfg); err != nil {
		return err
	}
	if err := c.waitBalanced(ctx); err != nil {
		return err
	}
	step("the demo catalogue")
	return c.seed(ctx)
}

// Open returns the cluster up started in dir, for status and down.
func Open(dir string) (*Cluster, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cfg, err := LoadConfig(abs)
	if err != nil {
		return nil, err
	}
	c := &Cluster{Config: cfg}
	if c.Secrets, err = LoadSecrets(cfg.Dir); err != nil {
		return nil, err
	}
	// Absent when the first start stopped before the deployment.
	c.Deployment, _ = deploy.Load(cfg.chain().RecordPath())
	return c, nil
}

func (c *Cluster) services() []service {
	cfg := c.Config
	return services(cfg, c.Secrets, cfg.nats().URL(), cfg.chain().RecordPath(), cfg.servicesRPCURL())
}

// startAll starts the services that do not run, then waits until each
// answers its /readyz.
func (c *Cluster) startAll(ctx context.Context, svcs []service) error {
	for _, s := range svcs {
		if p := s.proc(c.Config.Dir); !p.Running() {
			if err := p.Start(s.command()); err != nil {
				return err
			}
		}
	}
	ctx, cancel := context.WithTimeout(ctx, ReadyMax)
	defer cancel()
	for _, s := range svcs {
		for {
			err := getJSON(ctx, s.ready, nil)
			if err == nil {
				break
			}
			if p := s.proc(c.Config.Dir); !p.Running() {
				return fmt.Errorf("cluster: %s exited; its log (%s) ends:\n%s", s.name, p.LogPath(), p.logTail(20))
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("cluster: %s not ready within %s: %v (its log: %s)", s.name, ReadyMax, err, s.proc(c.Config.Dir).LogPath())
			case <-time.After(readyPoll):
			}
		}
	}
	return nil
}

// waitBalanced waits until HAProxy sees every replica UP.
func (c *Cluster) waitBalanced(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, ReadyMax)
	defer cancel()
	for {
		states, err := backendStates(ctx, c.Config)
		if err == nil && len(states) == 6 {
			up := 0
			for _, s := range states {
				if s == "UP" {
					up++
				}
			}
			if up == len(states) {
				return nil
			}
			err = fmt.Errorf("replicas: %v", states)
		}
		if p := (Proc{Name: haproxyProcName, Dir: c.Config.Dir}); !p.Running() {
			return fmt.Errorf("cluster: haproxy exited; its log ends:\n%s", p.logTail(20))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: HAProxy does not see every replica up within %s: %v", ReadyMax, err)
		case <-time.After(readyPoll):
		}
	}
}

// procs are every process of the cluster, in the order they start.
func (c *Cluster) procs() []Proc {
	var out []Proc
	n := c.Config.nats()
	for i := range n.Nodes {
		out = append(out, n.Proc(i))
	}
	out = append(out, c.Config.chain().Proc())
	if p := c.Config.chainProxy(); p != nil {
		out = append(out, p.Proc())
	}
	for _, s := range c.services() {
		out = append(out, s.proc(c.Config.Dir))
	}
	return append(out, Proc{Name: haproxyProcName, Dir: c.Config.Dir})
}

// Down stops every process, the last started first: SIGTERM, then
// SIGKILL after StopMax. The data stays unless wipe.
func (c *Cluster) Down(wipe bool, log io.Writer) error {
	procs := c.procs()
	slices.Reverse(procs)
	var errs []error
	for _, p := range procs {
		pid, ok := p.PID()
		if !ok {
			continue
		}
		bound := StopMax
		if p.Name == gethProcName {
			bound = gethStopMax
		}
		clean, err := p.Stop(bound)
		switch {
		case err != nil:
			errs = append(errs, err)
		case clean:
			fmt.Fprintf(log, "stopped %s (pid %d)\n", p.Name, pid)
		default:
			fmt.Fprintf(log, "killed %s (pid %d): it did not stop within %s\n", p.Name, pid, bound)
		}
	}
	if nodes := c.Config.Ports.NATS; len(nodes) > 0 && nodes[0].Netns != "" {
		// Even a partitioned node's processes are gone by now.
		errs = append(errs, newNATSNetns(nodes).remove(nodes))
	}
	if err := errors.Join(errs...); err != nil || !wipe {
		return err
	}
	fmt.Fprintf(log, "removing %s\n", c.Config.Dir)
	return os.RemoveAll(c.Config.Dir)
}
