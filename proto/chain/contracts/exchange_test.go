package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/chaintest"
)

// TestComplementary: a SELL of YES rests, a BUY of YES takes it. Shares go
// one way, collateral the other, the taker pays the maker's price plus the
// fee on that notional.
func TestComplementary(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	seller := trader(t, ctx, e, false, 50*unit)
	buyer := trader(t, ctx, e, true, 50*unit)
	split(t, ctx, e, seller, m, 20*unit)

	maker := seller.Order(false, chaintest.Sell, m.Yes, 10*unit, 400_000, 0) // 10 YES at 0.40
	taker := buyer.Order(false, chaintest.Buy, m.Yes, 12*unit, 450_000, 100) // 12 YES at up to 0.45, 1% fee
	before := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, seller.Maker, buyer.Maker, e.FeeReceiver))
	must[*types.Receipt](t)(e.Match(ctx, false, taker, []chaintest.Order{maker}, fills(10*unit)))
	after := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, seller.Maker, buyer.Maker, e.FeeReceiver))

	fee := engineFee(4*unit, 100)
	checkDiff(t, "maker", before, after, seller.Maker, [3]int64{4 * unit, -10 * unit, 0})
	checkDiff(t, "taker", before, after, buyer.Maker, [3]int64{-4*unit - fee, 10 * unit, 0})
	checkDiff(t, "fee receiver", before, after, e.FeeReceiver, [3]int64{fee, 0, 0})

	// The rest of the taker order fills later against another seller, at
	// that seller's price; the maker order is fully filled.
	st, err := e.Exchange.OrderStatus(nil, chaintest.OrderHash(e.ChainID, e.D.Contracts.Exchange, &maker))
	ok(t, err)
	if st.Filled.Int64() != 10*unit || st.Cancelled {
		t.Fatalf("maker status %+v", st)
	}
	maker2 := seller.Order(false, chaintest.Sell, m.Yes, 5*unit, 430_000, 0)
	before = after
	must[*types.Receipt](t)(e.Match(ctx, false, taker, []chaintest.Order{maker2}, fills(2*unit)))
	after = must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, seller.Maker, buyer.Maker, e.FeeReceiver))
	fee = engineFee(860_000, 100)
	checkDiff(t, "taker (second fill)", before, after, buyer.Maker, [3]int64{-860_000 - fee, 2 * unit, 0})
	checkDiff(t, "maker2", before, after, seller.Maker, [3]int64{860_000, -2 * unit, 0})
}

// TestComplementarySellTaker: a BUY of NO rests, a SELL of NO takes it;
// the seller receives the notional less the fee.
func TestComplementarySellTaker(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	bidder := trader(t, ctx, e, true, 50*unit)
	seller := trader(t, ctx, e, false, 50*unit)
	split(t, ctx, e, seller, m, 20*unit)

	maker := bidder.Order(false, chaintest.Buy, m.No, 7*unit, 330_000, 0)
	taker := seller.Order(false, chaintest.Sell, m.No, 7*unit, 300_000, 150)
	before := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, bidder.Maker, seller.Maker, e.FeeReceiver))
	must[*types.Receipt](t)(e.Match(ctx, false, taker, []chaintest.Order{maker}, fills(7*unit)))
	after := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, bidder.Maker, seller.Maker, e.FeeReceiver))

	notional := int64(7 * 330_000)
	fee := engineFee(notional, 150)
	checkDiff(t, "maker", before, after, bidder.Maker, [3]int64{-notional, 0, 7 * unit})
	checkDiff(t, "taker", before, after, seller.Maker, [3]int64{notional - fee, 0, -7 * unit})
	checkDiff(t, "fee receiver", before, after, e.FeeReceiver, [3]int64{fee, 0, 0})
}

