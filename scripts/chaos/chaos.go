// Package chaos checks that the exchange loses nothing when its processes
// die. It runs a NATS server and the engine as separate processes, drives
// commands into the log from a client that records every command the log
// acknowledged, kills the engine with SIGKILL at random moments (and
// restarts the NATS server under load), restarts them, and then checks:
// every acknowledged command was applied exactly once, no event batch was
// published twice, and the engine's state hash equals a clean replay of
// the log into a fresh data dir.
//
// With standbys, several engines elect a leader through the lease, the
// kills aim at whichever leads, and every engine must end in the replay's
// state.
package chaos

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
	"pred.dev/scripts/internal/proc"
)

// Config sizes a chaos run.
type Config struct {
	// Kills is how many times the engine is killed with SIGKILL.
	Kills int
	// Standbys run beside the first engine, all electing their leader
	// through the lease; kills then aim at the leader.
	Standbys int
	// NATSRestarts is how many times the NATS server is killed and
	// restarted while commands are being appended.
	NATSRestarts int
	// Ops is the size of the workload appended during the run.
	Ops int
	// Publishers is the number of concurrent appenders.
	Publishers int
	// WorkDir holds binaries and data; empty means a temporary directory.
	WorkDir string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// Report is what a run found.
type Report struct {
	Kills, NATSRestarts int
	// Acked commands were acknowledged by the log.
	Acked int
	// Exits counts engines that stopped by themselves and were restarted.
	Exits int
	// Lost acknowledged commands never applied, Duplicated commands or
	// event batches applied or published more than once. LoggedTwice
	// counts command ids the CMD stream holds more than once (the engine
	// refuses all but the first: not a loss of exactly-once by itself).
	Lost, Duplicated, LoggedTwice int
	HashMatch                     bool
	LiveHash                      string
	ReplayHash                    string
}

// Lines returns the report in the `make bench` line format.
func (r Report) Lines() string {
	match := 0
	if r.HashMatch {
		match = 1
	}
	return fmt.Sprintf("engine_chaos_kills %d\nengine_chaos_nats_restarts %d\nengine_chaos_engine_exits %d\nengine_chaos_acked %d\nengine_chaos_lost %d\nengine_chaos_duplicated %d\nengine_chaos_logged_twice %d\nengine_chaos_hash_match %d\n",
		r.Kills, r.NATSRestarts, r.Exits, r.Acked, r.Lost, r.Duplicated, r.LoggedTwice, match)
}

type run struct {
	cfg      Config
	dir      string
	bin      string
	natsURL  string
	natsPort int
	nats     *proc.Proc
	engines  []*engine
	logf     func(format string, args ...any)
}

// newRun returns a run that logs a line per event to cfg.Log, if any.
// The engine, settler and relayer runs all start from one.
func newRun(cfg Config) *run {
	r := &run{cfg: cfg}
	r.logf = func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", args...)
		}
	}
	return r
}

// Run performs a chaos run.
func Run(ctx context.Context, cfg Config) (Report, error) {
	r := newRun(cfg)
	if err := r.prepare(); err != nil {
		return Report{}, err
	}
	defer r.stopAll()
	if err := r.startNATS(); err != nil {
		return Report{}, err
	}
	for i := range r.cfg.Standbys + 1 {
		port, err := proc.FreePort()
		if err != nil {
			return Report{}, err
		}
		r.engines = append(r.engines, &engine{id: fmt.Sprintf("e%d", i), adminPort: port})
		if err := r.startEngine(r.engines[i]); err != nil {
			return Report{}, err
		}
	}
	rep, acked, err := r.load(ctx)
	if err != nil {
		return rep, err
	}
	return r.verify(ctx, rep, acked)
}

func (r *run) prepare() error {
	r.dir = r.cfg.WorkDir
	if r.dir == "" {
		d, err := os.MkdirTemp("", "pred-chaos-")
		if err != nil {
			return err
		}
		r.dir = d
	}
	r.bin = filepath.Join(r.dir, "bin")
	if err := proc.Build(r.bin, "./engine/cmd/engine", "./scripts/cmd/natsd"); err != nil {
		return fmt.Errorf("chaos: %w", err)
	}
	return nil
}

// natsStartTries bounds the first start's picks of a port.
const natsStartTries = 5

