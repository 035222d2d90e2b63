package e2e

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"pred.dev/proto/chain/deploy"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/internal/proc"
)

// TestGatewayProcesses runs the exchange the way it is deployed: natsd,
// one engine and two gateway-clob replicas, each its own OS process built
// from the workspace, the replicas configured alike and sharing nothing
// but NATS. A key created on one works on the other, an L1 signature used
// on one is refused on the other, and an order placed through one is
// cancelled through the other.
func TestGatewayProcesses(t *testing.T) {
	t.Parallel()
	x := startProcesses(t, 2)
	n := newGatewayNet(t, x.urls, x.markets, x.dep)
	n.natsURL = x.natsURL
	checkReplicas(t, n)
}

// stopBound is how long a process may take to stop after SIGTERM before
// it is killed; a gateway drains requests in flight for up to 10 s.
const stopBound = 15 * time.Second

// logTailLines is how much of each process's log a failed test prints.
const logTailLines = 60

// processNet is an exchange of separate processes: natsd, one engine and
// gateways, with their data and logs in dir.
type processNet struct {
	t       *testing.T
	dir     string
	natsURL string
	urls    []string
	markets []devnet.Market
	dep     *deploy.Deployment
	// logs names each process's log file.
	logs []string
	// procs are the processes by name ("natsd", "engine",
	// "engine-replica", "gateway-0", ...), for tests that signal one.
	procs map[string]*proc.Proc
}

// processOpt changes the topology startProcesses starts.
type processOpt func(*processOpts)

type processOpts struct {
	readReplica bool
}

// withReadReplica starts the engine with -serve-queries=false and a read
// replica ("engine-replica", -mode follower) that answers every query, as
// a cluster runs them.
func withReadReplica() processOpt { return func(o *processOpts) { o.readReplica = true } }

// startProcesses builds the binaries; starts natsd, the engine and the
// given number of gateway-clob processes, configured with the chain
// values a fresh devnet chain gets; waits until every gateway serves
// HTTP; and lists Gamma's demo markets through an in-process Gamma API on
// the same NATS, which registers them in the engine with commands (no
// chain: nothing here settles). Every
// process is stopped when the test ends; their logs are printed, and the
// directory with logs and data kept, if it failed.
func startProcesses(t *testing.T, gateways int, opts ...processOpt) *processNet {
	t.Helper()
	var o processOpts
	for _, opt := range opts {
		opt(&o)
	}
	dir, err := os.MkdirTemp("", "pred-e2e-processes-")
	if err != nil {
		t.Fatal(err)
	}
	x := &processNet{t: t, dir: dir, dep: devnet.Predicted(), procs: make(map[string]*proc.Proc)}
	// Registered first, so it runs after every process has stopped.
	t.Cleanup(x.report)

	bin := filepath.Join(dir, "bin")
	began := time.Now()
	if err := proc.Build(bin, "./scripts/cmd/natsd", "./engine/cmd/engine", "./gateway-clob/cmd/gateway-clob"); err != nil {
		t.Fatal(err)
	}
	t.Logf("built natsd, engine and gateway-clob in %s", time.Since(began).Round(time.Millisecond))

	ctx, cancel := context.WithTimeoutCause(context.Background(), startTimeout,
		fmt.Errorf("the exchange's processes did not start within %s", startTimeout))
	defer cancel()
	ctx, abort := context.WithCancelCause(ctx)
	defer abort(nil)

	natsPort := x.port()
	x.natsURL = fmt.Sprintf("nats://127.0.0.1:%d", natsPort)
	natsLog := x.logFile("natsd")
	nd, err := proc.StartNATSD(filepath.Join(bin, "natsd"), filepath.Join(dir, "nats"), natsPort, natsLog)
	if err != nil {
		t.Fatal(err)
	}
	x.manage(ctx, abort, "natsd", nd)

	engine := func(name string, flags ...string) {
		x.start(ctx, abort, name, exec.Command(filepath.Join(bin, "engine"), append([]string{"run",
			"-nats-url", x.natsURL, "-data-dir", filepath.Join(dir, name), "-admin-addr", "",
			"-fee-account", devnet.FeeAccountHex, "-log-level", "info"}, flags...)...), "ENGINE_")
	}
	if o.readReplica {
		engine("engine", "-serve-queries=false")
		engine("engine-replica", "-mode", "follower")
	} else {
		engine("engine")
	}

	// The replicas share one configuration; the master key, a secret,
	// travels in the environment as a deployment would pass it.
	masterKey := "CLOB_MASTER_KEY=" + hex.EncodeToString(devnet.MasterKey())
	for i := range gateways {
		addr := fmt.Sprintf("127.0.0.1:%d", x.port())
		x.urls = append(x.urls, "http://"+addr)
		x.start(ctx, abort, fmt.Sprintf("gateway-%d", i), exec.Command(filepath.Join(bin, "gateway-clob"),
			"-listen", addr, "-nats-url", x.natsURL, "-chain-id", strconv.FormatUint(x.dep.ChainID, 10),
			"-exchange", x.dep.Contracts.Exchange.Hex(), "-neg-risk-exchange", x.dep.Contracts.NegRiskExchange.Hex(),
			"-proxy-factory", x.dep.Contracts.SafeFactory.Hex(), "-proxy-init-code-hash", x.dep.SafeInitCodeHash.Hex(),
			"-faucet", "-log-level", "info"), "CLOB_", masterKey)
	}

	// A gateway serves HTTP once it has ensured the streams and KV
	// buckets, so the log exists when the markets are created.
	for _, u := range x.urls {
		for {
			_, err := fetchDocument(u)
			if err == nil {
				break
			}
			select {
			case <-ctx.Done():
				t.Fatalf("waiting for the gateway at %s: %v (last error: %v)", u, context.Cause(ctx), err)
			case <-time.After(waitPoll):
			}
		}
	}
	nc, err := nats.Connect(x.natsURL)
	if err != nil {
		t.Fatalf("connect to NATS: %v", err)
	}
	defer nc.Close()
	if x.markets, err = devnet.SeedDemo(ctx, nc, x.dep, nil); err != nil {
		t.Fatalf("create the markets: %v (%v)", err, context.Cause(ctx))
	}
	t.Logf("natsd, engine and %d gateways ready in %s", gateways, time.Since(began).Round(time.Millisecond))
	return x
}

