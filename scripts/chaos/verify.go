package chaos

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
	"pred.dev/proto/runtime/streams"
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
	last, err := r.catchUp(ctx, js, &rep)
	if err != nil {
		return rep, err
	}
	cmdSeqOf, ticks, loggedTwice, err := commandSeqs(ctx, js, last)
	if err != nil {
		return rep, err
	}
	applied, dupBatches, err := appliedCommands(ctx, js)
	if err != nil {
		return rep, err
	}
	// A command logged twice under one id is not a defect by itself:
	// writers that append again after an unknown outcome under the same
	// command id (the chain watchers, the faucet and the watcher's deposit
	// of it, a settler's status, the publisher's retry of a batch whose
	// acknowledgement was lost in a leader change) rely on the engine
	// refusing the second copy. Applied twice is the defect; logged twice
	// is counted apart.
	rep.LoggedTwice = loggedTwice
	rep.Duplicated = dupBatches
	for id := range acked {
		if _, inLog := cmdSeqOf[id]; !inLog || applied[id].results == 0 {
			rep.Lost++
			r.logf("acknowledged command %x never applied (in log: %v)", id, inLog)
		}
	}
	for id, n := range applied {
		// A tick appended again under its id (the clock's publisher
		// retrying after an unknown outcome while NATS elects a leader)
		// is one more clock reading: the engine takes the later time and
		// nothing else changes, so it is not a command applied twice.
		if n.changed > 1 && !ticks[id] {
			rep.Duplicated++
			r.logf("command %x changed the state %d times (%d results)", id, n.changed, n.results)
		}
	}
	if err := r.compareHashes(&rep); err != nil {
		return rep, err
	}
	return rep, nil
}

