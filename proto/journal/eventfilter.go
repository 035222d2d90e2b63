package journal

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"pred.dev/proto/pb"
)

// EventFilter selects events by kind: the field of pb.Event's body oneof
// they carry. A follower that reads a few kinds (the market cache reads
// market_changed, one event in thousands) decodes only those: the rest of
// a batch (balances, book changes, fills: most of its bytes) is skipped
// on the wire, never allocated. The zero filter keeps every event.
type EventFilter struct {
	fields uint64 // bit n: body field n kept
}

// EventsOf returns the filter keeping the events whose body is one of the
// named oneof fields of pb.Event ("market_changed", as in event.proto).
// It panics on a name pb.Event does not have: filters are built once,
// from constants, and a misspelt kind must not silently keep nothing.
func EventsOf(names ...protoreflect.Name) EventFilter {
	body := (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName("body")
	var f EventFilter
	for _, name := range names {
		fd := body.Fields().ByName(name)
		if fd == nil || fd.Number() >= 64 {
			panic(fmt.Sprintf("journal: pb.Event has no body field %q", name))
		}
		f.fields |= 1 << fd.Number()
	}
	return f
}

// All reports whether f keeps every event (the zero filter).
func (f EventFilter) All() bool { return f.fields == 0 }

// The EventBatch fields the filter treats apart: the events it thins out,
// and the results it drops (each names a range of the whole event list,
// which a thinned list no longer matches).
var (
	batchEventsField  = fieldNumber(&pb.EventBatch{}, "events")
	batchResultsField = fieldNumber(&pb.EventBatch{}, "results")
)

func fieldNumber(m proto.Message, name protoreflect.Name) protowire.Number {
	return m.ProtoReflect().Descriptor().Fields().ByName(name).Number()
}

// DecodeEventBatchOf is DecodeEventBatch keeping only the events f
// selects, in their order, and no results (batch.Results is empty: its
// ranges index the whole event list). The batch's other fields are
// decoded as they are. The frame's checksum is checked as DecodeEventBatch
// checks it, so corruption is found even in the events skipped.
func DecodeEventBatchOf(data []byte, f EventFilter) (*pb.EventBatch, error) {
	if f.All() {
		return DecodeEventBatch(data)
	}
	payload, err := Unframe(data)
	if err != nil {
		return nil, err
	}
	b := new(pb.EventBatch)
	// The batch's own fields (sequences, time) go through proto.Unmarshal
	// in a copy of just their bytes, so no field but the two above is
	// decoded by hand here.
	var rest []byte
	for len(payload) > 0 {
		num, typ, n := protowire.ConsumeTag(payload)
		if n < 0 {
			return nil, filterCorrupt(protowire.ParseError(n))
		}
		m := protowire.ConsumeFieldValue(num, typ, payload[n:])
		if m < 0 {
			return nil, filterCorrupt(protowire.ParseError(m))
		}
		field := payload[:n+m]
		payload = payload[n+m:]
		switch {
		case num == batchResultsField:
		case num == batchEventsField && typ == protowire.BytesType:
			ev, _ := protowire.ConsumeBytes(field[n:])
			kept, err := f.keeps(ev)
			if err != nil {
				return nil, filterCorrupt(err)
			}
			if !kept {
				continue
			}
			e := new(pb.Event)
			if err := proto.Unmarshal(ev, e); err != nil {
				return nil, filterCorrupt(err)
			}
			b.Events = append(b.Events, e)
		default:
			rest = append(rest, field...)
		}
	}
	if err := (proto.UnmarshalOptions{Merge: true}).Unmarshal(rest, b); err != nil {
		return nil, filterCorrupt(err)
	}
	return b, nil
}

// keeps reports whether an encoded pb.Event carries a body field f
// selects. A well-formed event has exactly one field; one with more is
// kept if any is selected, and its decoding decides (the last one wins),
// so the filter may keep an event of another kind, never drop one of its
// own: followers switch on the body's type anyway.
func (f EventFilter) keeps(ev []byte) (bool, error) {
	for len(ev) > 0 {
		num, typ, n := protowire.ConsumeTag(ev)
		if n < 0 {
			return false, protowire.ParseError(n)
		}
		if num < 64 && f.fields&(1<<num) != 0 {
			return true, nil
		}
		m := protowire.ConsumeFieldValue(num, typ, ev[n:])
		if m < 0 {
			return false, protowire.ParseError(m)
		}
		ev = ev[n+m:]
	}
	return false, nil
}

func filterCorrupt(err error) error {
	return fmt.Errorf("%w: *pb.EventBatch does not decode: %w", ErrCorrupt, err)
}
