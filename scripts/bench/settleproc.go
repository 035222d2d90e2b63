package bench

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/nats-io/nats.go"

	"pred.dev/scripts/devnet"
	"pred.dev/scripts/internal/proc"
)

// settleNice is the nice value of the settlement side where it runs at
// a lower priority than the matching path: the lowest. On a host shared
// with the matching path the kernel then gives the gateway and the
// engine the cores first, and settlement (latency-tolerant: a trade is
// MATCHED at once and CONFIRMED later) catches up in the gaps. A real
// deployment runs the chain elsewhere and the settlement side on other
// hosts or at a priority this low.
const settleNice = 19

// Scheduling of the settlement side's processes (CLOBConfig.SettleSched).
const (
	// SchedIdle runs them under SCHED_IDLE: they get a core only when
	// nothing else wants it, and a waking gateway or engine thread
	// preempts them at once (the kernel treats a core running only
	// SCHED_IDLE work as idle when it places a waking thread). Measured
	// here it keeps about twice as much of the exchange's rate as nice 19.
	SchedIdle = "idle"
	// SchedNice runs them at nice 19: still a share of a busy core (about
	// 1.5% of a nice-0 thread's weight), and a waking nice-0 thread may
	// wait for the niced one's time slice to end.
	SchedNice = "nice"
	// SchedIdleOneCore runs them under SCHED_IDLE on the machine's last
	// core only (taskset), as a deployment that must share a host gives
	// background work a core set of its own: the exchange still runs on
	// every core, and the settlement's work in its gaps lands on one.
	// On this machine's two vCPUs, work in the exchange's gaps costs it
	// more than its CPU time (a plain SCHED_IDLE busy loop cost it 10% to
	// 17%, see CLOBConfig.IdleBurn); on one core the settled runs kept
	// 94.0%, 98.8%, 97.9% and 96.4% of the baseline where SchedIdle kept
	// 76% to 92%, for a slower catch-up (73 to 88 s instead of 50 to
	// 60 s).
	SchedIdleOneCore = "idle-one-core"
)

// lowPriority is bin run with args at the settlement side's priority
// (SchedIdle or SchedNice). chrt and nice set it before the program
// starts, so every thread its runtime starts inherits it; changing a Go
// process's priority after it started would miss the threads it already
// has (Linux keeps the policy and nice value per thread).
func lowPriority(sched, bin string, args ...string) *exec.Cmd {
	if sched == SchedNice {
		return exec.Command("nice", append([]string{"-n", strconv.Itoa(settleNice), bin}, args...)...)
	}
	if sched == SchedIdleOneCore {
		last := strconv.Itoa(runtime.NumCPU() - 1)
		return exec.Command("taskset", append([]string{"-c", last, "chrt", "--idle", "0", bin}, args...)...)
	}
	return exec.Command("chrt", append([]string{"--idle", "0", bin}, args...)...)
}

// idleSelf moves every thread of this process to SCHED_IDLE (see
// SchedIdle). It is for a process whose remaining work is the
// settlement side: threads the Go runtime starts later inherit the
// policy from the thread that starts them. The pass is repeated because
// a thread started during one can come from a thread not yet moved. It
// cannot be undone without privileges, so children started after it run
// under SCHED_IDLE too.
func idleSelf() error {
	const schedIdle = 5 // SCHED_IDLE in <linux/sched.h>
	var param struct{ priority int32 }
	for range 3 {
		ents, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return err
		}
		for _, e := range ents {
			tid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			// sched_setscheduler on a thread id sets that thread only.
			_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedIdle, uintptr(unsafe.Pointer(&param)))
			// A thread that ended since the listing is not an error.
			if errno != 0 && errno != syscall.ESRCH {
				return fmt.Errorf("bench: SCHED_IDLE for thread %d: %w", tid, errno)
			}
		}
	}
	return nil
}

// settleProcs is the settlement side of a devnet run as separate
// processes at a low priority (lowPriority): the chain (scripts/cmd/devchain), the
// relayer's worker (relayer/cmd/relayer), the settler
// (settler/cmd/settler), as the settler's chaos run starts them, and the
// NATS server of their own state (scripts/cmd/natsd: the relayer's
// queue and records, the settler's bucket), apart from the exchange's
// log as a deployment keeps it. The devnet runs with SettleElsewhere
// against the chain's RPC URL and that server.
type settleProcs struct {
	sched   string
	dir     string
	rpcURL  string
	natsURL string
	chain   *proc.Proc
	nats    *proc.Proc
	relayer *proc.Proc
	settler *proc.Proc
}

// settleProcBins are the programs of the settlement side.
var settleProcBins = []string{"./scripts/cmd/devchain", "./scripts/cmd/natsd", "./relayer/cmd/relayer", "./settler/cmd/settler"}

// chainReadyMax bounds the wait for the chain process's JSON-RPC.
const chainReadyMax = 30 * time.Second