// startNATS starts natsd: the first time on a port it picks, again on
// that port after a kill. The first pick is made just before the start
// and made again if another process took the port: the tests of other
// packages pick ports at the same time (a CI run lost one that way).
func (r *run) startNATS() error {
	logPath := filepath.Join(r.dir, "nats.log")
	if r.natsPort != 0 {
		return r.startNATSOn(r.natsPort, logPath)
	}
	var err error
	for range natsStartTries {
		var port int
		if port, err = proc.FreePort(); err != nil {
			return err
		}
		if err = r.startNATSOn(port, logPath); !errors.Is(err, proc.ErrPortTaken) {
			break
		}
	}
	if err != nil {
		return err
	}
	r.natsURL = fmt.Sprintf("nats://127.0.0.1:%d", r.natsPort)
	return nil
}

func (r *run) startNATSOn(port int, logPath string) error {
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	p, err := proc.StartNATSD(filepath.Join(r.bin, "natsd"), filepath.Join(r.dir, "nats"), port, log)
	if err != nil {
		_ = log.Close()
		return fmt.Errorf("chaos: %w", err)
	}
	// natsd writes through this process (its ready line is read here), so
	// the log stays open while it runs.
	go func() {
		<-p.Done()
		_ = log.Close()
	}()
	r.nats, r.natsPort = p, port
	return nil
}

// engine is one engine process and where it keeps its state.
type engine struct {
	id        string
	adminPort int
	proc      *proc.Proc
	// An engine another program runs (a cluster's) has no proc: its
	// store, its /metrics and how to stop it are given instead.
	dataDir, metricsURL string
	stop                func()
	// configArgs are the engine's flags that shape its state, which its
	// hash and replay need too.
	configArgs []string
}

// halt stops the engine (SIGTERM, then SIGKILL after a bound).
func (e *engine) halt() {
	if e.proc == nil {
		e.stop()
		return
	}
	e.proc.Stop(stopBound)
}

// leaseTTL is the lease of a run with standbys: short, so that takeovers
// happen many times in one run.
const leaseTTL = "1s"

func (r *run) startEngine(e *engine) error {
	args := []string{"run", "-nats-url", r.natsURL, "-data-dir", filepath.Join(r.dir, e.id),
		"-admin-addr", fmt.Sprintf("127.0.0.1:%d", e.adminPort), "-tick-interval", "50ms",
		"-checkpoint-interval", "200ms", "-log-level", "warn"}
	if r.cfg.Standbys > 0 {
		args = append(args, "-lease-ttl", leaseTTL, "-instance-id", e.id)
	}
	p, err := proc.StartLogged(exec.Command(filepath.Join(r.bin, "engine"), args...), filepath.Join(r.dir, e.id+".log"))
	if err != nil {
		return err
	}
	e.proc = p
	return nil
}

