package settle

import (
	"context"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"pred.dev/proto/chain/bind/exchange"

	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
)

func trade(id uint64, taker, maker byte, size uint64) *pb.Event {
	t, m := make([]byte, 32), make([]byte, 32)
	t[0], m[0] = taker, maker
	return &pb.Event{Body: &pb.Event_Trade{Trade: &pb.Trade{TradeId: id, TakerOrderId: t, MakerOrderId: m, Size: size}}}
}

// TestGroups: one settlement per taker order per command, at most
// MakersMax makers each, other events ignored.
func TestGroups(t *testing.T) {
	t.Parallel()
	other := &pb.Event{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{}}}
	b := &pb.EventBatch{Events: []*pb.Event{
		other, trade(1, 1, 2, 5), trade(2, 1, 3, 5), trade(3, 1, 4, 5), // command 10: one taker, three makers
		other,                                // command 11: no trade
		trade(4, 5, 6, 1), trade(5, 7, 8, 1), // command 12: two takers (a batch of its own making)
	}, Results: []*pb.CommandResult{
		{FirstEvent: 0, EventCount: 4, CommandSeq: 10},
		{FirstEvent: 4, EventCount: 1, CommandSeq: 11},
		{FirstEvent: 5, EventCount: 2, CommandSeq: 12},
	}}
	ids := func(gs []group) [][]uint64 {
		var out [][]uint64
		for _, g := range gs {
			var x []uint64
			for _, t := range g.trades {
				x = append(x, t.GetTradeId())
			}
			out = append(out, x)
		}
		return out
	}
	got := ids(groups(b, 15))
	if want := [][]uint64{{1, 2, 3}, {4}, {5}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("groups %v, want %v", got, want)
	}
	if got := ids(groups(b, 2)); !slices.EqualFunc(got, [][]uint64{{1, 2}, {3}, {4}, {5}}, slices.Equal) {
		t.Fatalf("groups of at most 2: %v", got)
	}
	if gs := groups(b, 15); gs[0].seq != 10 || gs[2].seq != 12 {
		t.Fatalf("command sequences %d %d", gs[0].seq, gs[2].seq)
	}
}

// TestMatchCallRoundTrip: the call decodes back to its orders and fills,
// and gives() charges each party what the exchange takes: a MINT taker
// its notional q - c plus the fee, the maker c; a SELL maker its shares.
func TestMatchCallRoundTrip(t *testing.T) {
	t.Parallel()
	a, b, c := common.HexToAddress("0xa"), common.HexToAddress("0xb"), common.HexToAddress("0xc")
	yes, no := big.NewInt(111), big.NewInt(222)
	n := func(v int64) *big.Int { return big.NewInt(v) }
	order := func(maker common.Address, side uint8, token *big.Int, makerAmt, takerAmt int64, fee int64) Order {
		return Order{Salt: n(1), Maker: maker, Signer: maker, TokenId: token, MakerAmount: n(makerAmt), TakerAmount: n(takerAmt),
			Expiration: n(0), Nonce: n(0), FeeRateBps: n(fee), Side: side, Signature: make([]byte, 65)}
	}
	taker := order(a, 0, yes, 4_000_000, 10_000_000, 100) // BUY 10 YES at 0.40
	mint := order(b, 0, no, 6_000_000, 10_000_000, 0)     // BUY 10 NO at 0.60
	comp := order(c, 1, yes, 5_000_000, 2_000_000, 0)     // SELL 5 YES at 0.40
	fills := []*big.Int{n(10_000_000), n(5_000_000)}
	data, err := matchCall(taker, []Order{mint, comp}, fills, 1_800_000_000)
	if err != nil {
		t.Fatal(err)
	}
	tk, makers, fs, err := unpackMatch(data)
	if err != nil || tk.Maker != a || len(makers) != 2 || makers[1].Maker != c || fs[1].Int64() != 5_000_000 {
		t.Fatalf("round trip: %v %+v %v", err, makers, fs)
	}
	got := map[string]int64{}
	for _, nd := range gives(tk, makers, fs) {
		k := nd.wallet.Hex()
		if nd.token != nil {
			k += "/" + nd.token.String()
		}
		got[k] = nd.amount.Int64()
	}
	// Taker: MINT notional 10 - 6 = 4, COMPLEMENTARY notional 2; fee 1% of 6.
	want := map[string]int64{a.Hex(): 6_060_000, b.Hex(): 6_000_000, c.Hex() + "/111": 5_000_000}
	if len(got) != len(want) {
		t.Fatalf("gives %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s gives %d, want %d", k, got[k], v)
		}
	}
}

func TestTxIDs(t *testing.T) {
	t.Parallel()
	r := &Record{Matches: []Match{{Fills: []Fill{{TradeID: 42}}}}, Attempt: 3}
	first, attempt, ok := parseTxID(r.TxID())
	if !ok || first != 42 || attempt != 3 {
		t.Fatalf("%s parses to %d %d %v", r.TxID(), first, attempt, ok)
	}
	if _, _, ok := parseTxID("0b7d3f5e-5b5e-8c1e-9a52-3f0e2b9d7c11"); ok {
		t.Fatal("a user's transaction id parses as a settlement's")
	}
}

