package e2e

import (
	"context"
	"reflect"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/runtime/eventually"
)

// TestRestartKeepsState stops a devnet and starts another on the same data
// dir: the markets are found, not created again, and the books, balances,
// orders and API keys are what they were.
func TestRestartKeepsState(t *testing.T) {
	t.Parallel()
	cfg := devnetConfig(t)
	first := startDevnet(t, cfg)
	n := newTestNet(t, first)
	m := n.market(0)
	alice, bob := n.trader("100"), n.trader("100")
	resting := alice.buy(t, m.YesTokenID(), "0.45", "20")
	alice.buy(t, m.YesTokenID(), "0.40", "10")
	bob.buy(t, m.NoTokenID(), "0.55", "5") // trades 5 of alice's 0.45 bid
	eventually.True(t, "alice sees the trade", func() bool { return len(trades(t, alice)) == 1 })
	before := snapshot(t, n, alice, bob, resting.OrderID)
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}

	second := startDevnet(t, cfg)
	if second.Created != 0 || !reflect.DeepEqual(second.Markets, first.Markets) {
		t.Fatalf("the restart created %d markets; markets %v, want %v", second.Created, second.Markets, first.Markets)
	}
	n2 := newTestNet(t, second)
	alice2, bob2 := n2.on(0, alice), n2.on(0, bob)
	after := snapshot(t, n2, alice2, bob2, resting.OrderID)
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("state after the restart differs:\nbefore %+v\nafter  %+v", before, after)
	}
	// The restarted exchange trades on: bob takes the rest of the bid.
	if r := bob2.buy(t, m.NoTokenID(), "0.55", "15"); r.Status != clobapi.InsertStatusMatched {
		t.Fatalf("after the restart bob's order is %s, want matched", r.Status)
	}
}

// state is what a restart must keep.
type state struct {
	Bids, Asks          []clobapi.PriceLevel
	LastTrade           string
	AliceUSDW, BobUSDW  clobapi.BalanceAllowance
	AliceYES, BobNO     clobapi.BalanceAllowance
	RestingStatus       string
	RestingMatched      string
	AliceOrders, Trades int
}

func snapshot(t *testing.T, n *testNet, alice, bob *trader, resting string) state {
	t.Helper()
	m := n.market(0)
	book, err := alice.GetBook(context.Background(), m.YesTokenID())
	if err != nil {
		t.Fatal(err)
	}
	open, err := alice.AllOrders(context.Background(), client.OrderParams{})
	if err != nil {
		t.Fatal(err)
	}
	o := alice.order(t, resting)
	return state{
		Bids: book.Bids, Asks: book.Asks, LastTrade: book.LastTradePrice,
		AliceUSDW: alice.balance(t, ""), BobUSDW: bob.balance(t, ""),
		AliceYES: alice.balance(t, m.YesTokenID()), BobNO: bob.balance(t, m.NoTokenID()),
		RestingStatus: o.Status, RestingMatched: o.SizeMatched,
		AliceOrders: len(open), Trades: len(trades(t, alice)),
	}
}
