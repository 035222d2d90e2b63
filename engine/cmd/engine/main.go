// Command engine runs the matching engine.
//
//	engine [run] [flags]   apply the command log, publish events, serve queries
//	                       (with -lease-ttl, as one of several engines that elect a leader)
//	engine replay [flags]  rebuild state from the whole log into a fresh data dir
//	engine hash [flags]    print the state hash of a data dir
//	engine checkpoint -to DIR [flags]  copy a stopped engine's data dir (Pebble checkpoint) to seed another
//
// Every flag falls back to ENGINE_<FLAG_NAME> in the environment. Without
// -nats-url the engine embeds a NATS server with JetStream (fsync on every
// message) under the data dir.
package main

import (
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/proto/runtime/natsconn"
	"pred.dev/proto/runtime/natsembed"
)

type options struct {
	cfg        service.Config
	mode       string
	natsURL    string
	natsDir    string
	natsPort   int
	to         string
	feeAccount string
	logLevel   string
	// serveQueries is the flag; Config.NoQueries its negation.
	serveQueries bool
}

func parse(name string, args []string) (*options, *flag.FlagSet, error) {
	o := &options{cfg: service.Config{Machine: machine.DefaultConfig()}}
	fs := flag.NewFlagSet("engine "+name, flag.ContinueOnError)
	fs.StringVar(&o.cfg.DataDir, "data-dir", "data/engine", "engine state (Pebble) directory")
	fs.StringVar(&o.mode, "mode", "leader", "leader (publishes events and ticks; with -lease-ttl, a standby until it wins the lease) or follower (read replica, never leads)")
	fs.DurationVar(&o.cfg.LeaseTTL, "lease-ttl", 0, "elect the leader among engines on this log through a lease in NATS KV that expires this long after its last renewal (e.g. 3s); 0: lead alone")
	fs.StringVar(&o.cfg.InstanceID, "instance-id", "", "this engine's name in the lease (default host/pid)")
	fs.StringVar(&o.natsURL, "nats-url", "", "NATS server or cluster URL; empty embeds a server under <data-dir>/nats")
	fs.StringVar(&o.natsDir, "nats-dir", "", "JetStream store of the embedded NATS server (default <data-dir>/nats; replay needs this or -nats-url)")
	fs.IntVar(&o.natsPort, "nats-port", 4222, "client port of the embedded NATS server (-1 picks one)")
	fs.IntVar(&o.cfg.Replicas, "replicas", 1, "replicas of the CMD and EVT streams (3 in a cluster)")
	fs.BoolVar(&o.serveQueries, "serve-queries", true, "answer queries; false leaves them to the read replicas (-mode follower), at least one of which must then run")
	fs.DurationVar(&o.cfg.TickInterval, "tick-interval", service.DefaultTickInterval, "how often the leader appends a Tick command")
	fs.IntVar(&o.cfg.BatchMax, "batch-max", service.DefaultBatchMax, "CMD messages applied and committed together, at most")
	fs.DurationVar(&o.cfg.CheckpointInterval, "checkpoint-interval", service.DefaultCheckpointInterval, "how often a batch is committed durably; a restart replays at most this much of the log")
	fs.StringVar(&o.cfg.AdminAddr, "admin-addr", "127.0.0.1:9101", "address of /metrics, /livez and /readyz (empty: off)")
	fs.StringVar(&o.feeAccount, "fee-account", "0x0000000000000000000000000000000000000000", "wallet that collects taker fees")
	fs.Int64Var(&o.cfg.Machine.HeartbeatTimeoutMs, "heartbeat-timeout-ms", o.cfg.Machine.HeartbeatTimeoutMs, "silence after which an API key that sent heartbeats loses its orders")
	fs.Uint64Var(&o.cfg.ReplayTo, "to-seq", 0, "replay: stop after this CMD sequence (0: where the log ends when the replay starts)")
	fs.StringVar(&o.to, "to", "", "checkpoint: the directory to create with the copy")
	fs.StringVar(&o.logLevel, "log-level", "info", "debug, info, warn or error")
	if err := flagenv.Parse(fs, args, "ENGINE"); err != nil {
		return nil, nil, err
	}
	if o.natsDir == "" {
		if name == "replay" && o.natsURL == "" {
			return nil, nil, fmt.Errorf("replay reads the log from -nats-url or from an embedded store given by -nats-dir")
		}
		o.natsDir = filepath.Join(o.cfg.DataDir, "nats")
	}
	addr, err := hex.DecodeString(trim0x(o.feeAccount))
	if err != nil || len(addr) != 20 {
		return nil, nil, fmt.Errorf("-fee-account %q is not a 20-byte hex address", o.feeAccount)
	}
	copy(o.cfg.Machine.FeeAccount[:], addr)
	o.cfg.NoQueries = !o.serveQueries
	switch o.mode {
	case "leader":
		o.cfg.Mode = service.ModeLeader
	case "follower":
		o.cfg.Mode = service.ModeFollower
	default:
		return nil, nil, fmt.Errorf("-mode %q: want leader or follower", o.mode)
	}
	return o, fs, nil
}

