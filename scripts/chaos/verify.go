package chaos

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// catchUpMax bounds the wait for the engine to apply the whole log.
const catchUpMax = 2 * time.Minute

// verify waits for the engine to apply the whole log, reads both streams
// and counts what was lost or duplicated, then compares the engine's state
// hash with a clean replay.
func (r *run) verify(ctx context.Context, rep Report, acked map[string]bool) (Report, error) {
	nc, err := nats.Connect(r.natsURL)
	if err != nil {
		return rep, err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return rep, err
	}
	last, err := r.catchUp(ctx, nc, js)
	if err != nil {
		return rep, err
	}
	cmdSeqOf, dupCmds, err := commandSeqs(ctx, js, last)
	if err != nil {
		return rep, err
	}
	applied, dupBatches, err := appliedCommands(ctx, js)
	if err != nil {
		return rep, err
	}
	rep.Duplicated = dupCmds + dupBatches
	for id := range acked {
		if _, inLog := cmdSeqOf[id]; !inLog || applied[id] == 0 {
			rep.Lost++
			r.logf("acknowledged command %x never applied (in log: %v)", id, inLog)
		}
	}
	for id, n := range applied {
		if n > 1 {
			rep.Duplicated++
			r.logf("command %x applied %d times", id, n)
		}
	}
	if err := r.compareHashes(&rep); err != nil {
		return rep, err
	}
	return rep, nil
}

// catchUp waits until the engine reports the log's last sequence applied.
func (r *run) catchUp(ctx context.Context, nc *nats.Conn, js jetstream.JetStream) (uint64, error) {
	deadline := time.Now().Add(catchUpMax)
	for {
		st, err := js.Stream(ctx, journal.CommandStream)
		if err != nil {
			return 0, err
		}
		info, err := st.Info(ctx)
		if err != nil {
			return 0, err
		}
		qctx, cancel := context.WithTimeout(ctx, time.Second)
		resp, err := journal.Query(qctx, nc, &pb.QueryRequest{Query: &pb.QueryRequest_Status{Status: &pb.StatusQuery{}}})
		cancel()
		if err == nil && resp.GetStatus().GetAppliedSeq() == info.State.LastSeq {
			return info.State.LastSeq, nil
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("chaos: engine did not catch up with %d commands messages in %s (see %s)",
				info.State.LastSeq, catchUpMax, filepath.Join(r.dir, "engine.log"))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// commandSeqs maps every command id in the CMD stream to the sequence of
// its message, counting ids that appear in two messages.
func commandSeqs(ctx context.Context, js jetstream.JetStream, last uint64) (map[string]uint64, int, error) {
	seqOf := map[string]uint64{}
	dups := 0
	err := readStream(ctx, js, journal.CommandStream, last, func(seq uint64, _ nats.Header, data []byte) error {
		batch, err := journal.DecodeCommandBatch(data)
		if err != nil {
			return fmt.Errorf("CMD %d: %w", seq, err)
		}
		for _, c := range batch.GetCommands() {
			if _, dup := seqOf[string(c.GetId())]; dup {
				dups++
			}
			seqOf[string(c.GetId())] = seq
		}
		return nil
	})
	return seqOf, dups, err
}

// appliedCommands counts how often each command id appears in the results
// of the EVT stream's batches, and how many batches repeat a CMD sequence.
func appliedCommands(ctx context.Context, js jetstream.JetStream) (map[string]int, int, error) {
	st, err := js.Stream(ctx, journal.EventStream)
	if err != nil {
		return nil, 0, err
	}
	info, err := st.Info(ctx)
	if err != nil {
		return nil, 0, err
	}
	applied := map[string]int{}
	batches := map[uint64]bool{}
	dups := 0
	err = readStream(ctx, js, journal.EventStream, info.State.LastSeq, func(seq uint64, h nats.Header, data []byte) error {
		batch, err := journal.DecodeEventBatch(data)
		if err != nil {
			return fmt.Errorf("EVT %d: %w", seq, err)
		}
		if batches[batch.GetCommandSeq()] {
			dups++
		}
		batches[batch.GetCommandSeq()] = true
		for _, res := range batch.GetResults() {
			applied[string(res.GetCommandId())]++
		}
		return nil
	})
	return applied, dups, err
}

// readStream calls fn for every message of a stream up to last.
func readStream(ctx context.Context, js jetstream.JetStream, stream string, last uint64,
	fn func(seq uint64, h nats.Header, data []byte) error) error {
	if last == 0 {
		return nil
	}
	cons, err := js.OrderedConsumer(ctx, stream, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return err
	}
	for {
		batch, err := cons.Fetch(500, jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			return err
		}
		n := 0
		for msg := range batch.Messages() {
			n++
			meta, err := msg.Metadata()
			if err != nil {
				return err
			}
			if err := fn(meta.Sequence.Stream, msg.Headers(), msg.Data()); err != nil {
				return err
			}
			if meta.Sequence.Stream >= last {
				return nil
			}
		}
		if err := batch.Error(); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("chaos: %s ended before sequence %d", stream, last)
		}
	}
}

// compareHashes stops the engine, hashes its data dir, replays the log
// into a fresh one and compares.
func (r *run) compareHashes(rep *Report) error {
	_ = r.engine.Process.Signal(syscall.SIGTERM)
	_ = r.engine.Wait()
	r.engine = nil
	live, err := r.engineOutput("hash", "-data-dir", filepath.Join(r.dir, "engine"))
	if err != nil {
		return err
	}
	replay, err := r.engineOutput("replay", "-data-dir", filepath.Join(r.dir, "replay"), "-nats-url", r.natsURL)
	if err != nil {
		return err
	}
	rep.LiveHash, rep.ReplayHash = field(live, "state_hash"), field(replay, "state_hash")
	rep.HashMatch = rep.LiveHash != "" && rep.LiveHash == rep.ReplayHash &&
		field(live, "applied_seq") == field(replay, "applied_seq")
	r.logf("live %s at %s, replay %s at %s", rep.LiveHash, field(live, "applied_seq"), rep.ReplayHash, field(replay, "applied_seq"))
	return nil
}

func (r *run) engineOutput(args ...string) (string, error) {
	cmd := exec.Command(filepath.Join(r.bin, "engine"), append(args, "-log-level", "error")...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("chaos: engine %s: %v\n%s", args[0], err, errb.String())
	}
	return out.String(), nil
}

// field reads "name value" from engine command output.
func field(out, name string) string {
	for _, line := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == name {
			return v
		}
	}
	return ""
}
