package wire

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// TestEnumsMatchProtobuf: the core repeats the values of the protobuf
// enums (it cannot import the protobuf runtime) and converting is a cast,
// so every value must name the same thing on both sides, and neither side
// may have a value the other lacks.
func TestEnumsMatchProtobuf(t *testing.T) {
	for _, c := range []struct {
		enum protoreflect.EnumDescriptor
		name func(v uint8) string
	}{
		{pb.Side(0).Descriptor(), func(v uint8) string { return machine.Side(v).String() }},
		{pb.Outcome(0).Descriptor(), func(v uint8) string { return machine.Outcome(v).String() }},
		{pb.OrderType(0).Descriptor(), func(v uint8) string { return machine.OrderType(v).String() }},
		{pb.MatchType(0).Descriptor(), func(v uint8) string { return machine.MatchType(v).String() }},
		{pb.MarketStatus(0).Descriptor(), func(v uint8) string { return machine.MarketStatus(v).String() }},
		{pb.CancelCause(0).Descriptor(), func(v uint8) string { return machine.CancelCause(v).String() }},
		{pb.OrderStatus(0).Descriptor(), func(v uint8) string { return machine.OrderStatus(v).String() }},
		{pb.TradeStatus(0).Descriptor(), func(v uint8) string { return machine.TradeStatus(v).String() }},
		{pb.TransferKind(0).Descriptor(), func(v uint8) string { return machine.TransferKind(v).String() }},
		{pb.RejectReason(0).Descriptor(), func(v uint8) string { return machine.Reason(v).String() }},
		{pb.Exchange(0).Descriptor(), func(v uint8) string { return machine.Exchange(v).String() }},
		{pb.MarketChangeCause(0).Descriptor(), func(v uint8) string { return machine.MarketChange(v).String() }},
		{pb.BookSide(0).Descriptor(), func(v uint8) string { return machine.BookSide(v).String() }},
	} {
		values := c.enum.Values()
		prefix := strings.TrimSuffix(string(values.Get(0).Name()), "UNSPECIFIED")
		top := 0
		for i := 1; i < values.Len(); i++ {
			v := values.Get(i)
			want := strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(string(v.Name()), prefix)), "_", "-")
			if got := c.name(uint8(v.Number())); got != want {
				t.Errorf("%s: core value %d is %q", v.Name(), v.Number(), got)
			}
			top = max(top, int(v.Number()))
		}
		if got := c.name(uint8(top + 1)); got != "unknown" {
			t.Errorf("%s: the core has value %d (%q) that protobuf lacks", c.enum.Name(), top+1, got)
		}
		if got := c.name(0); got != "unknown" {
			t.Errorf("%s: the core names 0 %q", c.enum.Name(), fmt.Sprint(got))
		}
	}
}
