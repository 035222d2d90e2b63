package stream

import (
	"bytes"
	"testing"

	"pred.dev/proto/pb"
)

// TestProjectionMakesFollowedWalletsOnly: a projection told which wallets
// are followed makes exactly the /ws/user messages of those wallets that
// a projection making every wallet's does, byte for byte, and the same
// market messages.
func TestProjectionMakesFollowedWalletsOnly(t *testing.T) {
	w1, w2 := bytes.Repeat([]byte{1}, 20), bytes.Repeat([]byte{2}, 20)
	mkt := bytes.Repeat([]byte{7}, 32)
	b := &pb.EventBatch{CommandSeq: 3, TimeMs: 1_700_000_000_000, Events: []*pb.Event{
		{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{OrderId: []byte{1}, Market: mkt, Account: w1, Price: 400_000, Size: 5}}},
		{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{OrderId: []byte{2}, Market: mkt, Account: w2, Price: 600_000, Size: 5}}},
		{Body: &pb.Event_Trade{Trade: &pb.Trade{TradeId: 9, Market: mkt, TakerAccount: w2, MakerAccount: w1, TakerOrderId: []byte{2},
			MakerOrderId: []byte{1}, TakerPrice: 600_000, MakerPrice: 400_000, Size: 5}}},
		{Body: &pb.Event_TradeStatusChanged{TradeStatusChanged: &pb.TradeStatusChanged{TradeId: 9, Market: mkt, TakerAccount: w2, MakerAccount: w1}}},
		{Body: &pb.Event_BalanceChanged{BalanceChanged: &pb.BalanceChanged{Account: w1, Balance: 10}}},
		{Body: &pb.Event_BalanceChanged{BalanceChanged: &pb.BalanceChanged{Account: w2, Balance: 20}}},
		{Body: &pb.Event_OrderCancelled{OrderCancelled: &pb.OrderCancelled{OrderId: []byte{3}, Market: mkt, Account: w2}}},
		{Body: &pb.Event_OrderExpired{OrderExpired: &pb.OrderExpired{OrderId: []byte{4}, Market: mkt, Account: w1}}},
		{Body: &pb.Event_OrderDecreased{OrderDecreased: &pb.OrderDecreased{OrderId: []byte{5}, Market: mkt, Account: w2, Size: 1, Remaining: 1}}},
		{Body: &pb.Event_Transfer{Transfer: &pb.Transfer{Account: w1, Amount: 3}}},
	}}
	all := newProjection().apply(1, b)
	only := newProjection()
	only.forAccount = func(a []byte) bool { return bytes.Equal(a, w1) }
	got := only.apply(1, b)
	var want []item
	for _, it := range all {
		if it.scope != toAccount || bytes.Equal(it.account[:], w1) {
			want = append(want, it)
		}
	}
	if len(want) == len(all) || len(want) == 0 {
		t.Fatalf("the sample makes %d messages, %d of them for w1 or the market: it tests nothing", len(all), len(want))
	}
	if len(got) != len(want) {
		t.Fatalf("with w1 followed: %d messages, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].scope != want[i].scope || got[i].account != want[i].account || !bytes.Equal(got[i].json, want[i].json) {
			t.Errorf("message %d: %s, want %s", i, got[i].json, want[i].json)
		}
	}
}