// startSettleChain builds the settlement side's programs into dir/bin
// and starts the chain at sched's priority, returning once its JSON-RPC
// answers.
func startSettleChain(ctx context.Context, dir, sched string, sealWait time.Duration) (*settleProcs, error) {
	s := &settleProcs{dir: dir, sched: sched}
	if err := proc.Build(filepath.Join(dir, "bin"), settleProcBins...); err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	port, err := proc.FreePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	// On disk, not in memory: see scripts/cmd/devchain (in memory, the
	// freezer's scans of the whole database took most of the chain's CPU
	// once the catch-up's blocks piled up).
	if s.chain, err = s.start("devchain", "-addr", addr, "-datadir", filepath.Join(dir, "chain"), "-seal-wait", sealWait.String()); err != nil {
		return nil, err
	}
	s.rpcURL = "http://" + addr
	if err := s.startNATS(); err != nil {
		s.stop()
		return nil, err
	}
	deadline := time.Now().Add(chainReadyMax)
	for {
		c, err := ethclient.DialContext(ctx, s.rpcURL)
		if err == nil {
			_, err = c.ChainID(ctx)
			c.Close()
		}
		if err == nil {
			return s, nil
		}
		if s.chain.Exited() || time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("bench: the chain process did not serve %s: %v (log in %s)", s.rpcURL, err, dir)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// startNATS starts the settlement side's NATS server (fsyncing every
// message, as the exchange's does) and returns once it takes clients.
func (s *settleProcs) startNATS() error {
	port, err := proc.FreePort()
	if err != nil {
		return err
	}
	if s.nats, err = s.start("natsd", "-port", strconv.Itoa(port), "-dir", filepath.Join(s.dir, "settle-nats")); err != nil {
		return err
	}
	s.natsURL = fmt.Sprintf("nats://127.0.0.1:%d", port)
	deadline := time.Now().Add(chainReadyMax)
	for {
		nc, err := nats.Connect(s.natsURL)
		if err == nil {
			nc.Close()
			return nil
		}
		if s.nats.Exited() || time.Now().After(deadline) {
			return fmt.Errorf("bench: the settlement's NATS did not serve %s: %v (log in %s)", s.natsURL, err, s.dir)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// startWorkers starts the relayer's worker and the settler at the low
// priority
// against d (started with SettleElsewhere on s.rpcURL).
func (s *settleProcs) startWorkers(d *devnet.Devnet) error {
	var err error
	// The devnet's own relayer keys and settings (RelayerConfig): the hot
	// key it funded and made the exchanges' operator, 2 confirmations,
	// 25 ms polls. Its API listens on a free port and is not used.
	if s.relayer, err = s.start("relayer", "-nats-url", s.natsURL, "-deployment", d.RecordPath, "-listen", "127.0.0.1:0",
		"-log-level", "warn", "-jwt-key", hex.EncodeToString(devnet.JWTKey()),
		"-hot-key", hex.EncodeToString(crypto.FromECDSA(devnet.RelayerKey())), "-confirmations", "2", "-poll", "25ms"); err != nil {
		return err
	}
	port, err := proc.FreePort()
	if err != nil {
		return err
	}
	// The devnet watches the chain, redeems and serves the markets service
	// itself (in its process, as with the embedded settlement), so this
	// settler only settles.
	s.settler, err = s.start("settler", "-nats-url", d.NATSURL, "-store-nats-url", s.natsURL, "-deployment", d.RecordPath,
		"-admin-addr", fmt.Sprintf("127.0.0.1:%d", port), "-log-level", "warn", "-chainwatch=false", "-markets=false")
	return err
}

// start starts dir/bin/name at the low priority, its output in dir/name.log.
func (s *settleProcs) start(name string, args ...string) (*proc.Proc, error) {
	return proc.StartLogged(lowPriority(s.sched, filepath.Join(s.dir, "bin", name), args...), filepath.Join(s.dir, name+".log"))
}

// cpu is the CPU time (user and system) the settlement side's
// processes have used so far, from /proc/<pid>/stat.
func (s *settleProcs) cpu() time.Duration {
	var ticks int64
	for _, p := range []*proc.Proc{s.chain, s.nats, s.relayer, s.settler} {
		if p == nil {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.Cmd.Process.Pid))
		if err != nil {
			continue
		}
		// Fields after the command name (which may hold spaces, so the
		// split is after its closing parenthesis): utime and stime are
		// the 14th and 15th fields of the line, 12th and 13th here.
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		for _, i := range []int{11, 12} {
			if i < len(f) {
				n, _ := strconv.ParseInt(f[i], 10, 64)
				ticks += n
			}
		}
	}
	// USER_HZ is 100 on every Linux architecture Go runs on.
	return time.Duration(ticks) * 10 * time.Millisecond
}

// signal sends sig to the settlement side's processes.
func (s *settleProcs) signal(sig syscall.Signal) {
	for _, p := range []*proc.Proc{s.chain, s.nats, s.relayer, s.settler} {
		if p != nil {
			_ = p.Cmd.Process.Signal(sig)
		}
	}
}

// stopBound is how long a process gets to stop after SIGTERM.
const stopBound = 10 * time.Second

// stop stops the settler, the worker, their NATS server and the chain,
// in that order.
func (s *settleProcs) stop() {
	s.settler.Stop(stopBound)
	s.relayer.Stop(stopBound)
	s.nats.Stop(stopBound)
	s.chain.Stop(stopBound)
}

// idleBurn starts a busy loop under SCHED_IDLE (CLOBConfig.IdleBurn) and
// returns what stops it.
func idleBurn() (func(), error) {
	cmd := exec.Command("chrt", "--idle", "0", "sh", "-c", "while :; do :; done")
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("bench: idle burn: %w", err)
	}
	var once sync.Once
	return func() { once.Do(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }) }, nil
}