// catchUp waits until every engine reports the log's last sequence
// applied.
func (r *run) catchUp(ctx context.Context, js jetstream.JetStream, rep *Report) (uint64, error) {
	deadline := time.Now().Add(catchUpMax)
	for {
		if err := r.supervise(rep); err != nil {
			return 0, err
		}
		last, err := streams.LastSeq(ctx, js, journal.CommandStream)
		if err != nil {
			return 0, err
		}
		behind := ""
		for _, e := range r.engines {
			if seq, err := e.appliedSeq(); err != nil || seq != last {
				behind = e.id
				break
			}
		}
		if behind == "" {
			return last, nil
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("chaos: engine %s did not catch up with %d commands messages in %s (see %s)",
				behind, last, catchUpMax, filepath.Join(r.dir, behind+".log"))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// appliedSeq reads engine_applied_seq from the engine's metrics.
func (e *engine) appliedSeq() (uint64, error) {
	url := e.metricsURL
	if url == "" {
		url = fmt.Sprintf("http://127.0.0.1:%d/metrics", e.adminPort)
	}
	resp, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "engine_applied_seq "); ok {
			f, err := strconv.ParseFloat(v, 64)
			return uint64(f), err
		}
	}
	return 0, fmt.Errorf("chaos: no engine_applied_seq in the metrics of %s", e.id)
}

// commandSeqs maps every command id in the CMD stream to the sequence of
// its message, counting ids that appear in two messages; ticks are the
// ids of Tick commands.
func commandSeqs(ctx context.Context, js jetstream.JetStream, last uint64) (map[string]uint64, map[string]bool, int, error) {
	seqOf, ticks := map[string]uint64{}, map[string]bool{}
	dups := 0
	err := readStream(ctx, js, journal.CommandStream, last, func(seq uint64, msg jetstream.Msg) error {
		batch, err := journal.DecodeCommandBatch(msg.Data())
		if err != nil {
			return fmt.Errorf("CMD %d: %w", seq, err)
		}
		for _, c := range batch.GetCommands() {
			if _, dup := seqOf[string(c.GetId())]; dup {
				dups++
			}
			seqOf[string(c.GetId())] = seq
			if c.GetTick() != nil {
				ticks[string(c.GetId())] = true
			}
		}
		return nil
	})
	return seqOf, ticks, dups, err
}

// applications counts what the engine did with one command id: results
// are its answers other than the refusal of an id it had spent (what
// "applied" means to the lost check: the engine took the command and
// answered it, accepting or refusing), changed the answers with an event
// that is not a refusal. A refusal changes no state (the engine checks
// everything before its first change), nor does a repeated report of a
// trade's status (no event at all), so changed above one is a command
// applied twice, whatever the engine said to a later copy.
type applications struct{ results, changed int }

// appliedCommands counts the results of each command id in the EVT
// stream's batches, and how many batches repeat a CMD sequence.
func appliedCommands(ctx context.Context, js jetstream.JetStream) (map[string]applications, int, error) {
	last, err := streams.LastSeq(ctx, js, journal.EventStream)
	if err != nil || last == 0 {
		return nil, 0, err
	}
	applied := map[string]applications{}
	batches := map[uint64]bool{}
	dups := 0
	ctx, cancel := context.WithTimeout(ctx, readMax)
	defer cancel()
	err = follow.Events(ctx, js, follow.Options{}, func(seq uint64, batch *pb.EventBatch) error {
		if batches[batch.GetCommandSeq()] {
			dups++
		}
		batches[batch.GetCommandSeq()] = true
		for _, res := range batch.GetResults() {
			if spentID(batch, res) {
				continue
			}
			a := applied[string(res.GetCommandId())]
			a.results++
			if changedState(batch, res) {
				a.changed++
			}
			applied[string(res.GetCommandId())] = a
		}
		if seq >= last {
			return follow.ErrStop
		}
		return nil
	})
	if err == nil && ctx.Err() != nil {
		err = fmt.Errorf("chaos: %s ended before sequence %d", journal.EventStream, last)
	}
	return applied, dups, err
}

// resultEvents are the events of one command's result.
func resultEvents(batch *pb.EventBatch, res *pb.CommandResult) []*pb.Event {
	first, n := int(res.GetFirstEvent()), int(res.GetEventCount())
	if first+n > len(batch.GetEvents()) {
		return nil
	}
	return batch.GetEvents()[first : first+n]
}

// refusal is the reason of a refusal event, UNSPECIFIED for any other.
func refusal(ev *pb.Event) pb.RejectReason {
	if rej := ev.GetCommandRejected(); rej != nil {
		return rej.GetReason()
	}
	if rej := ev.GetOrderRejected(); rej != nil {
		return rej.GetReason()
	}
	return pb.RejectReason_REJECT_REASON_UNSPECIFIED
}

// spentID says whether a command's only event is the engine's refusal of
// a command or order id it had spent before: a copy, not an application.
func spentID(batch *pb.EventBatch, res *pb.CommandResult) bool {
	evs := resultEvents(batch, res)
	if len(evs) != 1 {
		return false
	}
	r := refusal(evs[0])
	return r == pb.RejectReason_REJECT_REASON_DUPLICATE_COMMAND || r == pb.RejectReason_REJECT_REASON_DUPLICATE_ORDER
}

// changedState says whether a command's result has an event other than a
// refusal: one that moved state.
func changedState(batch *pb.EventBatch, res *pb.CommandResult) bool {
	for _, ev := range resultEvents(batch, res) {
		if ev.GetCommandRejected() == nil && ev.GetOrderRejected() == nil {
			return true
		}
	}
	return false
}

// readMax bounds the reading of a whole stream.
const readMax = 2 * time.Minute

// readStream calls fn for every message of a stream up to last.
func readStream(ctx context.Context, js jetstream.JetStream, stream string, last uint64,
	fn func(seq uint64, msg jetstream.Msg) error) error {
	if last == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, readMax)
	defer cancel()
	err := follow.Stream(ctx, js, stream, follow.Options{PullMax: 500}, func(msg jetstream.Msg) error {
		meta, err := msg.Metadata()
		if err != nil {
			return err
		}
		if err := fn(meta.Sequence.Stream, msg); err != nil {
			return err
		}
		if meta.Sequence.Stream >= last {
			return follow.ErrStop
		}
		return nil
	})
	if err == nil && ctx.Err() != nil {
		return fmt.Errorf("chaos: %s ended before sequence %d", stream, last)
	}
	return err
}

// compareHashes stops the engines, hashes their data dirs, and replays
// the log into fresh ones up to where each engine stopped: every engine
// must match the replay at its position. (The leader's clock may append a
// tick after the others stopped, so positions can differ by a message.)
func (r *run) compareHashes(rep *Report) error {
	for _, e := range r.engines {
		e.halt()
	}
	rep.HashMatch = true
	replays := map[string]string{} // applied_seq → replay state hash
	for _, e := range r.engines {
		dir := e.dataDir
		if dir == "" {
			dir = filepath.Join(r.dir, e.id)
		}
		live, err := r.engineOutput(append([]string{"hash", "-data-dir", dir}, e.configArgs...)...)
		if err != nil {
			return err
		}
		hash, seq := field(live, "state_hash"), field(live, "applied_seq")
		if _, ok := replays[seq]; !ok {
			out, err := r.engineOutput(append([]string{"replay", "-data-dir", filepath.Join(r.dir, "replay-"+seq), "-nats-url", r.natsURL, "-to-seq", seq}, e.configArgs...)...)
			if err != nil {
				return err
			}
			if got := field(out, "applied_seq"); got != seq {
				return fmt.Errorf("chaos: replay to %s stopped at %s", seq, got)
			}
			replays[seq] = field(out, "state_hash")
		}
		match := hash != "" && hash == replays[seq]
		if !match || rep.LiveHash == "" {
			rep.LiveHash, rep.ReplayHash = hash, replays[seq]
		}
		rep.HashMatch = rep.HashMatch && match
		r.logf("engine %s %s at %s, replay %s", e.id, hash, seq, replays[seq])
	}
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