// TestSplit: a batch that failed becomes one record per match: the first
// keeps the batch's id and goes on from its attempts, the others start
// anew, each a matchOrders call of its own match.
func TestSplit(t *testing.T) {
	t.Parallel()
	n := func(v int64) *big.Int { return big.NewInt(v) }
	order := func(maker byte, side uint8) Order {
		return Order{Salt: n(int64(maker)), Maker: common.Address{maker}, Signer: common.Address{maker}, TokenId: n(7),
			MakerAmount: n(4_000_000), TakerAmount: n(10_000_000), Expiration: n(0), Nonce: n(0), FeeRateBps: n(0), Side: side,
			Signature: make([]byte, 65)}
	}
	ms := []exchange.CTFExchangeMatch{
		{TakerOrder: order(1, 0), MakerOrders: []Order{order(2, 1)}, TakerFillAmount: n(5), MakerFillAmounts: []*big.Int{n(5)}},
		{TakerOrder: order(3, 0), MakerOrders: []Order{order(4, 1), order(5, 1)}, TakerFillAmount: n(6), MakerFillAmounts: []*big.Int{n(2), n(4)}},
	}
	data, err := exchangeABI.Pack("matchOrdersBatch", ms, n(1_800_000_000))
	if err != nil {
		t.Fatal(err)
	}
	rec := &Record{ID: "t10", Matches: []Match{{Fills: []Fill{{TradeID: 10, Size: 5}}}, {Fills: []Fill{{TradeID: 11, Size: 2}, {TradeID: 12, Size: 4}}}},
		Data: hexutil.Encode(data), Attempt: 1, Base: 1, MatchedAt: time.Unix(1_800_000_000, 0)}
	wait := time.Unix(1_800_000_005, 0)
	singles, err := (&Settler{}).split(rec, wait)
	if err != nil {
		t.Fatal(err)
	}
	if len(singles) != 2 || singles[0].ID != "t10" || singles[0].Attempt != 2 || singles[0].attempts() != 1 ||
		singles[1].ID != "t11" || singles[1].Attempt != 1 || !singles[1].RetryAt.Equal(wait) || len(singles[1].fills()) != 2 {
		t.Fatalf("split into %+v", singles)
	}
	if singles[0].TxID() == rec.TxID() {
		t.Fatal("the first match reuses the batch's transaction id")
	}
	d, _ := hexutil.Decode(singles[1].Data)
	tk, makers, fills, err := unpackMatch(d)
	if err != nil || tk.Maker != (common.Address{3}) || len(makers) != 2 || fills[1].Int64() != 4 {
		t.Fatalf("the second match's call: %v %+v %v", err, makers, fills)
	}
}

type recordingPub struct{ cmds []*pb.Command }

func (p *recordingPub) Append(_ context.Context, c *pb.Command) (uint64, error) {
	p.cmds = append(p.cmds, c)
	return uint64(len(p.cmds)), nil
}

// TestReportOneCommandPerStatus: the trades of one call move together, one
// SetTradeStatus per status naming all of them, with a command id of its
// own per status and attempt; a call of more trades than one command may
// name takes several.
func TestReportOneCommandPerStatus(t *testing.T) {
	t.Parallel()
	pub := &recordingPub{}
	s := &Settler{pub: pub, m: newMetrics(nil)}
	rec := &Record{ID: "r1", Attempt: 1, Matches: []Match{
		{Fills: []Fill{{TradeID: 4}, {TradeID: 5}}}, {Fills: []Fill{{TradeID: 7}}}}}
	path := []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_SUBMITTED, pb.TradeStatus_TRADE_STATUS_MINED, pb.TradeStatus_TRADE_STATUS_CONFIRMED}
	const tx = "0x00000000000000000000000000000000000000000000000000000000000000ab"
	if err := s.report(context.Background(), rec, path, tx); err != nil {
		t.Fatal(err)
	}
	if len(pub.cmds) != len(path) {
		t.Fatalf("%d commands, want %d", len(pub.cmds), len(path))
	}
	seen := map[string]bool{}
	for i, c := range pub.cmds {
		st := c.GetSetTradeStatus()
		ids := append([]uint64{st.GetTradeId()}, st.GetTradeIds()...)
		if st.GetStatus() != path[i] || !slices.Equal(ids, []uint64{4, 5, 7}) || common.BytesToHash(st.GetTxHash()) != common.HexToHash(tx) {
			t.Fatalf("command %d: %v", i, st)
		}
		if seen[string(c.GetId())] {
			t.Fatalf("command %d: id %x again", i, c.GetId())
		}
		seen[string(c.GetId())] = true
	}

	// More trades than one command may name: several, all trades once.
	pub.cmds = nil
	wide := &Record{ID: "r2", Attempt: 1}
	for id := range uint64(rules.TradeStatusTradesMax + 3) {
		wide.Matches = append(wide.Matches, Match{Fills: []Fill{{TradeID: id + 1}}})
	}
	if err := s.report(context.Background(), wide, path[:1], tx); err != nil {
		t.Fatal(err)
	}
	var all []uint64
	for _, c := range pub.cmds {
		st := c.GetSetTradeStatus()
		n := 1 + len(st.GetTradeIds())
		if n > rules.TradeStatusTradesMax {
			t.Fatalf("%d trades in one command", n)
		}
		all = append(all, st.GetTradeId())
		all = append(all, st.GetTradeIds()...)
	}
	if len(pub.cmds) != 2 || len(all) != rules.TradeStatusTradesMax+3 || !slices.IsSorted(all) || all[0] != 1 {
		t.Fatalf("%d commands, %d trades", len(pub.cmds), len(all))
	}
}
