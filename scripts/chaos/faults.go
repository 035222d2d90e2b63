package chaos

import (
	"context"
	"fmt"
	"slices"
	"time"

	"pred.dev/scripts/cluster"
)

// The cluster run's faults: each kind names what it strikes (a process
// picked by its role, a NATS node's network, the chain) and how (kill -9
// then restart, SIGSTOP then SIGCONT, cut then heal). The run makes one
// at a time under the load, picked by the seed (see plan).

// Fault is a kind of fault the cluster run makes.
type Fault string

// The processes a fault picks by role; each is killed (the role's name)
// or paused (the role's name and "_pause").
const (
	// FaultNATSLeader strikes the NATS node that leads the command stream.
	FaultNATSLeader Fault = "nats_leader"
	// FaultNATSNode strikes a NATS node the seed picks.
	FaultNATSNode Fault = "nats_node"
	// FaultGateway strikes a gateway-clob replica the seed picks.
	FaultGateway Fault = "gateway_clob"
	// FaultGamma strikes a gateway-gamma replica the seed picks.
	FaultGamma Fault = "gateway_gamma"
	// FaultEngineLeader strikes the engine that holds the lease.
	FaultEngineLeader Fault = "engine_leader"
	// FaultEngineStandby strikes the engine that stands by for the lease.
	FaultEngineStandby Fault = "engine_standby"
	// FaultEngineReplica strikes the read replica (a follower engine).
	FaultEngineReplica Fault = "engine_replica"
	// FaultRelayerWorker strikes the relayer whose worker holds the lease.
	FaultRelayerWorker Fault = "relayer_holder"
	// FaultSettlerLeader strikes the settler that holds the lease.
	FaultSettlerLeader Fault = "settler_leader"
	// FaultHAProxy strikes the load balancer: every client's requests
	// fail (or hang, paused) until it is back, and resume without help.
	FaultHAProxy Fault = "haproxy"
)

// pauseSuffix names a role's pause fault.
const pauseSuffix = "_pause"

// FaultEnginePause stops the engine that holds the lease with SIGSTOP
// until another holds it and orders are accepted again, then lets it run
// on believing it still leads: it must not apply or publish anything as
// a leader (no command twice, every engine's hash equal to a replay, the
// history linearizable).
const FaultEnginePause = FaultEngineLeader + pauseSuffix

// pauseHoldMin is the least time a process stays paused: longer than the
// cluster's lease, so a paused holder loses it, and than HAProxy's and
// NATS's health checks, so the others route around it.
const pauseHoldMin = 2 * cluster.DefaultLeaseTTL

// frontDownHold is how long a killed front (HAProxy) stays down: long
// enough that every trader's requests meet it.
const frontDownHold = 2 * time.Second

// faultKind is how the run makes one kind of fault.
type faultKind struct {
	// victim picks what the fault strikes, and the lease it holds if
	// any: the run heals only once another process holds it.
	victim func(ctx context.Context, r *clusterRun) (string, *cluster.Lease, error)
	// strike makes the fault; heal ends it.
	strike, heal func(ctx context.Context, r *clusterRun, victim string) error
	// healed reports, when not nil, whether the victim is back: the run
	// waits for it before the steady load that ends the fault.
	healed func(ctx context.Context, r *clusterRun, victim string) bool
	// until, when not nil, must hold too before the run heals.
	until func(ctx context.Context, r *clusterRun, victim string) bool
	// hold is the least time the fault lasts.
	hold time.Duration
	// blocking: no order can be accepted until the fault heals, so the
	// run heals after hold without waiting for accepted orders.
	blocking bool
	// configure, when not nil, shapes the cluster a run with this kind
	// starts (a proxy in front of the chain, its debug API).
	configure func(*cluster.Config)
}

// role picks a process by what it does.
type role struct {
	name   Fault
	victim func(ctx context.Context, r *clusterRun) (string, *cluster.Lease, error)
	// lost, when not nil, holds once the paused victim has lost what it
	// led (a NATS node, the command stream's leadership).
	lost func(ctx context.Context, r *clusterRun, victim string) bool
	// front: every request goes through the victim, so no order is
	// accepted until it is back (see faultKind.blocking).
	front bool
}

