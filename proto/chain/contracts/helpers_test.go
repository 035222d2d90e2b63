package contracts_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/chainerr"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
)

const unit = chaintest.Unit

func newEnv(t *testing.T) (context.Context, *chaintest.Env) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	e, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return ctx, e
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(chainerr.Describe(err))
		}
		return v
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
}

// trader creates a funded trader.
func trader(t *testing.T, ctx context.Context, e *chaintest.Env, withSafe bool, usdw int64) *chaintest.Trader {
	t.Helper()
	tr, err := e.NewTrader(ctx, withSafe, big.NewInt(usdw))
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	return tr
}

// split has tr's wallet split amount of its USDW into YES/NO pairs of m,
// directly on the conditional tokens.
func split(t *testing.T, ctx context.Context, e *chaintest.Env, tr *chaintest.Trader, m ctfid.Market, amount int64) {
	t.Helper()
	k := e.D.Contracts
	ok(t, tr.Do(ctx,
		chaintest.Call(k.Collateral, chaintest.PackUSDW("approve", k.ConditionalTokens, big.NewInt(amount))),
		chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("splitPosition", k.Collateral, common.Hash{},
			m.ConditionID, []*big.Int{big.NewInt(1), big.NewInt(2)}, big.NewInt(amount)))))
}

func fills(v ...int64) []*big.Int {
	out := make([]*big.Int, len(v))
	for i, x := range v {
		out[i] = big.NewInt(x)
	}
	return out
}

// expectRevert checks that err is a revert with the custom error (or
// reason string) name.
func expectRevert(t *testing.T, err error, name string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want revert %s", name)
	}
	if !chainerr.Is(err, name) {
		t.Fatalf("error %s, want revert %s", chainerr.Describe(err), name)
	}
}

// checkDiff compares an account's USDW, YES and NO changes.
func checkDiff(t *testing.T, who string, before, after chaintest.Snapshot, a common.Address, want [3]int64) {
	t.Helper()
	if got := chaintest.Diff(before, after, a); got != want {
		t.Errorf("%s: USDW/YES/NO changed by %v, want %v", who, got, want)
	}
}

// engineFee is the engine's fee: floor(notional * bps / 10000).
func engineFee(notional, bps int64) int64 { return notional * bps / 10_000 }
