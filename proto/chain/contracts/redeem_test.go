package contracts_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/bind/redeemmodule"
	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/wallet"
)

// market prepares a market whose question id the test knows, so that the
// admin (its oracle) can report its payouts.
func market(t *testing.T, ctx context.Context, e *chaintest.Env, name string) (common.Hash, ctfid.Market) {
	t.Helper()
	q := crypto.Keccak256Hash([]byte(name))
	return q, must[ctfid.Market](t)(deploy.PrepareMarket(ctx, e.Admin, e.D, e.Admin.From, q, false))
}

func reportPayouts(t *testing.T, ctx context.Context, e *chaintest.Env, q common.Hash, yes, no int64) {
	t.Helper()
	_, err := e.Admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.CTF.ReportPayouts(o, q, []*big.Int{big.NewInt(yes), big.NewInt(no)})
	})
	ok(t, err)
}

// TestRedeemModule: every wallet is born with the RedeemModule (and keeps
// the address proto/wallet derives); once a condition has its payouts,
// anyone can redeem a wallet's positions, and the payout lands in the
// wallet itself: winners get 1 USDW a share, losers nothing, a 50-50 half
// a share each; before the payouts it reverts, and the module cannot be
// enabled by a direct call.
func TestRedeemModule(t *testing.T) {
	ctx, e := newEnv(t)
	k := e.D.Contracts
	if k.RedeemModule == (common.Address{}) {
		t.Fatal("the deployment has no RedeemModule")
	}
	alice := trader(t, ctx, e, true, 100*unit)
	bob := trader(t, ctx, e, true, 100*unit)
	for _, tr := range []*chaintest.Trader{alice, bob} {
		if want := wallet.ProxyAddress(k.SafeFactory, e.D.SafeInitCodeHash, tr.Owner); tr.Maker != want ||
			tr.Maker != safewallet.Address(k.SafeFactory, k.SafeSingleton, tr.Owner) {
			t.Fatalf("wallet %s, derived %s", tr.Maker.Hex(), want.Hex())
		}
		s := must[*safe.Safe](t)(safe.NewSafe(tr.Maker, e.Chain.Backend))
		if !must[bool](t)(s.IsModuleEnabled(&bind.CallOpts{Context: ctx}, k.RedeemModule)) {
			t.Fatalf("the RedeemModule is not enabled on %s", tr.Maker.Hex())
		}
	}
	rm := must[*redeemmodule.RedeemModule](t)(redeemmodule.NewRedeemModule(k.RedeemModule, e.Chain.Backend))
	// Anyone redeems: the operator here, which holds nothing of it.
	redeem := func(cond common.Hash, safes ...common.Address) error {
		r, err := e.Operator.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return rm.RedeemMany(o, safes, cond)
		})
		if err == nil {
			t.Logf("redeemMany of %d wallets: %d gas", len(safes), r.GasUsed)
		}
		return err
	}

	// alice splits 10 pairs and gives bob the 10 NO.
	q, m := market(t, ctx, e, "redeem-yes")
	split(t, ctx, e, alice, m, 10*unit)
	ok(t, alice.Do(ctx, chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("safeTransferFrom", alice.Maker, bob.Maker, m.No,
		big.NewInt(10*unit), []byte{}))))
	expectRevert(t, redeem(m.ConditionID, alice.Maker), "NotResolved")
	before := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, alice.Maker, bob.Maker))
	reportPayouts(t, ctx, e, q, 1, 0)
	ok(t, redeem(m.ConditionID, alice.Maker, bob.Maker))
	after := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, alice.Maker, bob.Maker))
	checkDiff(t, "alice (YES won)", before, after, alice.Maker, [3]int64{10 * unit, -10 * unit, 0})
	checkDiff(t, "bob (NO lost)", before, after, bob.Maker, [3]int64{0, 0, -10 * unit})
	// A second redemption finds nothing and pays nothing.
	ok(t, redeem(m.ConditionID, alice.Maker))
	again := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, alice.Maker))
	checkDiff(t, "alice again", after, again, alice.Maker, [3]int64{0, 0, 0})

	// A 50-50 pays half a share each.
	q2, m2 := market(t, ctx, e, "redeem-split")
	split(t, ctx, e, alice, m2, 10*unit)
	before = must[chaintest.Snapshot](t)(e.Balances(ctx, m2.Yes, m2.No, alice.Maker))
	reportPayouts(t, ctx, e, q2, 1, 1)
	ok(t, redeem(m2.ConditionID, alice.Maker))
	after = must[chaintest.Snapshot](t)(e.Balances(ctx, m2.Yes, m2.No, alice.Maker))
	checkDiff(t, "alice (50-50)", before, after, alice.Maker, [3]int64{10 * unit, -10 * unit, -10 * unit})

	// enable() only works as the Safe's setup delegate call.
	_, err := e.Operator.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return rm.Enable(o)
	})
	expectRevert(t, err, "NotDelegateCall")
}
