package bench

import (
	"context"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	"pred.dev/engine/wire"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/streams"
)

// logBatchCmds is how many commands each CMD message of the generated log
// holds, as group commit fills them under load.
const logBatchCmds = 64

// ReplayRestart writes a log of about cfg.LogCmds commands (the
// exchange-core mix on one market), replays it into a fresh data dir, then
// restarts an engine from that data dir: replay_cmds_per_sec is the full
// replay's rate, restart_ms the time from opening the data dir to serving
// with the whole log applied. While the log is written, the core alone
// (machine.Machine, as the matcher figures run it) applies the same
// commands: replay_matcher_cmds_per_sec, and replay_matcher_pct the
// replay's rate in percent of it (goal: at least 40).
// replay_keys_per_cmd and replay_bytes_per_cmd are what the replay wrote
// to the store per command (sets and deletes, and their batches' size):
// the store's writes are most of the replay's cost.
func ReplayRestart(cfg EngineConfig) ([]Figure, error) {
	tb, err := newTestbed(false) // durability of the setup is not what is measured
	if err != nil {
		return nil, err
	}
	defer tb.close()
	lc := loadgen.Single(cfg.LogCmds * 100 / 182) // a cancel-and-replace is two commands
	mc := loadgen.MachineConfig(lc)
	core := newCoreClock(mc)
	n, err := writeLog(tb, lc, core)
	if err != nil {
		return nil, err
	}
	coreRate := core.cmdsPerSec()
	core = nil
	r, err := service.Replay(context.Background(), service.Config{DataDir: tb.dir + "/replay", Conn: tb.nc, Machine: mc})
	if err != nil {
		return nil, err
	}
	start := time.Now()
	e, err := tb.engine(mc, service.ModeFollower, "replay")
	if err != nil {
		return nil, err
	}
	if err := caughtUp(e, time.Minute); err != nil {
		return nil, err
	}
	restart := time.Since(start)
	if err := e.Stop(); err != nil {
		return nil, err
	}
	return []Figure{
		{"replay_log_cmds", float64(n), "cmds"},
		{"replay_cmds_per_sec", r.CmdsPerSec(), "cmds/s"},
		{"replay_matcher_cmds_per_sec", coreRate, "cmds/s"},
		{"replay_matcher_pct", 100 * r.CmdsPerSec() / coreRate, "%"},
		{"replay_keys_per_cmd", float64(r.Keys) / float64(r.Commands), "keys/cmd"},
		{"replay_bytes_per_cmd", float64(r.Bytes) / float64(r.Commands), "bytes/cmd"},
		{"restart_ms", float64(restart.Milliseconds()), "ms"},
	}, nil
}

// writeLog streams a workload into the CMD stream without keeping it in
// memory, and returns how many commands it wrote. Each command also goes
// to core, whose timed loops run while no publish is pending, so the
// embedded server's work on the log does not share their time.
func writeLog(tb *testbed, lc loadgen.Config, core *coreClock) (int, error) {
	js, err := jetstream.New(tb.nc, jetstream.WithPublishAsyncMaxPending(1024))
	if err != nil {
		return 0, err
	}
	if err := streams.Ensure(context.Background(), js, streams.Config{}); err != nil {
		return 0, err
	}
	var perr error
	n := 0
	batch := &pb.CommandBatch{}
	flush := func() {
		if len(batch.Commands) == 0 || perr != nil {
			return
		}
		frame, err := journal.EncodeCommandBatch(batch)
		if err == nil {
			_, err = js.PublishAsync(journal.CommandSubject, frame)
		}
		perr = err
		batch.Commands = batch.Commands[:0]
	}
	loadgen.Stream(lc, func(c *machine.Command) {
		batch.Commands = append(batch.Commands, wire.ToPB(c, nil))
		n++
		if len(batch.Commands) == logBatchCmds {
			flush()
		}
		if core.add(c) {
			flush()
			<-js.PublishAsyncComplete()
			core.apply()
		}
	})
	flush()
	<-js.PublishAsyncComplete()
	return n, perr
}