// supervise restarts engines that exited by themselves, as a process
// supervisor would: an engine halts on errors it cannot ride out (a lost
// lease while NATS restarts, say) and relies on being restarted.
func (r *run) supervise(rep *Report) error {
	for _, e := range r.engines {
		if e.proc != nil && e.proc.Exited() {
			r.logf("engine %s exited by itself (%s); restarting it", e.id, e.proc.Cmd.ProcessState)
			rep.Exits++
			if err := r.startEngine(e); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *run) stopAll() {
	for _, e := range r.engines {
		e.proc.Stop(stopBound)
	}
	r.nats.Stop(stopBound)
}

// stopBound is how long a process may take to stop after SIGTERM before
// it is killed.
const stopBound = 10 * time.Second

// commands returns the run's workload as protobuf commands.
func (r *run) commands() []*pb.Command {
	w := loadgen.Generate(loadgen.Single(r.cfg.Ops))
	var out []*pb.Command
	for _, cs := range [][]machine.Command{w.Setup, w.Warm, w.Commands} {
		for i := range cs {
			out = append(out, wire.ToPB(&cs[i], nil))
		}
	}
	return out
}

// load appends the workload from several publishers while a separate
// goroutine kills and restarts the engine (and NATS) at random moments.
// It returns the ids the log acknowledged.
func (r *run) load(ctx context.Context) (Report, map[string]bool, error) {
	cmds := r.commands()
	nc, err := nats.Connect(r.natsURL, nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	if err != nil {
		return Report{}, nil, err
	}
	defer nc.Close()
	pub, err := publish.New(nc, publish.Config{AckTimeout: 3 * time.Second}, zap.NewNop())
	if err != nil {
		return Report{}, nil, err
	}
	defer pub.Close()

	acked := map[string]bool{}
	var mu sync.Mutex
	loadDone := make(chan struct{})
	chaosDone := make(chan Report, 1)
	go func() { chaosDone <- r.chaos(ctx, loadDone) }()

	next := make(chan *pb.Command)
	var wg sync.WaitGroup
	for range max(r.cfg.Publishers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				if _, err := pub.Append(ctx, c); err == nil {
					mu.Lock()
					acked[string(c.GetId())] = true
					mu.Unlock()
				}
			}
		}()
	}
	for _, c := range cmds {
		next <- c
	}
	close(next)
	wg.Wait()
	close(loadDone)
	rep := <-chaosDone
	rep.Acked = len(acked)
	r.logf("load done: %d of %d commands acknowledged, %d engine kills, %d NATS restarts",
		len(acked), len(cmds), rep.Kills, rep.NATSRestarts)
	return rep, acked, ctx.Err()
}

// chaos kills the engine (and NATS) at random moments until the load is
// done and every planned kill happened.
func (r *run) chaos(ctx context.Context, loadDone <-chan struct{}) Report {
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	var rep Report
	for rep.Kills < r.cfg.Kills || rep.NATSRestarts < r.cfg.NATSRestarts {
		select {
		case <-ctx.Done():
			return rep
		case <-time.After(time.Duration(150+rng.IntN(650)) * time.Millisecond):
		}
		if err := r.supervise(&rep); err != nil {
			r.logf("restart engine: %v", err)
			return rep
		}
		if rep.NATSRestarts < r.cfg.NATSRestarts && (rep.Kills >= r.cfg.Kills || rng.IntN(4) == 0) {
			r.logf("kill -9 NATS (%d)", rep.NATSRestarts+1)
			r.nats.Kill()
			if err := r.startNATS(); err != nil {
				r.logf("restart NATS: %v", err)
				return rep
			}
			rep.NATSRestarts++
			continue
		}
		e, rev := r.victim(ctx, rng)
		r.logf("kill -9 engine %s (%d)", e.id, rep.Kills+1)
		e.proc.Kill()
		if rev != 0 {
			// The leader comes back only once a standby has taken over.
			r.awaitTakeover(ctx, rev)
		}
		if err := r.startEngine(e); err != nil {
			r.logf("restart engine: %v", err)
			return rep
		}
		rep.Kills++
	}
	<-loadDone
	return rep
}

// victim picks the engine to kill: the leader, as the lease names it
// (rev is the lease's revision then), or any engine when no one holds the
// lease or it cannot be read (NATS restarting).
func (r *run) victim(ctx context.Context, rng *rand.Rand) (e *engine, rev uint64) {
	if len(r.engines) == 1 {
		return r.engines[0], 0
	}
	if lease, err := r.lease(ctx); err == nil {
		for _, e := range r.engines {
			if e.id == string(lease.Value()) {
				return e, lease.Revision()
			}
		}
	}
	return r.engines[rng.IntN(len(r.engines))], 0
}

// takeoverMax bounds the wait for a new leader after the leader's kill.
const takeoverMax = 15 * time.Second

// awaitTakeover waits until a new leader holds the lease, so that the
// next kill finds it rather than the restarted corpse of the last one. A
// new revision written well after the kill is a takeover: the dead
// leader's last renewal, if one was in flight, was written at once.
func (r *run) awaitTakeover(ctx context.Context, rev uint64) {
	killed := time.Now()
	for time.Since(killed) < takeoverMax && ctx.Err() == nil {
		lease, err := r.lease(ctx)
		if err == nil && lease.Revision() != rev && lease.Created().After(killed.Add(takeoverAfterMin)) {
			r.logf("engine %s leads after %s", lease.Value(), time.Since(killed).Round(time.Millisecond))
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.logf("no takeover within %s", takeoverMax)
}

// takeoverAfterMin is less than the lease TTL: no takeover comes sooner.
const takeoverAfterMin = 300 * time.Millisecond

// lease reads the lease entry: its value names the holder.
func (r *run) lease(ctx context.Context) (jetstream.KeyValueEntry, error) {
	nc, err := nats.Connect(r.natsURL, nats.Timeout(time.Second))
	if err != nil {
		return nil, err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	kv, err := js.KeyValue(ctx, journal.LeaseBucket)
	if err != nil {
		return nil, err
	}
	return kv.Get(ctx, journal.LeaseKey)
}
