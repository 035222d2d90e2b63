package bench

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/chainerr"
	"pred.dev/proto/chain/chaintest"
)

// ChainMakers are the maker-order counts of the gas figures.
var ChainMakers = []int{1, 5, 15}

// Chain measures the gas of settling a match on the exchange contract:
// one taker order against n maker orders in one matchOrders call, each
// maker a Safe wallet (the devnet's normal maker) and each order filled
// for the first time (its fill record is a new storage slot), divided by
// n. The taker and makers already hold the tokens involved, as they do
// after their first trade.
//
//	chain_match_gas_per_fill_<n>       COMPLEMENTARY (taker buys YES from makers selling YES)
//	chain_mint_gas_per_fill_15         MINT (both buy: YES and NO are minted)
//	chain_merge_gas_per_fill_15        MERGE (both sell: YES and NO are merged)
//	chain_match_gas_per_fill_<n>_osaka COMPLEMENTARY under Osaka's gas rules
//
// The chain is go-ethereum's simulated backend with every fork enabled,
// as on the devnet and geth --dev: Amsterdam's EIP-8037 makes each new
// storage slot cost about 110,000 gas, so the Osaka figures are given for
// comparison with today's public chains.
func Chain() ([]Figure, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var figs []Figure
	for _, rules := range []struct {
		suffix string
		opts   []chaintest.SimOption
		kinds  []string
	}{
		{"", nil, []string{"match", "mint", "merge"}},
		{"_osaka", []chaintest.SimOption{chaintest.OsakaRules}, []string{"match"}},
	} {
		e, err := chaintest.NewSimulated(ctx, rules.opts...)
		if err != nil {
			return nil, err
		}
		g, err := newGasBench(ctx, e)
		if err != nil {
			e.Close()
			return nil, err
		}
		for _, kind := range rules.kinds {
			ns := ChainMakers
			if kind != "match" {
				ns = []int{15}
			}
			for _, n := range ns {
				gas, err := g.perFill(ctx, kind, n)
				if err != nil {
					e.Close()
					return nil, fmt.Errorf("%s with %d makers: %s", kind, n, chainerr.Describe(err))
				}
				figs = append(figs, Figure{Name: fmt.Sprintf("chain_%s_gas_per_fill_%d%s", kind, n, rules.suffix), Value: gas, Unit: "gas"})
			}
		}
		e.Close()
	}
	return figs, nil
}

type gasBench struct {
	e      *chaintest.Env
	m      chaintest.Market
	makers []*chaintest.Trader
	taker  *chaintest.Trader
}

const chainUnit = chaintest.Unit

func newGasBench(ctx context.Context, e *chaintest.Env) (*gasBench, error) {
	m, err := e.NewMarket(ctx, false)
	if err != nil {
		return nil, err
	}
	g := &gasBench{e: e, m: m}
	k := e.D.Contracts
	for i := 0; i <= ChainMakers[len(ChainMakers)-1]; i++ {
		tr, err := e.NewTrader(ctx, true, big.NewInt(10_000*chainUnit))
		if err != nil {
			return nil, err
		}
		amount := big.NewInt(5_000 * chainUnit)
		if err := tr.Do(ctx,
			chaintest.Call(k.Collateral, chaintest.PackUSDW("approve", k.ConditionalTokens, amount)),
			chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("splitPosition", k.Collateral, common.Hash{},
				m.ConditionID, []*big.Int{big.NewInt(1), big.NewInt(2)}, amount))); err != nil {
			return nil, err
		}
		g.makers = append(g.makers, tr)
	}
	g.taker, g.makers = g.makers[0], g.makers[1:]
	return g, nil
}

// perFill returns the median over three runs of the gas of one match of
// kind with n fresh maker orders, divided by n.
func (g *gasBench) perFill(ctx context.Context, kind string, n int) (float64, error) {
	var runs []float64
	for range 3 {
		takerSide, makerSide, makerToken, price := chaintest.Buy, chaintest.Sell, g.m.Yes, int64(400_000)
		switch kind {
		case "mint":
			makerSide, makerToken, price = chaintest.Buy, g.m.No, 600_000
		case "merge":
			takerSide, makerToken, price = chaintest.Sell, g.m.No, 600_000
		}
		var makers []chaintest.Order
		var fills []*big.Int
		for i := range n {
			makers = append(makers, g.makers[i].Order(false, makerSide, makerToken, 10*chainUnit, price, 0))
			fills = append(fills, big.NewInt(10*chainUnit))
		}
		taker := g.taker.Order(false, takerSide, g.m.Yes, int64(n)*10*chainUnit, 400_000, 100)
		r, err := g.e.Match(ctx, false, taker, makers, fills)
		if err != nil {
			return 0, err
		}
		runs = append(runs, float64(r.GasUsed)/float64(n))
	}
	return float64(int64(median(runs))), nil
}