var roles = []role{
	{name: FaultNATSLeader, victim: func(ctx context.Context, r *clusterRun) (string, *cluster.Lease, error) {
		n, err := r.c.CommandStreamLeader(ctx)
		return n, nil, err
	}, lost: func(ctx context.Context, r *clusterRun, victim string) bool {
		n, err := r.c.CommandStreamLeader(ctx)
		return err == nil && n != victim
	}},
	{name: FaultNATSNode, victim: func(_ context.Context, r *clusterRun) (string, *cluster.Lease, error) {
		return pick(r, natsNames(r.c)), nil, nil
	}},
	{name: FaultGateway, victim: func(_ context.Context, r *clusterRun) (string, *cluster.Lease, error) {
		return pick(r, r.c.ServiceNames("gateway-clob-")), nil, nil
	}},
	{name: FaultGamma, victim: func(_ context.Context, r *clusterRun) (string, *cluster.Lease, error) {
		return pick(r, r.c.ServiceNames("gateway-gamma-")), nil, nil
	}},
	{name: FaultEngineLeader, victim: holder(cluster.EngineLease)},
	{name: FaultEngineStandby, victim: func(ctx context.Context, r *clusterRun) (string, *cluster.Lease, error) {
		lead := r.c.Holder(ctx, cluster.EngineLease)
		for _, e := range r.c.Engines() {
			if !e.Replica && e.Name != lead {
				return e.Name, nil, nil
			}
		}
		return "", nil, fmt.Errorf("no engine stands by (the leader is %q)", lead)
	}},
	{name: FaultEngineReplica, victim: func(_ context.Context, r *clusterRun) (string, *cluster.Lease, error) {
		for _, e := range r.c.Engines() {
			if e.Replica {
				return e.Name, nil, nil
			}
		}
		return "", nil, fmt.Errorf("the cluster has no read replica")
	}},
	{name: FaultRelayerWorker, victim: holder(cluster.RelayerLease)},
	{name: FaultSettlerLeader, victim: holder(cluster.SettlerLease)},
	{name: FaultHAProxy, front: true, victim: func(context.Context, *clusterRun) (string, *cluster.Lease, error) {
		return "haproxy", nil, nil
	}},
}

// faultKinds are every kind of fault by name: each role killed and
// paused, then the network's and the chain's faults (registered by
// their files).
var faultKinds = map[Fault]faultKind{}

// AllFaults is every fault: the kills, then the pauses, then the others.
var AllFaults []Fault

func init() {
	for _, ro := range roles {
		k := faultKind{victim: ro.victim, strike: kill, heal: restart, blocking: ro.front}
		if ro.front {
			k.hold = frontDownHold
		}
		register(ro.name, k)
	}
	for _, ro := range roles {
		register(ro.name+pauseSuffix, faultKind{victim: ro.victim, strike: pause, heal: resume, until: ro.lost, hold: pauseHoldMin,
			blocking: ro.front})
	}
}

// register adds a kind of fault.
func register(name Fault, k faultKind) {
	if _, ok := faultKinds[name]; ok {
		panic("chaos: fault " + string(name) + " registered twice")
	}
	faultKinds[name] = k
	AllFaults = append(AllFaults, name)
}

func kill(_ context.Context, r *clusterRun, victim string) error {
	r.logf("kill -9 %s", victim)
	return r.c.Kill(victim)
}

func restart(ctx context.Context, r *clusterRun, victim string) error {
	r.logf("restarting %s", victim)
	return r.c.Restart(ctx, victim)
}

func pause(_ context.Context, r *clusterRun, victim string) error {
	r.logf("kill -STOP %s", victim)
	return r.c.Pause(victim)
}

// resume lets a paused victim run on. A resumed engine, relayer or
// settler finds its lease gone and exits, as it must; the supervisor
// then starts it again.
func resume(_ context.Context, r *clusterRun, victim string) error {
	r.logf("kill -CONT %s", victim)
	return r.c.Resume(victim)
}

func holder(l cluster.Lease) func(ctx context.Context, r *clusterRun) (string, *cluster.Lease, error) {
	return func(ctx context.Context, r *clusterRun) (string, *cluster.Lease, error) {
		h := r.c.Holder(ctx, l)
		if h == "" {
			return "", nil, fmt.Errorf("no process holds the lease %v", l)
		}
		return h, &l, nil
	}
}

// pick is one of names, by the seed.
func pick(r *clusterRun, names []string) string { return names[r.rng.IntN(len(names))] }

func natsNames(c *cluster.Cluster) []string {
	var out []string
	for _, n := range c.NATS().Nodes {
		out = append(out, n.Name)
	}
	return out
}

// plan is the faults a run makes, in order: with rounds 0, each of kinds
// once in an order the seed shuffles; else rounds faults, each a kind of
// kinds the seed picks.
func (r *clusterRun) plan(kinds []Fault, rounds int) []Fault {
	if rounds == 0 {
		out := slices.Clone(kinds)
		r.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	out := make([]Fault, rounds)
	for i := range out {
		out[i] = kinds[r.rng.IntN(len(kinds))]
	}
	return out
}
