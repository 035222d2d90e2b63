package contracts_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/chaintest"
)

// TestMatchOrdersBatch: several matches in one transaction settle each as
// matchOrders would; one bad match reverts the whole batch, which changes
// nothing; an empty or oversized batch is refused.
func TestMatchOrdersBatch(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	a, b := trader(t, ctx, e, true, 100*unit), trader(t, ctx, e, true, 100*unit)
	c, d := trader(t, ctx, e, true, 100*unit), trader(t, ctx, e, false, 100*unit)
	mint := func(yes, no *chaintest.Trader, shares int64) exchange.CTFExchangeMatch {
		return exchange.CTFExchangeMatch{
			TakerOrder:       yes.Order(false, chaintest.Buy, m.Yes, shares*unit, 400_000, 100),
			MakerOrders:      []chaintest.Order{no.Order(false, chaintest.Buy, m.No, shares*unit, 600_000, 0)},
			TakerFillAmount:  big.NewInt(shares * unit),
			MakerFillAmounts: fills(shares * unit),
		}
	}
	now := must[time.Time](t)(e.Now(ctx))
	batch := func(ms ...exchange.CTFExchangeMatch) (*types.Receipt, error) {
		return e.Operator.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.Exchange.MatchOrdersBatch(o, ms, big.NewInt(now.Unix()))
		})
	}
	first, second := mint(a, b, 10), mint(c, d, 5)
	r := must[*types.Receipt](t)(batch(first, second))
	if r.Status != types.ReceiptStatusSuccessful {
		t.Fatal("the batch reverted")
	}
	for _, w := range []struct {
		tr     *chaintest.Trader
		token  *big.Int
		shares int64
	}{{a, m.Yes, 10}, {b, m.No, 10}, {c, m.Yes, 5}, {d, m.No, 5}} {
		if got := must[*big.Int](t)(e.TokenOf(ctx, w.tr.Maker, w.token)); got.Int64() != w.shares*unit {
			t.Errorf("%s holds %v, want %d shares", w.tr.Maker.Hex(), got, w.shares)
		}
	}
	// A match whose taker order is filled already spoils its batch: the
	// good match in it is not settled either.
	good := mint(a, b, 3)
	expectRevert(t, errOf(batch(good, first)), "Overfilled")
	if got := must[*big.Int](t)(e.TokenOf(ctx, a.Maker, m.Yes)); got.Int64() != 10*unit {
		t.Errorf("a reverted batch moved shares: %v", got)
	}
	must[*types.Receipt](t)(batch(good))
	expectRevert(t, errOf(batch()), "InvalidMatches")
	many := make([]exchange.CTFExchangeMatch, 33)
	for i := range many {
		many[i] = good
	}
	expectRevert(t, errOf(batch(many...)), "InvalidMatches")
}

func errOf(_ *types.Receipt, err error) error { return err }