// port picks a free port.
func (x *processNet) port() int {
	x.t.Helper()
	p, err := proc.FreePort()
	if err != nil {
		x.t.Fatal(err)
	}
	return p
}

// logFile creates the log of a process, closed when the test ends.
func (x *processNet) logFile(name string) *os.File {
	x.t.Helper()
	path := filepath.Join(x.dir, name+".log")
	f, err := os.Create(path)
	if err != nil {
		x.t.Fatal(err)
	}
	x.logs = append(x.logs, path)
	x.t.Cleanup(func() { _ = f.Close() })
	return f
}

// start starts a process logging to its file, with an environment
// cleared of the variables starting with dropEnv and added to with
// setEnv.
func (x *processNet) start(ctx context.Context, abort context.CancelCauseFunc, name string, cmd *exec.Cmd, dropEnv string, setEnv ...string) {
	x.t.Helper()
	log := x.logFile(name)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.Env = append(proc.Env(dropEnv), setEnv...)
	p, err := proc.Start(cmd)
	if err != nil {
		x.t.Fatalf("start %s: %v", name, err)
	}
	x.manage(ctx, abort, name, p)
}

// manage stops the process when the test ends (the processes started
// last stop first: gateways, then the engine, then natsd), expecting a
// clean exit, and fails the start when the process ends during it.
func (x *processNet) manage(ctx context.Context, abort context.CancelCauseFunc, name string, p *proc.Proc) {
	x.procs[name] = p
	go func() {
		select {
		case <-p.Done():
			abort(fmt.Errorf("%s exited during the start: %s", name, p.Cmd.ProcessState))
		case <-ctx.Done():
		}
	}()
	x.t.Cleanup(func() {
		// After a failure, a process may have been stopped mid-start or
		// have died with the cause: its end is reported, not judged.
		judge := x.t.Logf
		if !x.t.Failed() {
			judge = x.t.Errorf
		}
		if p.Exited() {
			judge("%s had exited before the test stopped it: %s", name, p.Cmd.ProcessState)
			return
		}
		began := time.Now()
		if !p.Stop(stopBound) {
			x.t.Errorf("%s did not stop within %s of SIGTERM and was killed", name, stopBound)
			return
		}
		took := time.Since(began).Round(time.Millisecond)
		if !p.Cmd.ProcessState.Success() {
			judge("%s stopped on SIGTERM with %s, want exit status 0", name, p.Cmd.ProcessState)
			return
		}
		x.t.Logf("%s stopped in %s", name, took)
	})
}

// report prints the tail of each log and keeps the directory if the test
// failed, and removes the directory otherwise.
func (x *processNet) report() {
	if !x.t.Failed() {
		_ = os.RemoveAll(x.dir)
		return
	}
	for _, path := range x.logs {
		b, err := os.ReadFile(path)
		if err != nil {
			x.t.Logf("%s: %v", path, err)
			continue
		}
		if len(b) == 0 {
			x.t.Logf("--- %s is empty", path)
			continue
		}
		lines := bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n"))
		if len(lines) > logTailLines {
			lines = lines[len(lines)-logTailLines:]
		}
		x.t.Logf("--- last %d lines of %s:\n%s", len(lines), path, bytes.Join(lines, []byte("\n")))
	}
	x.t.Logf("logs and data kept in %s", x.dir)
}
