package chaincheck

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/engine/machine"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/chainerr"
	"pred.dev/proto/chain/chaintest"
)

// market is one market as both sides know it.
type market struct {
	ids     chaintest.Market
	negRisk bool
	index   int32 // in the engine
	tick    uint64
	fee     uint32
	mid     uint64 // YES pips
}

// TestEngineAndChainAgree drives the engine's core (pred.dev/engine/machine)
// with random signed orders from Safe and EOA wallets on a standard and a
// negRisk market, settles every trade it makes on the exchange contract
// with matchOrders (taker against its makers, at most 15 a call), and
// checks that the fee of every call and, regularly, every wallet's USDW,
// YES and NO balances and the fee account's are the same on both, to the
// unit. The workload makes COMPLEMENTARY, MINT and MERGE matches.
func TestEngineAndChainAgree(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	e, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()

	cfg := machine.DefaultConfig()
	cfg.FeeAccount = machine.Address(e.FeeReceiver)
	m := machine.New(cfg)
	var nowMs int64 = 1_000
	var n uint64
	apply := func(c machine.Command) []machine.Event {
		nowMs += 10
		n++
		if c.ID == (machine.Hash{}) {
			binary.BigEndian.PutUint64(c.ID[1:], n) // the engine keys ids by their first 16 bytes
			c.ID[0] = 0xc0
		}
		c.TimeMs = nowMs
		return m.Apply(&c, nil)
	}

	var markets []*market
	for i, p := range []struct {
		negRisk bool
		tick    uint64
		fee     uint32
	}{{false, 10_000, 100}, {true, 1_000, 35}} {
		ids, err := e.NewMarket(ctx, p.negRisk)
		if err != nil {
			t.Fatal(chainerr.Describe(err))
		}
		mk := &market{ids: ids, negRisk: p.negRisk, tick: p.tick, fee: p.fee, mid: 5_000}
		evs := apply(machine.Command{Kind: machine.KindCreateMarket, Args: &machine.Args{
			Market: machine.Hash(ids.ConditionID),
			Tokens: [2]machine.Hash{machine.Hash(common.BigToHash(ids.Yes)), machine.Hash(common.BigToHash(ids.No))},
			Params: machine.MarketParams{TickSize: p.tick, MinSize: machine.UnitsPerShare, MaxSize: 1_000 * machine.UnitsPerShare,
				FeeRateBps: p.fee, NegRisk: p.negRisk},
		}})
		idx, ok := m.MarketIndex(machine.Hash(ids.ConditionID))
		if !ok {
			t.Fatalf("market %d not created: %+v", i, evs)
		}
		mk.index = idx
		markets = append(markets, mk)
	}

	const deposit = 2_000 * chaintest.Unit
	var traders []*chaintest.Trader
	for i := range 6 {
		tr, err := e.NewTrader(ctx, i%2 == 0, big.NewInt(deposit))
		if err != nil {
			t.Fatal(chainerr.Describe(err))
		}
		// What the chain watcher would append: the deposit, and the
		// approvals NewTrader gave both exchanges.
		cmds := []machine.Command{{Kind: machine.KindDeposit, Account: machine.Address(tr.Maker), Amount: deposit}}
		for _, x := range []machine.Exchange{machine.ExchangeStandard, machine.ExchangeNegRisk} {
			cmds = append(cmds,
				machine.Command{Kind: machine.KindCollateralApproval, Account: machine.Address(tr.Maker), Args: &machine.Args{Exchange: x, Approved: true}},
				machine.Command{Kind: machine.KindSharesApproval, Account: machine.Address(tr.Maker), Args: &machine.Args{Exchange: x, Approved: true}})
		}
		for _, c := range cmds {
			for _, ev := range apply(c) {
				if ev.Kind == machine.EvCommandRejected {
					t.Fatalf("%s refused: %d", c.Kind, ev.Reason)
				}
			}
		}
		traders = append(traders, tr)
	}

	compare := func(when string) {
		t.Helper()
		accounts := []common.Address{e.FeeReceiver}
		for _, tr := range traders {
			accounts = append(accounts, tr.Maker)
		}
		for _, a := range accounts {
			for _, mk := range markets {
				s, err := e.Balances(ctx, mk.ids.Yes, mk.ids.No, a)
				if err != nil {
					t.Fatal(err)
				}
				for k, asset := range []int32{0, machine.AssetOf(mk.index, machine.Yes), machine.AssetOf(mk.index, machine.No)} {
					eng, _ := m.Balance(machine.Address(a), asset)
					if s[a][k].Cmp(new(big.Int).SetUint64(eng)) != 0 {
						t.Fatalf("%s: %s asset %d of market %d: chain %s, engine %d", when, a.Hex(), k, mk.index, s[a][k], eng)
					}
				}
			}
		}
	}

	r := rand.New(rand.NewPCG(2026, 11))
	orders := map[machine.Hash]chaintest.Order{}
	var ids []machine.Hash
	matchTypes := map[machine.MatchType]int{}
	calls, fills := 0, 0
	const commands = 1_500
	for step := range commands {
		if len(ids) > 0 && r.IntN(12) == 0 {
			id := ids[r.IntN(len(ids))]
			apply(machine.Command{Kind: machine.KindCancel, Account: machine.Address(orders[id].Maker), OrderIDs: []machine.Hash{id}})
			continue
		}
		mk := markets[r.IntN(len(markets))]
		tr := traders[r.IntN(len(traders))]
		tickPips := mk.tick / machine.MicroPerPip
		drift := (r.IntN(5) - 2) * int(tickPips)
		mk.mid = uint64(min(max(int(mk.mid)+drift, 2_500), 7_500))
		yes := (mk.mid + uint64(r.IntN(21)-10)*tickPips) / tickPips * tickPips
		outcome := r.IntN(2)
		own, token := yes, mk.ids.Yes
		if outcome == 1 {
			own, token = machine.PipsPerUnit-yes, mk.ids.No
		}
		side := machine.Buy + machine.Side(r.IntN(2))
		lots := uint64(100 + r.IntN(4_000))
		coll, shares := lots*own, lots*machine.LotUnits
		spec := machine.OrderSpec{Maker: machine.Address(tr.Maker), TokenID: machine.Hash(common.BigToHash(token)),
			MakerAmount: coll, TakerAmount: shares, Side: side, FeeRateBps: mk.fee + uint32(r.IntN(3))*50,
			Type: []machine.OrderType{machine.GTC, machine.GTC, machine.GTC, machine.GTC, machine.FAK, machine.FOK}[r.IntN(6)]}
		signedSide := chaintest.Buy
		if side == machine.Sell {
			spec.MakerAmount, spec.TakerAmount = shares, coll
			signedSide = chaintest.Sell
		}
		o := tr.NewOrder(signedSide, token, 0, 0, int64(spec.FeeRateBps))
		o.MakerAmount, o.TakerAmount = new(big.Int).SetUint64(spec.MakerAmount), new(big.Int).SetUint64(spec.TakerAmount)
		ex := e.D.ExchangeFor(mk.negRisk)
		tr.Sign(&o, ex)
		id := machine.Hash(chaintest.OrderHash(e.ChainID, ex, &o))
		orders[id] = o
		evs := apply(machine.Command{Kind: machine.KindPlace, ID: id, Order: spec})

		var makers []chaintest.Order
		var q []*big.Int
		var fee uint64
		settle := func() {
			if len(makers) == 0 {
				return
			}
			rc, err := e.Match(ctx, mk.negRisk, o, makers, q)
			if err != nil {
				t.Fatalf("step %d: matchOrders of %s against %d makers: %s", step, chaintest.String(&o), len(makers), chainerr.Describe(err))
			}
			if got := takerFee(t, e.ExchangeFor(mk.negRisk), rc, ex); got != fee {
				t.Fatalf("step %d: the contract charged %d, the engine %d", step, got, fee)
			}
			calls++
			makers, q, fee = nil, nil, 0
		}
		for _, ev := range evs {
			switch ev.Kind {
			case machine.EvOrderAccepted:
				ids = append(ids, id)
			case machine.EvTrade:
				if ev.OrderID != id {
					t.Fatalf("trade of another taker %x", ev.OrderID)
				}
				mo, ok := orders[ev.MakerOrderID]
				if !ok {
					t.Fatalf("unknown maker order %x", ev.MakerOrderID)
				}
				if machine.Fee(int64(notional(ev)), ev.FeeRateBps) != int64(ev.Fee) {
					t.Fatalf("engine fee %d is not Fee(%d, %d)", ev.Fee, notional(ev), ev.FeeRateBps)
				}
				makers = append(makers, mo)
				q = append(q, new(big.Int).SetUint64(ev.Size))
				fee += ev.Fee
				matchTypes[ev.MatchType]++
				fills++
				if len(makers) == 15 {
					settle()
				}
			}
		}
		settle()
		if step%100 == 99 {
			compare(fmt.Sprintf("after step %d", step))
		}
	}
	compare("at the end")
	t.Logf("%d commands, %d fills settled in %d matchOrders calls; fills by match type %v",
		commands, fills, calls, matchTypes)
	for _, mt := range []machine.MatchType{machine.Complementary, machine.Mint, machine.Merge} {
		if matchTypes[mt] == 0 {
			t.Errorf("no fill of match type %d", mt)
		}
	}
}

// notional is a trade's taker notional, its size at the taker's own
// price: lots times pips, one base unit each.
func notional(ev machine.Event) uint64 {
	return ev.Size / machine.LotUnits * (ev.Price / machine.MicroPerPip)
}

// takerFee reads the fee of the taker's OrderFilled event of a matchOrders
// receipt (the one whose taker is the exchange itself).
func takerFee(t *testing.T, x *exchange.CTFExchange, rc *types.Receipt, ex common.Address) uint64 {
	t.Helper()
	var fee uint64
	found := false
	for _, l := range rc.Logs {
		ev, err := x.ParseOrderFilled(*l)
		if err != nil || ev.Taker != ex {
			continue
		}
		fee, found = ev.Fee.Uint64(), true
	}
	if !found {
		t.Fatal("no OrderFilled event of the taker")
	}
	return fee
}
