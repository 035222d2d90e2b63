package cluster

import (
	"cmp"
	"fmt"
	"os/exec"
	"path/filepath"

	"pred.dev/proto/journal"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/internal/proc"
)

// The services' main packages, built into the bin dir by up.
var servicePackages = []string{"./engine/cmd/engine", "./gateway-clob/cmd/gateway-clob", "./gateway-gamma/cmd/gateway-gamma",
	"./relayer/cmd/relayer", "./settler/cmd/settler"}

// NATSReplicas is every stream's and bucket's replica count: one per
// NATS node, so that a write acknowledged by a majority survives losing
// any one node.
const NATSReplicas = 3

var replicas = fmt.Sprint(NATSReplicas)

// The Gamma API's login limits per IP: every user of a cluster on one
// machine logs in from 127.0.0.1, as on the devnet (see the README).
const (
	loginIPBurst     = "1000"
	loginIPPerSecond = "50"
)

// service is one process of the exchange: how to start it, where it
// answers, and where its role is read.
type service struct {
	name, bin string
	args      []string
	// env are the secrets, handed over in the environment (the binaries'
	// flag fallbacks); dropEnv is the binary's own prefix, whose
	// variables in the caller's environment are not inherited.
	env     []string
	dropEnv string
	// ready answers 200 when the process serves; addrs are what the
	// table shows.
	ready string
	addrs []string
	// lease is where the process's leadership is held, holder its name
	// there; metrics is an engine's /metrics, whose engine_leader says
	// whether it leads.
	lease   *leaseKey
	holder  string
	metrics string
	// replica marks the engine that is a read replica.
	replica bool
}

// leaseKey is a lease's bucket and key in NATS KV.
type leaseKey struct{ bucket, key string }

var (
	engineLease  = &leaseKey{journal.LeaseBucket, journal.LeaseKey}
	relayerLease = &leaseKey{journal.RelayerLeaseBucket, journal.RelayerLeaseKey}
	settlerLease = &leaseKey{journal.SettlerLeaseBucket, journal.SettlerLeaseKey}
)

// proc is the service's process.
func (s service) proc(dir string) Proc { return Proc{Name: s.name, Dir: dir} }

// command is the service's command: its flags, and an environment of the
// caller's minus the binary's prefix, plus the secrets.
func (s service) command() *exec.Cmd {
	cmd := exec.Command(s.bin, s.args...)
	cmd.Env = append(proc.Env(s.dropEnv), s.env...)
	return cmd
}

// services are the exchange's processes in the order they start: the
// engines (which create the streams), then the APIs, the relayers and
// the settlers.
func services(c Config, s *Secrets, natsURL, record, rpcURL string) []service {
	bin := func(name string) string { return filepath.Join(c.serviceBinDir(), name) }
	op := Address(s.Operator).Hex()
	lease := c.LeaseTTL.String()
	// A configuration saved before Confirmations existed has none.
	confirmations := fmt.Sprint(cmp.Or(c.Confirmations, DefaultConfirmations))
	// The web app is served by the CLOB through the load balancer.
	origins := devnet.AppOrigins(c.Ports.CLOB).String()
	var out []service
	for i, port := range c.Ports.EngineAdmin {
		name := fmt.Sprintf("engine-%d", i+1)
		args := []string{"run", "-data-dir", filepath.Join(c.Dir, name), "-nats-url", natsURL, "-replicas", replicas,
			"-instance-id", name, "-admin-addr", addr(port), "-fee-account", op}
		replica := i == len(c.Ports.EngineAdmin)-1
		if replica {
			args = append(args, "-mode", "follower")
		} else {
			args = append(args, "-lease-ttl", lease)
		}
		out = append(out, service{name: name, bin: bin("engine"), args: args, dropEnv: "ENGINE_",
			ready: url(port) + "/readyz", addrs: []string{"admin " + addr(port)},
			lease: engineLease, holder: name, metrics: url(port) + "/metrics", replica: replica})
	}
	for i, port := range c.Ports.CLOBReplicas {
		out = append(out, service{name: fmt.Sprintf("gateway-clob-%d", i+1), bin: bin("gateway-clob"), dropEnv: "CLOB_",
			args: []string{"-listen", addr(port), "-nats-url", natsURL, "-deployment", record, "-rpc-url", rpcURL,
				"-kv-replicas", replicas, "-faucet", "-trust-forwarded-for", "-lame-duck", lameDuck.String(),
				"-cors-origins", origins, "-app-gamma-url", url(c.Ports.Gamma), "-app-relayer-url", url(c.Ports.Relayer)},
			env:   []string{"CLOB_MASTER_KEY=" + s.MasterKey},
			ready: url(port) + "/readyz", addrs: []string{addr(port)}})
	}
	for i, port := range c.Ports.GammaReplicas {
		out = append(out, service{name: fmt.Sprintf("gateway-gamma-%d", i+1), bin: bin("gateway-gamma"), dropEnv: "GAMMA_",
			args: []string{"-listen", addr(port), "-nats-url", natsURL, "-deployment", record, "-oracle", op,
				"-kv-replicas", replicas, "-trust-forwarded-for", "-lame-duck", lameDuck.String(), "-cors-origins", origins, "-liveness", c.Liveness.String(),
				"-rate-login-ip-burst", loginIPBurst, "-rate-login-ip-per-second", loginIPPerSecond},
			env:   []string{"GAMMA_JWT_KEY=" + s.JWTKey, "GAMMA_OPERATOR_KEY=" + s.GammaOpKey},
			ready: url(port) + "/readyz", addrs: []string{addr(port)}})
	}
	for i, port := range c.Ports.RelayerReplicas {
		name := fmt.Sprintf("relayer-%d", i+1)
		out = append(out, service{name: name, bin: bin("relayer"), dropEnv: "RELAYER_",
			args: []string{"-listen", addr(port), "-nats-url", natsURL, "-deployment", record, "-rpc-url", rpcURL,
				"-kv-replicas", replicas, "-holder", name, "-lease-ttl", lease, "-confirmations", confirmations, "-trust-forwarded-for", "-lame-duck", lameDuck.String(),
				"-cors-origins", origins},
			env:   []string{"RELAYER_JWT_KEY=" + s.JWTKey, "RELAYER_HOT_KEY=" + KeyHex(s.RelayerHot)},
			ready: url(port) + "/readyz", addrs: []string{addr(port)}, lease: relayerLease, holder: name})
	}
	for i, port := range c.Ports.SettlerAdmin {
		name := fmt.Sprintf("settler-%d", i+1)
		args := []string{"-nats-url", natsURL, "-deployment", record, "-rpc-url", rpcURL, "-kv-replicas", replicas,
			"-holder", name, "-lease-ttl", lease, "-admin-addr", addr(port), "-reconcile-addr", addr(c.Ports.Reconcile[i])}
		// The leading settler also serves the chain side of markets
		// (prepare, report payouts) and the faucet's funding.
		args = append(args, "-operator-key-file", s.Path(OperatorKeyFile), "-faucet")
		out = append(out, service{name: name, bin: bin("settler"), dropEnv: "SETTLER_", args: args,
			env:   []string{"SETTLER_REDEEM_KEY=" + KeyHex(s.Redeem)},
			ready: url(port) + "/readyz", addrs: []string{"admin " + addr(port), "reconcile " + addr(c.Ports.Reconcile[i])},
			lease: settlerLease, holder: name})
	}
	return out
}
