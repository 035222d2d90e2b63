package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"pred.dev/proto/pb"
)

func sampleCommandBatch() *pb.CommandBatch {
	return &pb.CommandBatch{
		BatchId: bytes.Repeat([]byte{0xab}, 16),
		Commands: []*pb.Command{
			{Id: []byte("cmd-000001"), Body: &pb.Command_Heartbeat{Heartbeat: &pb.Heartbeat{Owner: []byte("owner-0123456789")}}},
			{Id: bytes.Repeat([]byte{2}, 32), Body: &pb.Command_PlaceOrder{PlaceOrder: &pb.PlaceOrder{
				Order: &pb.SignedOrder{Salt: 2, Maker: bytes.Repeat([]byte{1}, 20), TokenId: bytes.Repeat([]byte{3}, 32),
					MakerAmount: 52_000_000, TakerAmount: 100_000_000, FeeRateBps: 100, Signature: bytes.Repeat([]byte{4}, 65)},
				OrderType: pb.OrderType_ORDER_TYPE_GTC,
			}}},
			{Id: []byte("tick"), Body: &pb.Command_Tick{Tick: &pb.Tick{}}},
		},
	}
}

func sampleEventBatch() *pb.EventBatch {
	return &pb.EventBatch{
		CommandSeq: 42,
		TimeMs:     1_700_000_000_123,
		Events: []*pb.Event{
			{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{OrderId: []byte("o1"), Price: 52}}},
			{Body: &pb.Event_CommandRejected{CommandRejected: &pb.CommandRejected{}}},
		},
		Results: []*pb.CommandResult{
			{CommandId: []byte("c1"), FirstEvent: 0, EventCount: 1},
			{CommandId: []byte("c2"), FirstEvent: 1, EventCount: 1},
		},
	}
}

func TestCommandBatchRoundTrip(t *testing.T) {
	want := sampleCommandBatch()
	data, err := EncodeCommandBatch(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeCommandBatch(data)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(got, want) {
		t.Fatalf("round trip changed the batch:\n got %v\nwant %v", got, want)
	}
}

func TestEventBatchRoundTrip(t *testing.T) {
	want := sampleEventBatch()
	data, err := EncodeEventBatch(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeEventBatch(data)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(got, want) {
		t.Fatalf("round trip changed the batch:\n got %v\nwant %v", got, want)
	}
}

// TestFrameLayout pins the wire format other implementations must follow:
// "PRD1", the little-endian CRC-32C of the payload, the payload.
func TestFrameLayout(t *testing.T) {
	b := sampleCommandBatch()
	data, err := EncodeCommandBatch(b)
	if err != nil {
		t.Fatal(err)
	}
	payload, err := proto.MarshalOptions{Deterministic: true}.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if string(data[:4]) != "PRD1" || !bytes.Equal(data[8:], payload) {
		t.Fatalf("frame is not magic + crc + payload: % x", data[:16])
	}
	// The standard CRC-32C check value: crc32c("123456789") = 0xe3069283.
	check := frameOf([]byte("123456789"))
	if got := binary.LittleEndian.Uint32(check[4:8]); got != 0xe3069283 {
		t.Fatalf("CRC-32C of the check string = %08x, want e3069283", got)
	}
}

// frameOf frames an arbitrary payload, valid protobuf or not.
func frameOf(payload []byte) []byte {
	buf := append(make([]byte, FrameHeaderLen), payload...)
	SealFrame(buf)
	return buf
}

func TestDecodeRejectsCorruption(t *testing.T) {
	valid, err := EncodeCommandBatch(sampleCommandBatch())
	if err != nil {
		t.Fatal(err)
	}
	mutate := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(valid)) }
	cases := []struct {
		name, data, wantMsg string
	}{
		{"empty", "", "shorter than"},
		{"short header", string(valid[:7]), "shorter than"},
		{"bad magic", string(mutate(func(b []byte) []byte { b[3] = '2'; return b })), "bad magic"},
		{"payload bit flip", string(mutate(func(b []byte) []byte { b[20] ^= 0x04; return b })), "CRC-32C mismatch"},
		{"checksum bit flip", string(mutate(func(b []byte) []byte { b[5] ^= 0x80; return b })), "CRC-32C mismatch"},
		{"truncated payload", string(valid[:len(valid)-1]), "CRC-32C mismatch"},
		{"appended byte", string(append(bytes.Clone(valid), 0)), "CRC-32C mismatch"},
		{"not protobuf", string(frameOf([]byte{0xff, 0xff, 0xff})), "does not decode"},
		{"truncated protobuf", string(frameOf(valid[FrameHeaderLen : len(valid)-1])), "does not decode"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, errCmd := DecodeCommandBatch([]byte(tc.data))
			_, errEvt := DecodeEventBatch([]byte(tc.data))
			for _, err := range []error{errCmd, errEvt} {
				if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.wantMsg) {
					t.Fatalf("error = %v, want ErrCorrupt saying %q", err, tc.wantMsg)
				}
			}
		})
	}
}

func TestEventMsg(t *testing.T) {
	if EventMsgID(42) != "evt-42" || EventMsgID(43) != "evt-43" {
		t.Fatalf("EventMsgID(42) = %q: ids are part of the stored format and must not change", EventMsgID(42))
	}
	eb := sampleEventBatch()
	m, err := NewEventMsg(eb)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != EventSubject || m.Header.Get("Nats-Msg-Id") != EventMsgID(42) || m.Header.Get(HeaderCmdSeq) != "42" {
		t.Fatalf("EVT message subject %q headers %v", m.Subject, m.Header)
	}
	got, err := DecodeEventBatch(m.Data)
	if err != nil || !proto.Equal(got, eb) {
		t.Fatalf("EVT message data decodes to %v, %v", got, err)
	}
}

func FuzzDecodeCommandBatch(f *testing.F) {
	valid, err := EncodeCommandBatch(sampleCommandBatch())
	if err != nil {
		f.Fatal(err)
	}
	empty, err := EncodeCommandBatch(&pb.CommandBatch{})
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][]byte{valid, empty, valid[:7], []byte("PRD1"), frameOf([]byte{0x12, 0x05, 0x0a})} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := DecodeCommandBatch(data)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("decode error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		// Whatever decodes must survive a round trip.
		again, err := EncodeCommandBatch(b)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		b2, err := DecodeCommandBatch(again)
		if err != nil || !proto.Equal(b, b2) {
			t.Fatalf("round trip of a decoded batch failed: %v", err)
		}
	})
}
