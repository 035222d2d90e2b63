package publish

import (
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// startResponder stands in for the engine (not for NATS): it consumes the
// CMD stream with a real durable consumer and, for each message, replies on
// its Pred-Reply subject with an EventBatch holding one synthetic
// OrderAccepted per command whose order_id echoes the command id. It stops
// at test cleanup.
func (e *env) startResponder(tb testing.TB) {
	tb.Helper()
	ctx := testCtx(tb)
	cons, err := e.js.CreateOrUpdateConsumer(ctx, journal.CommandStream, jetstream.ConsumerConfig{
		Durable:   "responder",
		AckPolicy: jetstream.AckExplicitPolicy,
	})
	if err != nil {
		tb.Fatal(err)
	}
	cc, err := cons.Consume(func(m jetstream.Msg) { e.respond(tb, m) })
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		cc.Stop()
		<-cc.Closed()
	})
}

func (e *env) respond(tb testing.TB, m jetstream.Msg) {
	meta, err := m.Metadata()
	if err != nil {
		tb.Errorf("responder: metadata: %v", err)
		return
	}
	batch, err := journal.DecodeCommandBatch(m.Data())
	if err != nil {
		tb.Errorf("responder: CMD seq %d: %v", meta.Sequence.Stream, err)
		return
	}
	data, err := journal.EncodeEventBatch(echoEvents(meta, batch))
	if err != nil {
		tb.Errorf("responder: %v", err)
		return
	}
	if err := e.nc.Publish(m.Headers().Get(journal.HeaderReply), data); err != nil {
		tb.Errorf("responder: reply: %v", err)
	}
	if err := m.Ack(); err != nil {
		tb.Errorf("responder: ack: %v", err)
	}
}

func echoEvents(meta *jetstream.MsgMetadata, batch *pb.CommandBatch) *pb.EventBatch {
	eb := &pb.EventBatch{CommandSeq: meta.Sequence.Stream, TimeMs: meta.Timestamp.UnixMilli()}
	for i, c := range batch.GetCommands() {
		eb.Events = append(eb.Events, &pb.Event{Body: &pb.Event_OrderAccepted{
			OrderAccepted: &pb.OrderAccepted{OrderId: c.GetId(), OrderSeq: uint64(i)},
		}})
		eb.Results = append(eb.Results, &pb.CommandResult{
			CommandId: c.GetId(), FirstEvent: uint32(i), EventCount: 1,
		})
	}
	return eb
}
