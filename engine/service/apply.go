package service

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/engine/store"
	"pred.dev/engine/wire"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// applier is the state of the apply loop, reused from batch to batch.
type applier struct {
	s        *Service
	dec      wire.Decoder
	batch    *store.Batch
	out      []machine.Event
	msgs     []jetstream.Msg
	outgoing []outgoing
	touched  []bool // markets whose book changed in this batch
	lastSync time.Time
}

// outgoing is one CMD message's events, to publish and answer.
type outgoing struct {
	seq   uint64
	reply string
	batch *pb.EventBatch
}

// applyLoop takes whatever messages the pump has ready, up to BatchMax,
// and applies them as one batch: under load batches grow and the cost of
// each commit is shared, while a lone command is applied at once.
func (s *Service) applyLoop(ctx context.Context, in <-chan jetstream.Msg, errs <-chan error) error {
	a := &applier{s: s, batch: s.db.NewBatch(), lastSync: time.Now()}
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-errs:
			return err
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
		if err := a.apply(ctx); err != nil {
			return err
		}
		if s.cfg.Mode == ModeReplay && s.applied.Load() >= s.replayTo {
			return nil
		}
	}
}

// apply applies one batch of CMD messages: the core, then (as leader) the
// events on EVT and the answers to the publishers, then one Pebble batch
// with the state changes, the read model and the log position.
//
// Events go out before the state is committed, so EVT is never behind
// Pebble: if the engine dies between the two, it restarts from the older
// state, applies the same commands again, gets the same events (the core
// is deterministic) and skips publishing the ones EVT already has. The
// other order could lose events for good.
func (a *applier) apply(ctx context.Context) error {
	s := a.s
	start := time.Now()
	a.outgoing = a.outgoing[:0]
	commands := 0
	var halt error
	for _, msg := range a.msgs {
		n, err := a.applyMsg(msg)
		if err != nil {
			// The messages before this one are applied in full: finish
			// them, then stop.
			halt = err
			break
		}
		commands += n
	}
	if len(a.outgoing) > 0 {
		if err := a.finish(ctx); err != nil {
			return err
		}
	}
	s.met.batch(len(a.outgoing), commands, time.Since(start))
	return halt
}

// finish publishes (as leader) and commits the applied messages.
func (a *applier) finish(ctx context.Context) error {
	if err := a.observe(); err != nil {
		return err
	}
	if a.s.cfg.Mode == ModeLeader {
		if err := a.publish(ctx); err != nil {
			return err
		}
	}
	return a.commit()
}

// commit writes the batch to Pebble and makes it visible to queries.
func (a *applier) commit() error {
	s := a.s
	s.m.Changes(a.batch.SetState)
	last := a.outgoing[len(a.outgoing)-1].seq
	sync := time.Since(a.lastSync) >= s.cfg.CheckpointInterval
	a.batch.SetApplied(last, s.m.NowMs())
	if err := a.batch.Commit(sync); err != nil {
		return fmt.Errorf("service: commit batch ending at %d: %w", last, err)
	}
	if sync {
		a.lastSync = time.Now()
	}
	a.refreshBooks()
	s.applied.Store(last)
	s.appliedMs.Store(s.m.NowMs())
	s.resting.Store(int64(s.m.RestingOrders()))
	s.markets.Store(int64(s.m.Markets()))
	s.wakeWaiters()
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
	if want := s.applied.Load() + 1 + uint64(len(a.outgoing)); seq != want {
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
	publish := (s.cfg.Mode == ModeLeader && o.seq > s.lastPublished) || s.cfg.OnEvents != nil
	if publish {
		o.batch = &pb.EventBatch{CommandSeq: o.seq}
	}
	for i := range cmds {
		c := &cmds[i]
		a.out = s.m.Apply(&c.C, a.out[:0])
		a.batch.Record(s.m, store.CommandRecord{Seq: o.seq, TimeMs: c.C.TimeMs, Cmd: &c.C,
			Signed: signedOf(c), Events: a.out})
		a.touch(a.out)
		if publish {
			wire.AppendEvents(o.batch, s.m, c.ID, a.out)
		}
	}
	if publish {
		o.batch.TimeMs = s.m.NowMs()
	}
}

// touch notes the markets whose books the events changed.
func (a *applier) touch(events []machine.Event) {
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case machine.EvOrderAccepted, machine.EvTrade, machine.EvOrderCancelled, machine.EvOrderExpired,
			machine.EvOrderFilled, machine.EvMarketChanged:
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

// publish records the batch's events on EVT, each CMD message's under a
// message id derived from its sequence, answers each publisher, and waits
// until the stream has them all.
// observe hands the batch's events to Config.OnEvents.
func (a *applier) observe() error {
	if a.s.cfg.OnEvents == nil {
		return nil
	}
	for i := range a.outgoing {
		o := &a.outgoing[i]
		data, err := journal.EncodeEventBatch(o.batch)
		if err != nil {
			return err
		}
		a.s.cfg.OnEvents(o.seq, data)
	}
	return nil
}

func (a *applier) publish(ctx context.Context) error {
	s := a.s
	var futures []jetstream.PubAckFuture
	for i := range a.outgoing {
		o := &a.outgoing[i]
		if o.seq <= s.lastPublished {
			continue // published before a crash; applied again, not republished
		}
		msg, err := journal.NewEventMsg(o.batch)
		if err != nil {
			return err
		}
		f, err := s.js.PublishMsgAsync(msg)
		if err != nil {
			return fmt.Errorf("service: publish events of %d: %w", o.seq, err)
		}
		futures = append(futures, f)
		if o.reply != "" {
			// An answer lost here is not a loss: the command is applied and
			// its publisher can ask for the order.
			_ = s.cfg.Conn.PublishMsg(&nats.Msg{Subject: o.reply, Data: msg.Data})
		}
	}
	return waitAcks(ctx, futures, publishAckWaitMax)
}

// publishAckWaitMax bounds the wait for EVT acknowledgements.
const publishAckWaitMax = 10 * time.Second

func waitAcks(ctx context.Context, futures []jetstream.PubAckFuture, wait time.Duration) error {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for _, f := range futures {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("service: EVT publish failed: %w", err)
		case <-timer.C:
			return fmt.Errorf("service: EVT publish not acknowledged within %s", wait)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// checkpoint makes everything applied so far durable.
func (s *Service) checkpoint() error {
	b := s.db.NewBatch()
	s.m.Changes(b.SetState)
	b.SetApplied(s.applied.Load(), s.m.NowMs())
	return b.Commit(true)
}

func signedOf(c *wire.Cmd) *store.SignedOrder {
	if c.C.Kind != machine.KindPlace {
		return nil
	}
	sg := &c.Signed
	return &store.SignedOrder{Salt: sg.Salt, Signer: sg.Signer, Taker: sg.Taker, Nonce: sg.Nonce,
		SignatureType: sg.SignatureType, Signature: sg.Signature, ScopeID: sg.ScopeID}
}
