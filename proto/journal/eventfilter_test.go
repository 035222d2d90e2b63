package journal

import (
	"errors"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"pred.dev/proto/pb"
)

// everyKindBatch is a batch with one event of every body kind, in field
// order, each command's result naming its event.
func everyKindBatch() *pb.EventBatch {
	b := &pb.EventBatch{CommandSeq: 9, FirstCommandSeq: 7, TimeMs: 1_700_000_000_456}
	body := (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName("body")
	for i := range body.Fields().Len() {
		fd := body.Fields().Get(i)
		e := (&pb.Event{}).ProtoReflect()
		// An empty body still encodes its field: the kind is on the wire.
		e.Set(fd, protoreflect.ValueOfMessage(e.NewField(fd).Message()))
		b.Events = append(b.Events, e.Interface().(*pb.Event))
		b.Results = append(b.Results, &pb.CommandResult{CommandId: []byte{byte(i)}, FirstEvent: uint32(i), EventCount: 1})
	}
	b.Events[0].GetOrderAccepted().OrderId = []byte("o1")
	return b
}

// TestDecodeEventBatchOf: the filtered decoding is the whole decoding
// with only the selected kinds' events, in order, and no results, for
// every subset of kinds tried.
func TestDecodeEventBatchOf(t *testing.T) {
	full := everyKindBatch()
	data, err := EncodeEventBatch(full)
	if err != nil {
		t.Fatal(err)
	}
	for _, kinds := range [][]protoreflect.Name{
		{"market_changed"},
		{"order_accepted", "trade", "order_filled"},
		{"order_decreased", "order_accepted"},
		{"transfer"},
	} {
		f := EventsOf(kinds...)
		got, err := DecodeEventBatchOf(data, f)
		if err != nil {
			t.Fatal(err)
		}
		want := &pb.EventBatch{CommandSeq: full.CommandSeq, FirstCommandSeq: full.FirstCommandSeq, TimeMs: full.TimeMs}
		for _, e := range full.Events {
			for _, k := range kinds {
				if e.ProtoReflect().WhichOneof(e.ProtoReflect().Descriptor().Oneofs().ByName("body")).Name() == k {
					want.Events = append(want.Events, e)
				}
			}
		}
		if len(want.Events) != len(kinds) {
			t.Fatalf("%v: the sample has %d of these kinds", kinds, len(want.Events))
		}
		if !proto.Equal(got, want) {
			t.Errorf("%v:\n got %v\nwant %v", kinds, got, want)
		}
	}
	// The zero filter is the whole decoding, results included.
	got, err := DecodeEventBatchOf(data, EventFilter{})
	if err != nil || !proto.Equal(got, full) {
		t.Errorf("zero filter: %v, %v", got, err)
	}
}

// TestDecodeEventBatchOfCorrupt: a changed byte in a skipped event fails
// the frame's checksum, and a payload that does not parse (framed anew,
// so the checksum holds) is ErrCorrupt, not a batch.
func TestDecodeEventBatchOfCorrupt(t *testing.T) {
	f := EventsOf("market_changed")
	data, err := EncodeEventBatch(everyKindBatch())
	if err != nil {
		t.Fatal(err)
	}
	flipped := append([]byte(nil), data...)
	flipped[FrameHeaderLen+12] ^= 0x40
	if _, err := DecodeEventBatchOf(flipped, f); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a flipped bit: %v, want ErrCorrupt", err)
	}
	for name, payload := range map[string][]byte{
		"truncated field": protowire.AppendTag(nil, batchEventsField, protowire.BytesType),
		"truncated kept event": protowire.AppendBytes(protowire.AppendTag(nil, batchEventsField, protowire.BytesType),
			protowire.AppendTag(nil, fieldNumber(&pb.Event{}, "market_changed"), protowire.BytesType)),
		"truncated skipped event": protowire.AppendBytes(protowire.AppendTag(nil, batchEventsField, protowire.BytesType),
			protowire.AppendTag(nil, fieldNumber(&pb.Event{}, "order_accepted"), protowire.BytesType)),
		"bad field number": {0x00, 0x01},
	} {
		framed := append(make([]byte, FrameHeaderLen), payload...)
		SealFrame(framed)
		if b, err := DecodeEventBatchOf(framed, f); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, %v, want ErrCorrupt", name, b, err)
		}
	}
}

// TestEventsOfUnknownKind: a kind pb.Event does not have is a panic at
// start, not a filter that keeps nothing.
func TestEventsOfUnknownKind(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("EventsOf(\"market_change\") did not panic")
		}
	}()
	EventsOf("market_change")
}

// BenchmarkDecodeEventBatchOf compares the whole decoding of a batch of
// a thousand order events with the market cache's filtered one.
func BenchmarkDecodeEventBatchOf(b *testing.B) {
	batch := &pb.EventBatch{CommandSeq: 1}
	for i := range 1000 {
		batch.Events = append(batch.Events,
			&pb.Event{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{OrderId: make([]byte, 32), Market: make([]byte, 32),
				TokenId: make([]byte, 32), Account: make([]byte, 20), Price: 52, Size: uint64(i)}}},
			&pb.Event{Body: &pb.Event_BalanceChanged{BalanceChanged: &pb.BalanceChanged{Account: make([]byte, 20), Balance: uint64(i)}}})
	}
	data, err := EncodeEventBatch(batch)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			if _, err := DecodeEventBatch(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	f := EventsOf("market_changed")
	b.Run("market_changed", func(b *testing.B) {
		for b.Loop() {
			if _, err := DecodeEventBatchOf(data, f); err != nil {
				b.Fatal(err)
			}
		}
	})
}
