package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/engine/loadgen"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/streams"
)

// JournalPerMessage is the baseline of the journal's group commit: the
// same log (an embedded server fsyncing every message, the CMD stream as
// the engine creates it) and the same publisher, but one command per
// message (BatchMax 1) from one caller, each appended and acknowledged
// before the next, so every command waits for an fsync of its own.
// journal_fsync_per_msg_cmds_per_sec is its rate. No engine applies
// them: an acknowledged append is all the baseline waits for.
func JournalPerMessage(cfg EngineConfig) ([]Figure, error) {
	tb, err := newTestbed(true)
	if err != nil {
		return nil, err
	}
	defer tb.close()
	js, err := jetstream.New(tb.nc)
	if err != nil {
		return nil, err
	}
	if err := streams.Ensure(context.Background(), js, streams.Config{}); err != nil {
		return nil, err
	}
	pub, err := publish.New(tb.nc, publish.Config{BatchMax: 1}, nil)
	if err != nil {
		return nil, err
	}
	defer pub.Close()
	w := loadgen.Generate(loadgen.Single(cfg.BaselineOps))
	cmds := toPB(w.Commands)
	start := time.Now()
	if _, err := appendConcurrently(pub, cmds, 1, false); err != nil {
		return nil, fmt.Errorf("append one per message: %w", err)
	}
	return []Figure{{"journal_fsync_per_msg_cmds_per_sec", float64(len(cmds)) / time.Since(start).Seconds(), "cmds/s"}}, nil
}
