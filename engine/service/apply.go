package service

import (
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/engine/store"
	"pred.dev/engine/wire"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// A batch of CMD messages goes through two stages, each on its own
// goroutine, so that applying commands never waits for a disk:
//
//  1. The apply loop applies the batch to the core, answers each message's
//     publisher at once (the result follows from the durable log, so it
//     cannot change) and seals the batch's writes. While stage 2 is busy
//     it holds the batch open and adds the next rounds of messages to it
//     (holdSeal), so that under load batches grow as the commits slow.
//  2. The committer takes every sealed batch that is ready, publishes their
//     events as one EVT message (the leader only), waits for the stream's
//     acknowledgement, then commits the writes to Pebble and makes them
//     visible to queries.
//
// Under load, stage 2's wait for an fsync is what groups the commands:
// stage 1 fills one batch meanwhile, and the next EVT message and Pebble
// commit cover it whole, so the disk's syncs are shared by ever more
// commands, and each record a batch touches is written once. Holding
// delays only when queries see a command, not its answer, which stage 1
// already sent. EVT is always ahead of Pebble: if the engine dies
// between publishing and committing, it restarts from the older state,
// applies the same commands again, gets the same events (the core is
// deterministic) and skips publishing what EVT already has.

// pipelineMax bounds the sealed batches waiting for stage 2, and so how
// far queries may lag the core.
const pipelineMax = 256

// applier is the state of the apply loop, reused from batch to batch.
type applier struct {
	s        *Service
	dec      wire.Decoder
	out      []machine.Event
	msgs     []jetstream.Msg
	outgoing []outgoing
	touched  []bool // markets whose book changed in this batch
	// lead is whether this batch is applied as leader; it changes only
	// between batches (promote).
	lead   bool
	sealed chan<- *sealedBatch
	// answered counts the messages of outgoing already answered: a batch
	// held unsealed (holdSeal) spans several rounds of the loop, and each
	// round answers only its own messages.
	answered int
	// start and commands are the held batch's first round's start and
	// its commands so far.
	start    time.Time
	commands int
}

// outgoing is one CMD message's events, to publish and answer.
type outgoing struct {
	seq   uint64
	reply string
	batch *pb.EventBatch
}

// sealedBatch is a batch handed from stage 1 to stage 2.
type sealedBatch struct {
	writes   *store.Sealed
	outgoing []outgoing
	// lead says the batch was applied as leader: stage 2 publishes the
	// events of its messages after publishedTo. evtSeq, when evtSeqNew,
	// is the EVT stream sequence the publishing continues from.
	lead        bool
	publishedTo uint64
	evtSeq      uint64
	evtSeqNew   bool
	nowMs       int64
	resting     int64
	markets     int64
	commands    int
	start       time.Time
}

// applyLoop takes whatever messages the pump has ready, up to BatchMax,
// and applies them as one round: under load rounds grow and the cost of
// each commit is shared, while a lone command is applied at once.
func (s *Service) applyLoop(in <-chan jetstream.Msg, errs <-chan error, done <-chan struct{}, sealed chan<- *sealedBatch) error {
	a := &applier{s: s, sealed: sealed}
	for {
		select {
		case <-done:
			a.seal() // the checkpoint after the loop follows the last applied command
			return nil
		case err := <-errs:
			return err
		case p := <-s.promotions:
			a.seal() // a batch is applied as leader or not, whole
			p.done <- s.promote(p)
			continue
		case p := <-s.probes:
			p.fn(s.m, a.appliedSeq())
			close(p.done)
			continue
		case <-s.committed:
			a.seal() // stage 2 is free: hand it what was held
			continue
		case msg := <-in:
			a.msgs = append(a.msgs[:0], msg)
		}
	drain:
		for len(a.msgs) < s.cfg.BatchMax {
			select {
			case msg := <-in:
				a.msgs = append(a.msgs, msg)
			default:
				break drain
			}
		}
		if err := a.apply(); err != nil {
			return err
		}
		if s.cfg.Mode == ModeReplay && s.sealedSeq >= s.replayTo {
			return nil
		}
	}
}

// appliedSeq is the last CMD sequence the core has applied, sealed or
// held.
func (a *applier) appliedSeq() uint64 {
	return a.s.sealedSeq + uint64(len(a.outgoing))
}

// apply runs stage 1 for one round. A corrupt message stops it, but the
// messages before it are applied in full and go on to stage 2 first.
func (a *applier) apply() error {
	s := a.s
	if len(a.outgoing) == 0 {
		a.start, a.commands = time.Now(), 0
		a.lead = s.leading.Load()
	}
	var halt error
	for _, msg := range a.msgs {
		if s.cfg.Mode == ModeReplay && a.appliedSeq() >= s.replayTo {
			break // the log grew during the replay; it stops where it was asked to
		}
		n, err := a.applyMsg(msg)
		if err != nil {
			halt = err
			break
		}
		a.commands += n
	}
	if fresh := a.outgoing[a.answered:]; len(fresh) > 0 {
		if err := a.observe(fresh); err != nil {
			return err
		}
		if a.lead {
			a.answer(fresh)
		}
		a.answered = len(a.outgoing)
	}
	if halt == nil && a.holdSeal() {
		return nil
	}
	a.seal()
	return halt
}

// holdSeal says whether to keep the batch open for the next round instead
// of sealing it now: while stage 2 commits, and up to BatchMax messages.
// Every batch writes the records its commands touched (an order's state,
// a balance, the core's account and order records) once, with their
// final values, so one batch in place of several writes each record
// once instead of once per batch, and an order placed and cancelled
// within it is never written to the open-orders index at all. Held
// commands are already answered; only queries see them later, when
// stage 2 would have reached them anyway. A replay seals each round: its
// rounds are already replayBatchMax messages, each sealed into one of the
// bulk load's pooled runs, and it writes the core's records once, at its
// end.
func (a *applier) holdSeal() bool {
	s := a.s
	return s.cfg.Mode != ModeReplay && s.committing.Load() && len(a.outgoing) < s.cfg.BatchMax
}

// seal hands the batch applied so far to stage 2. It does nothing when no
// command is applied since the last seal.
func (a *applier) seal() {
	s := a.s
	if len(a.outgoing) == 0 {
		return
	}
	if s.cfg.Mode != ModeReplay {
		// A replay collects the core's changes once, at its final
		// checkpoint: records written per batch would be rewritten by
		// later ones anyway. The replay marker keeps a half-done replay
		// from being mistaken for a data dir.
		s.m.Changes(s.writer.SetState)
	}
	last := a.outgoing[len(a.outgoing)-1].seq
	s.writer.SetApplied(last, s.m.NowMs())
	s.sealedSeq = last
	a.refreshBooks()
	b := &sealedBatch{writes: s.writer.Seal(), outgoing: a.outgoing, nowMs: s.m.NowMs(),
		resting: int64(s.m.RestingOrders()), markets: int64(s.m.Markets()), commands: a.commands, start: a.start,
		lead: a.lead, publishedTo: s.lastPublished}
	if a.lead && s.evtSeqNew {
		b.evtSeq, b.evtSeqNew, s.evtSeqNew = s.evtSeq, true, false
	}
	a.outgoing, a.answered = nil, 0 // handed to stage 2 with the batch
	a.sealed <- b
}

// promote makes a gated standby the leader, between two batches. Being
// gated, it has applied nothing the EVT stream lacks.
func (s *Service) promote(p promotion) error {
	if err := s.canLead(p.lastPublished); err != nil {
		return err
	}
	s.lastPublished, s.evtSeq, s.evtSeqNew = p.lastPublished, p.evtSeq, true
	s.leading.Store(true)
	s.leadingMoved.wake()
	return nil
}

// applyMsg applies the commands of one CMD message and returns how many.
func (a *applier) applyMsg(msg jetstream.Msg) (int, error) {
	s := a.s
	meta, err := msg.Metadata()
	if err != nil {
		return 0, fmt.Errorf("service: CMD message without metadata: %w", err)
	}
	seq := meta.Sequence.Stream
	if want := a.appliedSeq() + 1; seq != want {
		return 0, fmt.Errorf("service: CMD stream sequence %d follows %d: a message is missing; refusing to skip it", seq, want-1)
	}
	payload, err := journal.Unframe(msg.Data())
	if err == nil {
		var cmds []wire.Cmd
		cmds, err = a.dec.Decode(payload, meta.Timestamp.UnixMilli())
		if err == nil {
			o := outgoing{seq: seq, reply: msg.Headers().Get(journal.HeaderReply)}
			a.applyCmds(&o, cmds)
			a.outgoing = append(a.outgoing, o)
			return len(cmds), nil
		}
	}
	s.log.Error("corrupt command message: halting", zap.Uint64("seq", seq), zap.Error(err))
	return 0, fmt.Errorf("service: CMD message %d is corrupt (%w); the engine halts rather than skip or guess: "+
		"inspect it with `nats stream get %s %d`", seq, err, journal.CommandStream, seq)
}

func (a *applier) applyCmds(o *outgoing, cmds []wire.Cmd) {
	s := a.s
	convert := (a.lead && o.seq > s.lastPublished) || s.cfg.OnEvents != nil
	if convert {
		o.batch = &pb.EventBatch{CommandSeq: o.seq, FirstCommandSeq: o.seq}
	}
	for i := range cmds {
		c := &cmds[i]
		if i+1 < len(cmds) {
			s.m.Prefetch(&cmds[i+1].Command)
		}
		a.out = s.m.Apply(&c.Command, a.out[:0])
		rec := store.CommandRecord{Seq: o.seq, TimeMs: c.Command.TimeMs, Cmd: &c.Command, Events: a.out}
		if c.Command.Kind.PlacesOrder() {
			rec.Signed = &c.Signed
		}
		s.writer.Record(s.m, rec)
		a.touch(a.out)
		if convert {
			wire.AppendEvents(o.batch, s.m, c.ID, a.out)
		}
	}
	if convert {
		o.batch.TimeMs = s.m.NowMs()
	}
}

// touch notes the markets whose books the events changed.
func (a *applier) touch(events []machine.Event) {
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case machine.EvOrderAccepted, machine.EvTrade, machine.EvOrderCancelled, machine.EvOrderExpired,
			machine.EvOrderFilled, machine.EvMarketChanged, machine.EvOrderDecreased:
			for int(e.Market) >= len(a.touched) {
				a.touched = append(a.touched, false)
			}
			a.touched[e.Market] = true
		}
	}
}

// refreshBooks copies the changed books out for queries.
func (a *applier) refreshBooks() {
	for i, t := range a.touched {
		if t {
			a.s.books.refresh(a.s.m, int32(i), a.s.m.NowMs())
			a.touched[i] = false
		}
	}
}

// observe hands the events of a round's messages to Config.OnEvents.
func (a *applier) observe(msgs []outgoing) error {
	if a.s.cfg.OnEvents == nil {
		return nil
	}
	for i := range msgs {
		o := &msgs[i]
		data, err := journal.EncodeEventBatch(o.batch)
		if err != nil {
			return err
		}
		a.s.cfg.OnEvents(o.seq, data)
	}
	return nil
}

// answer sends each publisher of a round's messages its events. An
// answer lost here is not a loss: the command is in the log and will be
// applied, and its publisher can ask for the order.
func (a *applier) answer(msgs []outgoing) {
	for i := range msgs {
		o := &msgs[i]
		if o.seq <= a.s.lastPublished || o.reply == "" {
			continue
		}
		if data, err := journal.EncodeEventBatch(o.batch); err == nil {
			_ = a.s.cfg.Conn.Publish(o.reply, data)
		}
	}
}
