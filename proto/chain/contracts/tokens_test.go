package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/txn"
)

// TestCollateral: the stablecoin mints only for its minter; USDW wraps
// and unwraps it one to one, to the caller or another recipient, and its
// supply always equals the stablecoin it holds.
func TestCollateral(t *testing.T) {
	ctx, e := newEnv(t)
	call := &bind.CallOpts{Context: ctx}
	for _, c := range []struct {
		name, symbol string
		get          func(*bind.CallOpts) (string, error)
		sym          func(*bind.CallOpts) (string, error)
		dec          func(*bind.CallOpts) (uint8, error)
	}{
		{"USD Wrapped", "USDW", e.USDW.Name, e.USDW.Symbol, e.USDW.Decimals},
		{"Devnet Dollar", "DUSD", e.Stablecoin.Name, e.Stablecoin.Symbol, e.Stablecoin.Decimals},
	} {
		name := must[string](t)(c.get(call))
		sym := must[string](t)(c.sym(call))
		dec := must[uint8](t)(c.dec(call))
		if name != c.name || sym != c.symbol || dec != 6 {
			t.Errorf("%q %q %d decimals, want %q %q 6", name, sym, dec, c.name, c.symbol)
		}
	}

	user := trader(t, ctx, e, false, 0)
	s := must[*txn.Sender](t)(txn.NewSender(ctx, e.Chain, user.Key))
	_, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Stablecoin.Mint(o, user.Owner, big.NewInt(1))
	})
	expectRevert(t, err, "AccessControlUnauthorizedAccount")

	must[*types.Receipt](t)(e.Faucet.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Stablecoin.Mint(o, user.Owner, big.NewInt(10*unit))
	}))
	do := func(f func(o *bind.TransactOpts) (*types.Transaction, error)) {
		t.Helper()
		must[*types.Receipt](t)(s.Do(ctx, f))
	}
	do(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Stablecoin.Approve(o, e.D.Contracts.Collateral, big.NewInt(10*unit))
	})
	do(func(o *bind.TransactOpts) (*types.Transaction, error) { return e.USDW.Wrap(o, big.NewInt(6*unit)) })
	other := trader(t, ctx, e, true, 0)
	do(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.USDW.WrapTo(o, other.Maker, big.NewInt(4*unit))
	})
	do(func(o *bind.TransactOpts) (*types.Transaction, error) { return e.USDW.Unwrap(o, big.NewInt(unit)) })
	do(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.USDW.UnwrapTo(o, other.Owner, big.NewInt(2*unit))
	})
	_, err = s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) { return e.USDW.Unwrap(o, big.NewInt(3*unit+1)) })
	expectRevert(t, err, "ERC20InsufficientBalance")

	check := func(what string, got *big.Int, want int64) {
		t.Helper()
		if got.Int64() != want {
			t.Errorf("%s = %s, want %d", what, got, want)
		}
	}
	check("user USDW", must[*big.Int](t)(e.USDW.BalanceOf(call, user.Owner)), 3*unit)
	check("user stablecoin", must[*big.Int](t)(e.Stablecoin.BalanceOf(call, user.Owner)), unit)
	check("wallet USDW", must[*big.Int](t)(e.USDW.BalanceOf(call, other.Maker)), 4*unit)
	check("owner stablecoin", must[*big.Int](t)(e.Stablecoin.BalanceOf(call, other.Owner)), 2*unit)
	supply := must[*big.Int](t)(e.USDW.TotalSupply(call))
	backing := must[*big.Int](t)(e.Stablecoin.BalanceOf(call, e.D.Contracts.Collateral))
	if supply.Cmp(backing) != 0 {
		t.Errorf("USDW supply %s, backed by %s", supply, backing)
	}
	if u := must[string](t)(func() (string, error) {
		a, err := e.USDW.Underlying(call)
		return a.Hex(), err
	}()); u != e.D.Contracts.Stablecoin.Hex() {
		t.Errorf("underlying %s", u)
	}
}