// TestMint: a BUY of NO rests at 0.60, a BUY of YES at up to 0.45 takes
// it: the two collaterals mint YES/NO pairs. The taker pays 1 - 0.60.
func TestMint(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	noBuyer := trader(t, ctx, e, true, 50*unit)
	yesBuyer := trader(t, ctx, e, false, 50*unit)

	maker := noBuyer.Order(false, chaintest.Buy, m.No, 10*unit, 600_000, 0)
	taker := yesBuyer.Order(false, chaintest.Buy, m.Yes, 10*unit, 450_000, 100)
	before := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, noBuyer.Maker, yesBuyer.Maker, e.FeeReceiver, e.D.Contracts.Exchange))
	must[*types.Receipt](t)(e.Match(ctx, false, taker, []chaintest.Order{maker}, fills(10*unit)))
	after := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, noBuyer.Maker, yesBuyer.Maker, e.FeeReceiver, e.D.Contracts.Exchange))

	fee := engineFee(4*unit, 100)
	checkDiff(t, "maker", before, after, noBuyer.Maker, [3]int64{-6 * unit, 0, 10 * unit})
	checkDiff(t, "taker", before, after, yesBuyer.Maker, [3]int64{-4*unit - fee, 10 * unit, 0})
	checkDiff(t, "fee receiver", before, after, e.FeeReceiver, [3]int64{fee, 0, 0})
	checkDiff(t, "exchange", before, after, e.D.Contracts.Exchange, [3]int64{0, 0, 0})
	held := must[*big.Int](t)(e.USDWOf(ctx, e.D.Contracts.ConditionalTokens))
	if held.Int64() != 10*unit {
		t.Fatalf("conditional tokens hold %s USDW, want %d", held, 10*unit)
	}
}

// TestMerge: a SELL of NO rests at 0.55, a SELL of YES at 0.40 or more
// takes it: the pairs merge back into collateral, the taker gets 1 - 0.55
// less its fee.
func TestMerge(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	noSeller := trader(t, ctx, e, true, 20*unit)
	yesSeller := trader(t, ctx, e, true, 20*unit)
	split(t, ctx, e, noSeller, m, 20*unit)
	split(t, ctx, e, yesSeller, m, 20*unit)

	maker := noSeller.Order(false, chaintest.Sell, m.No, 10*unit, 550_000, 0)
	taker := yesSeller.Order(false, chaintest.Sell, m.Yes, 10*unit, 400_000, 100)
	before := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, noSeller.Maker, yesSeller.Maker, e.FeeReceiver, e.D.Contracts.ConditionalTokens))
	must[*types.Receipt](t)(e.Match(ctx, false, taker, []chaintest.Order{maker}, fills(10*unit)))
	after := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, noSeller.Maker, yesSeller.Maker, e.FeeReceiver, e.D.Contracts.ConditionalTokens))

	fee := engineFee(4_500_000, 100)
	checkDiff(t, "maker", before, after, noSeller.Maker, [3]int64{5_500_000, 0, -10 * unit})
	checkDiff(t, "taker", before, after, yesSeller.Maker, [3]int64{4_500_000 - fee, -10 * unit, 0})
	checkDiff(t, "fee receiver", before, after, e.FeeReceiver, [3]int64{fee, 0, 0})
	checkDiff(t, "conditional tokens", before, after, e.D.Contracts.ConditionalTokens, [3]int64{-10 * unit, 0, 0})
}