func trim0x(s string) string {
	if len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		return s[2:]
	}
	return s
}

func main() {
	daemon.Main("engine", func(ctx context.Context, args []string) error {
		cmd := "run"
		if len(args) > 0 && (args[0] == "run" || args[0] == "replay" || args[0] == "hash" || args[0] == "checkpoint") {
			cmd, args = args[0], args[1:]
		}
		return run(ctx, cmd, args)
	})
}

func run(ctx context.Context, cmd string, args []string) error {
	o, fs, err := parse(cmd, args)
	if err != nil {
		return err
	}
	log, err := daemon.NewLogger(o.logLevel)
	if err != nil {
		return err
	}
	defer func() { _ = log.Sync() }()
	o.cfg.Logger = log
	daemon.LogConfig(log.With(zap.String("command", cmd)), "engine starting", fs)
	if cmd == "hash" {
		h, seq, err := service.Hash(o.cfg.DataDir, o.cfg.Machine)
		if err != nil {
			return err
		}
		fmt.Printf("state_hash %x\napplied_seq %d\n", h, seq)
		return nil
	}
	if cmd == "checkpoint" {
		h, seq, err := service.Checkpoint(o.cfg.DataDir, o.to, o.cfg.Machine)
		if err != nil {
			return err
		}
		fmt.Printf("checkpoint %s\nstate_hash %x\napplied_seq %d\n", o.to, h, seq)
		return nil
	}
	nc, shutdown, err := connect(o, log)
	if err != nil {
		return err
	}
	defer shutdown()
	o.cfg.Conn = nc
	if cmd == "replay" {
		r, err := service.Replay(ctx, o.cfg)
		if err != nil {
			return err
		}
		fmt.Printf("replay_commands %d\nreplay_seconds %.3f\nreplay_cmds_per_sec %.0f\nstate_hash %x\napplied_seq %d\n",
			r.Commands, r.Elapsed.Seconds(), r.CmdsPerSec(), r.StateHash, r.AppliedSeq)
		return nil
	}
	s, err := service.Open(ctx, o.cfg)
	if err != nil {
		return err
	}
	defer s.Close()
	return s.Run(ctx)
}

// connect joins the configured NATS, or starts the embedded one.
func connect(o *options, log *zap.Logger) (*nats.Conn, func(), error) {
	if o.natsURL != "" {
		nc, err := natsconn.Connect(o.natsURL, "engine")
		return nc, func() { nc.Close() }, err
	}
	srv, err := natsembed.Start(natsembed.Options{StoreDir: o.natsDir, Port: o.natsPort,
		SyncAlways: true, Name: "engine", Logger: log.Named("nats")})
	if err != nil {
		return nil, nil, err
	}
	nc, err := srv.Connect(natsconn.Options("engine")...)
	if err != nil {
		srv.Shutdown()
		return nil, nil, err
	}
	log.Info("embedded NATS started", zap.String("url", srv.ClientURL()))
	return nc, func() { nc.Close(); srv.Shutdown() }, nil
}
