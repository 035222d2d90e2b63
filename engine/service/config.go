// Package service is the shell around the engine's pure core: it reads the
// command log (the CMD stream) in order, applies each command to the core,
// writes the core's state changes, the read model and the log position to
// Pebble in one batch, publishes the events (the EVT stream), answers the
// publishers and serves queries. It survives being killed at any instant:
// on start it loads Pebble, resumes after the last applied command and
// republishes nothing the EVT stream already has.
//
// The apply loop is the only goroutine that touches the core. Around it:
// a pump that feeds it messages from the stream, a clock that appends Tick
// commands to the log (the leader only), the query responder, and the
// admin HTTP server (metrics, liveness, readiness).
package service

import (
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/proto/runtime/lease"
)

// Config configures an engine.
type Config struct {
	// DataDir holds the Pebble database.
	DataDir string
	// Conn is the NATS connection; the caller owns it.
	Conn *nats.Conn
	// Mode is ModeLeader (publishes events, replies and ticks),
	// ModeFollower (a read replica: applies and serves queries only, and
	// never leads) or ModeReplay (applies the log up to its current end
	// and stops).
	Mode Mode
	// LeaseTTL, if set, makes ModeLeader engines elect their leader: each
	// starts as a standby and leads while it holds the lease, which
	// expires LeaseTTL after its last renewal (lease.go). Zero: a
	// ModeLeader engine leads from its start, alone.
	LeaseTTL time.Duration
	// ReplayTo, in ModeReplay, is the CMD sequence the replay stops at;
	// zero means where the log ends when the replay starts.
	ReplayTo uint64
	// InstanceID names this engine in the lease; the default is the host
	// name and process id.
	InstanceID string
	// Replicas of the CMD and EVT streams, created if missing.
	Replicas int
	// TickInterval is how often the leader appends a Tick command.
	TickInterval time.Duration
	// BatchMax bounds the CMD messages applied and committed together.
	BatchMax int
	// CheckpointInterval is how often a batch is committed durably (a
	// memtable flush, the WAL being off); batches in between are written
	// without (the log is the durable copy, and a restart replays what
	// the last checkpoint lacks).
	CheckpointInterval time.Duration
	// NoQueries keeps this engine out of the query group: it applies (and,
	// leading, publishes) but answers no query, so that every read goes to
	// the read replicas (ModeFollower) and the leader spends its time on
	// the log. A deployment that sets it must run at least one replica.
	NoQueries bool
	// QueryWaitMax bounds how long a query waits for its min_seq.
	QueryWaitMax time.Duration
	// ReadyLagMax is the lag, in CMD messages, under which /readyz says ready.
	ReadyLagMax uint64
	// AdminAddr serves /metrics, /livez and /readyz; empty disables it.
	AdminAddr string
	// Machine holds the core's rules; every engine on a log must agree.
	Machine machine.Config
	Logger  *zap.Logger
	// OnEvents, if set, receives each CMD message's framed event batch as a
	// leader would publish it, in every mode; tests use it to check that a
	// replay produces the live engine's events byte for byte.
	OnEvents func(seq uint64, framed []byte)
}

// Mode is the role of an engine.
type Mode int

const (
	ModeLeader Mode = iota
	ModeFollower
	ModeReplay
)

func (m Mode) String() string {
	return [...]string{"leader", "follower", "replay"}[m]
}

// Defaults.
const (
	DefaultTickInterval = 100 * time.Millisecond
	DefaultBatchMax     = 256
	// DefaultCheckpointInterval is 10 s, not 1 s: with Pebble's WAL off,
	// each checkpoint flushes the memtable to a new L0 file, and one a
	// second made files of a few megabytes that compactions merged again
	// and again (a fifth of the journal run's CPU). At 10 s the many
	// versions an order's record goes through reach disk once. In 5
	// alternated pairs of journal runs, 10 s was the faster in each, by a
	// median of 13% (medians 41.4k against 32.1k commands/s). The cost is
	// at restart: up to 10 s of log to replay, about a second at replay's
	// rate.
	DefaultCheckpointInterval = 10 * time.Second
	DefaultQueryWaitMax       = 2 * time.Second
	DefaultReadyLagMax        = 1_000
	// pumpBufferMsgs bounds the messages read ahead of the apply loop.
	pumpBufferMsgs = 4_096
	// replayBatchMax is the batch size while replaying: no one waits on a
	// replayed command, so larger batches cost nothing. Each batch (about
	// 130k commands at 2,048 messages of 64) becomes one table ingested
	// into L0 (store's bulk load). Alternated on a 5M-command log, replay
	// measured 681k and 576k cmds/s at 2,048 messages, 638k and 666k at
	// 1,024, and 537k and 491k at 4,096, whose larger runs are sorted
	// further from the cache.
	replayBatchMax = 2_048
)

func (c *Config) withDefaults() error {
	if c.DataDir == "" {
		return errors.New("service: a data dir is required")
	}
	if c.Conn == nil {
		return errors.New("service: a NATS connection is required")
	}
	if c.Replicas == 0 {
		c.Replicas = 1
	}
	if c.TickInterval == 0 {
		c.TickInterval = DefaultTickInterval
	}
	if c.BatchMax == 0 {
		c.BatchMax = DefaultBatchMax
	}
	if c.Mode == ModeReplay {
		c.BatchMax = replayBatchMax
	}
	if c.CheckpointInterval == 0 {
		c.CheckpointInterval = DefaultCheckpointInterval
	}
	if c.QueryWaitMax == 0 {
		c.QueryWaitMax = DefaultQueryWaitMax
	}
	if c.LeaseTTL != 0 && c.LeaseTTL < lease.TTLMin {
		return fmt.Errorf("service: lease TTL %s is below the minimum %s", c.LeaseTTL, lease.TTLMin)
	}
	c.InstanceID = lease.HolderName(c.InstanceID)
	if c.ReadyLagMax == 0 {
		c.ReadyLagMax = DefaultReadyLagMax
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
	return nil
}
