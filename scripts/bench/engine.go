package bench

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"pred.dev/engine/inproc"
	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	"pred.dev/engine/wire"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/publish"
	"pred.dev/scripts/cluster"
)

// EngineConfig sizes the engine service figures.
type EngineConfig struct {
	// JournalOps is the workload appended in the journal run; Callers is
	// how many clients append at once.
	JournalOps int
	Callers    int
	// LogCmds is the size of the log replayed and restarted from.
	LogCmds int
	// BaselineOps is how many workload operations the one-fsync-per-message
	// baseline appends (JournalPerMessage): each waits for its own
	// fsync, so fewer than JournalOps give a steady rate.
	BaselineOps int
}

// DefaultEngine is what `make bench` runs.
var DefaultEngine = EngineConfig{JournalOps: 150_000, Callers: 256, LogCmds: 10_000_000, BaselineOps: 3_000}

// QuickEngine is what `make bench-quick` runs: a log of half a million
// commands instead of ten million, and the journal's runs about an eighth
// and a sixth of the full ones.
var QuickEngine = EngineConfig{JournalOps: 20_000, Callers: 256, LogCmds: 500_000, BaselineOps: 500}

// testbed is a NATS server (embedded) or cluster (nats-server
// processes), a connection, and a directory.
type testbed struct {
	dir string
	srv *natsembed.Server
	// cluster, if set, is the NATS cluster instead of srv; replicas is
	// the streams' replica count on it.
	cluster  *cluster.NATS
	replicas int
	nc       *nats.Conn
}

func newTestbed(sync bool) (*testbed, error) {
	dir, err := os.MkdirTemp("", "pred-bench-")
	if err != nil {
		return nil, err
	}
	srv, err := natsembed.Start(natsembed.Options{StoreDir: dir + "/nats", Port: -1, SyncAlways: sync})
	if err != nil {
		return nil, err
	}
	nc, err := nats.Connect(srv.ClientURL())
	if err != nil {
		srv.Shutdown()
		return nil, err
	}
	return &testbed{dir: dir, srv: srv, nc: nc}, nil
}

func (t *testbed) close() {
	t.nc.Close()
	if t.srv != nil {
		t.srv.Shutdown()
	}
	if t.cluster != nil {
		_ = t.cluster.Stop()
	}
	os.RemoveAll(t.dir)
}

// engine runs an engine on the testbed until its Stop.
func (t *testbed) engine(mc machine.Config, mode service.Mode, sub string) (*inproc.Engine, error) {
	return inproc.Start(context.Background(), service.Config{DataDir: t.dir + "/" + sub, Conn: t.nc, Mode: mode,
		TickInterval: service.DefaultTickInterval, Machine: mc, Replicas: t.replicas})
}

// JournalCompare measures the journal on one embedded server (R1, the
// `make run` log) between two runs of its one-fsync-per-message baseline
// (JournalPerMessage), whose mean is journal_fsync_per_msg_cmds_per_sec,
// and journal_group_commit_ratio, the group commit's rate over it (goal:
// at least 40); then the journal on the three-node cluster at R3 (every
// append acknowledged by two nodes' disks), with the same workload and
// publishers, and reports R3's rate in percent of R1's. The baseline is
// the disk's fsync latency, which drifts from minute to minute on this
// machine (916 to 2,139 fsyncs a second in eight runs within an hour):
// measured on both sides, a drift falls on both, as the CLOB's ceiling's
// does.
func JournalCompare(cfg EngineConfig) ([]Figure, error) {
	before, err := JournalPerMessage(cfg)
	if err != nil {
		return nil, fmt.Errorf("one fsync per message: %w", err)
	}
	single, err := Journal(cfg)
	if err != nil {
		return nil, err
	}
	after, err := JournalPerMessage(cfg)
	if err != nil {
		return single, fmt.Errorf("one fsync per message, after: %w", err)
	}
	base := (before[0].Value + after[0].Value) / 2
	single = append(single, Figure{before[0].Name, base, before[0].Unit},
		Figure{"journal_group_commit_ratio", single[0].Value / base, "x"})
	clustered, err := ClusterJournal(cfg)
	if err != nil {
		return single, fmt.Errorf("cluster: %w", err)
	}
	return append(append(single, clustered...),
		Figure{"cluster_journal_rate_pct", 100 * clustered[0].Value / single[0].Value, "%"}), nil
}