// TestManyMakers: one taker BUY of YES against a SELL of YES
// (COMPLEMENTARY) and two BUYs of NO (MINT) in one call, each fill at its
// maker's price with its own floored fee.
func TestManyMakers(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	a := trader(t, ctx, e, false, 50*unit)
	b := trader(t, ctx, e, true, 50*unit)
	c := trader(t, ctx, e, true, 50*unit)
	tk := trader(t, ctx, e, false, 50*unit)
	split(t, ctx, e, a, m, 10*unit)

	makers := []chaintest.Order{
		a.Order(false, chaintest.Sell, m.Yes, 3*unit, 410_000, 0),
		b.Order(false, chaintest.Buy, m.No, 5*unit, 580_000, 0), // YES at 0.42
		c.Order(false, chaintest.Buy, m.No, 9*unit, 570_000, 0), // YES at 0.43
	}
	taker := tk.Order(false, chaintest.Buy, m.Yes, 15*unit, 440_000, 70)
	q := []int64{3*unit - 10_000, 5 * unit, 4_330_000}
	accts := []common.Address{a.Maker, b.Maker, c.Maker, tk.Maker, e.FeeReceiver}
	before := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, accts...))
	must[*types.Receipt](t)(e.Match(ctx, false, taker, makers, fills(q...)))
	after := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, accts...))

	n0 := q[0] * 410_000 / unit
	n1 := q[1] - q[1]*580_000/unit
	n2 := q[2] - q[2]*570_000/unit
	fee := engineFee(n0, 70) + engineFee(n1, 70) + engineFee(n2, 70)
	checkDiff(t, "a", before, after, a.Maker, [3]int64{n0, -q[0], 0})
	checkDiff(t, "b", before, after, b.Maker, [3]int64{-q[1] * 580_000 / unit, 0, q[1]})
	checkDiff(t, "c", before, after, c.Maker, [3]int64{-q[2] * 570_000 / unit, 0, q[2]})
	checkDiff(t, "taker", before, after, tk.Maker, [3]int64{-(n0 + n1 + n2) - fee, q[0] + q[1] + q[2], 0})
	checkDiff(t, "fee receiver", before, after, e.FeeReceiver, [3]int64{fee, 0, 0})
}

// TestNegRiskExchange: the second instance settles on its own domain: an
// order signed for one exchange is a bad signature on the other.
func TestNegRiskExchange(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, true))
	x := trader(t, ctx, e, true, 50*unit)
	y := trader(t, ctx, e, false, 50*unit)
	maker := x.Order(true, chaintest.Buy, m.No, 5*unit, 500_000, 0)
	taker := y.Order(true, chaintest.Buy, m.Yes, 5*unit, 500_000, 0)
	wrong := y.Order(false, chaintest.Buy, m.Yes, 5*unit, 500_000, 0)
	_, err := e.Match(ctx, true, wrong, []chaintest.Order{maker}, fills(5*unit))
	expectRevert(t, err, "InvalidSignature")
	// The standard exchange does not know the negRisk market's tokens.
	_, err = e.Match(ctx, false, wrong, []chaintest.Order{maker}, fills(5*unit))
	expectRevert(t, err, "TokenNotRegistered")
	must[*types.Receipt](t)(e.Match(ctx, true, taker, []chaintest.Order{maker}, fills(5*unit)))
	if got := must[*big.Int](t)(e.TokenOf(ctx, y.Maker, m.Yes)); got.Int64() != 5*unit {
		t.Fatalf("taker holds %s YES", got)
	}
}

// TestOrderHash compares the contract's hashOrder with the Go digest.
func TestOrderHash(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	tr := trader(t, ctx, e, true, 0)
	for i, scope := range []string{"", "tenant-7", "ünïcødé scope with a longer text than thirty-two bytes"} {
		o := tr.NewOrder(uint8(i%2), m.Yes, int64(i+1)*unit, 310_000, int64(i*10))
		o.ScopeId = scope
		o.Expiration = big.NewInt(int64(1_900_000_000 + i))
		o.Nonce = big.NewInt(int64(i))
		o.Taker = e.Operator.From
		for _, ex := range []common.Address{e.D.Contracts.Exchange, e.D.Contracts.NegRiskExchange} {
			x := e.Exchange
			if ex == e.D.Contracts.NegRiskExchange {
				x = e.NegRiskExchange
			}
			got, err := x.HashOrder(&bind.CallOpts{Context: ctx}, o)
			ok(t, err)
			if want := chaintest.OrderHash(e.ChainID, ex, &o); common.Hash(got) != want {
				t.Fatalf("scope %q: hashOrder %x, Go %x", scope, got, want)
			}
		}
	}
}