// Journal measures commands appended through the group-commit publisher
// to a log that fsyncs every message, and applied by a running engine,
// with many clients appending at once as gateways do: the rate counts a
// command when the engine has applied it, and the latencies are those of
// the log's acknowledgement (Append) and of the engine's result (Submit).
func Journal(cfg EngineConfig) ([]Figure, error) {
	tb, err := newTestbed(true)
	if err != nil {
		return nil, err
	}
	defer tb.close()
	return journalRun(tb, cfg, "journal")
}

// ClusterJournal is Journal on three nats-server processes in one
// JetStream cluster on loopback, the streams at three replicas, each node
// syncing every message (the cluster's durability): the figures are
// named cluster_journal_*.
func ClusterJournal(cfg EngineConfig) ([]Figure, error) {
	tb, err := newClusterTestbed()
	if err != nil {
		return nil, err
	}
	defer tb.close()
	return journalRun(tb, cfg, "cluster_journal")
}

// journalRun runs the journal workload on tb and names its figures name_*.
func journalRun(tb *testbed, cfg EngineConfig, name string) ([]Figure, error) {
	w := loadgen.Generate(loadgen.Single(cfg.JournalOps))
	e, err := tb.engine(loadgen.MachineConfig(w.Config), benchMode, "engine")
	if err != nil {
		return nil, err
	}
	pub, err := publish.New(tb.nc, publish.Config{}, nil)
	if err != nil {
		return nil, err
	}
	defer pub.Close()
	if _, err := appendConcurrently(pub, toPB(w.Setup, w.Warm), cfg.Callers, false); err != nil {
		return nil, fmt.Errorf("append setup: %w", err)
	}
	start := time.Now()
	acks, err := appendConcurrently(pub, toPB(w.Commands), cfg.Callers, false)
	if err != nil {
		return nil, fmt.Errorf("append: %w", err)
	}
	if err := caughtUp(e, 2*time.Minute); err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	// Results: the same publisher waits for the engine's answer.
	var results []time.Duration
	if benchMode == service.ModeLeader {
		results, err = appendConcurrently(pub, toPB(submitCommands(w, cfg.JournalOps/5)), cfg.Callers, true)
	}
	if err != nil {
		return nil, fmt.Errorf("submit: %w", err)
	}
	if err := e.Stop(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return []Figure{
		{name + "_cmds_per_sec", float64(len(w.Commands)) / elapsed.Seconds(), "cmds/s"},
		{name + "_ack_p50_ms", quantileMs(acks, 0.50), "ms"},
		{name + "_ack_p99_ms", quantileMs(acks, 0.99), "ms"},
		{name + "_result_p99_ms", quantileMs(results, 0.99), "ms"},
	}, nil
}

// submitCommands are fresh places of funded users, so each gets a result.
func submitCommands(w *loadgen.Workload, n int) []machine.Command {
	var out []machine.Command
	for i := 0; len(out) < n && i < len(w.Commands); i++ {
		c := w.Commands[i]
		if c.Kind != machine.KindPlace {
			continue
		}
		c.ID[31] ^= 0xa5 // a new order id: the original was spent
		out = append(out, c)
	}
	return out
}

func toPB(parts ...[]machine.Command) []*pb.Command {
	var out []*pb.Command
	for _, cs := range parts {
		for i := range cs {
			out = append(out, wire.ToPB(&cs[i], nil))
		}
	}
	return out
}

// appendConcurrently appends (or submits) commands from callers goroutines
// and returns each call's latency.
func appendConcurrently(pub *publish.Publisher, cmds []*pb.Command, callers int, submit bool) ([]time.Duration, error) {
	next := make(chan *pb.Command)
	lat := make([][]time.Duration, callers)
	errs := make([]error, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				t0 := time.Now()
				var err error
				if submit {
					_, err = pub.Submit(context.Background(), c)
				} else {
					_, err = pub.Append(context.Background(), c)
				}
				if err != nil && errs[i] == nil {
					errs[i] = err
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		}()
	}
	for _, c := range cmds {
		next <- c
	}
	close(next)
	wg.Wait()
	var all []time.Duration
	for i := range lat {
		if errs[i] != nil {
			return nil, errs[i]
		}
		all = append(all, lat[i]...)
	}
	return all, nil
}

func quantileMs(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[min(len(s)-1, int(q*float64(len(s))))].Microseconds()) / 1000
}

// caughtUp waits until the engine applied the whole CMD stream.
func caughtUp(e *inproc.Engine, wait time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return e.Sync(ctx)
}

var benchMode = service.ModeLeader
