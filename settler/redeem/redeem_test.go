package redeem_test

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/streams"
	"pred.dev/settler/redeem"
)

const unit = chaintest.Unit

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// TestRedeemOnResolution: the engine's MarketChanged RESOLVED on EVT has
// the redeemer pay every holding wallet on chain, with no signature of
// theirs: the winner's USDW grows by 1 a share, the loser's by nothing,
// both lose their tokens; a second look finds no holder.
func TestRedeemOnResolution(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := must[*chaintest.Env](t)(chaintest.NewSimulated(ctx))
	t.Cleanup(e.Close)
	k := e.D.Contracts
	alice := must[*chaintest.Trader](t)(e.NewTrader(ctx, true, big.NewInt(100*unit)))
	bob := must[*chaintest.Trader](t)(e.NewTrader(ctx, true, big.NewInt(100*unit)))
	q := crypto.Keccak256Hash([]byte("redeem on resolution"))
	m := must[ctfid.Market](t)(deploy.PrepareMarket(ctx, e.Admin, e.D, e.Admin.From, q, false))
	// alice mints 7 pairs and gives bob the 7 NO.
	if err := alice.Do(ctx,
		chaintest.Call(k.Collateral, chaintest.PackUSDW("approve", k.ConditionalTokens, big.NewInt(7*unit))),
		chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("splitPosition", k.Collateral, common.Hash{}, m.ConditionID,
			[]*big.Int{big.NewInt(1), big.NewInt(2)}, big.NewInt(7*unit))),
		chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("safeTransferFrom", alice.Maker, bob.Maker, m.No, big.NewInt(7*unit), []byte{}))); err != nil {
		t.Fatal(err)
	}
	r := must[*redeem.Redeemer](t)(redeem.New(e.Chain, e.Operator, e.D, zaptest.NewLogger(t)))
	holders := must[[]common.Address](t)(r.Holders(ctx, m.Yes, m.No))
	if len(holders) != 2 || !slices.Contains(holders, alice.Maker) || !slices.Contains(holders, bob.Maker) {
		t.Fatalf("holders %v", holders)
	}
	if _, err := r.Redeem(ctx, m.ConditionID, m.Yes, m.No); err == nil {
		t.Fatal("redeemed a condition without payouts")
	}
	before := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, alice.Maker, bob.Maker))
	if _, err := e.Admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.CTF.ReportPayouts(o, q, []*big.Int{big.NewInt(1), big.NewInt(0)})
	}); err != nil {
		t.Fatal(err)
	}

	ns := natstest.Start(t)
	js := must[jetstream.JetStream](t)(jetstream.New(natstest.Connect(t, ns)))
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	var yes, no [32]byte
	m.Yes.FillBytes(yes[:])
	m.No.FillBytes(no[:])
	msg := must[*nats.Msg](t)(journal.NewEventMsg(&pb.EventBatch{FirstCommandSeq: 1, CommandSeq: 1, Events: []*pb.Event{{Body: &pb.Event_MarketChanged{
		MarketChanged: &pb.MarketChanged{Market: m.ConditionID[:], YesTokenId: yes[:], NoTokenId: no[:],
			Status: pb.MarketStatus_MARKET_STATUS_RESOLVED, Payout: []uint32{1, 0}}}}}}))
	if _, err := js.PublishMsg(ctx, msg); err != nil {
		t.Fatal(err)
	}
	r.SweepEvery = 50 * time.Millisecond
	fctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- r.Follow(fctx, js) }()
	noHolders := func() error {
		h, err := r.Holders(ctx, m.Yes, m.No)
		if err == nil && len(h) > 0 {
			return fmt.Errorf("still holding: %v", h)
		}
		return err
	}
	eventually.NoError(t, "the resolution redeems every holder", noHolders)
	after := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, alice.Maker, bob.Maker))
	if d := chaintest.Diff(before, after, alice.Maker); d != [3]int64{7 * unit, -7 * unit, 0} {
		t.Errorf("alice (YES): %v", d)
	}
	if d := chaintest.Diff(before, after, bob.Maker); d != [3]int64{0, 0, -7 * unit} {
		t.Errorf("bob (NO): %v", d)
	}
	// Positions that reach a wallet after the resolution (a trade settled
	// late; here alice splits 3 more pairs) are redeemed by the sweep.
	if err := alice.Do(ctx,
		chaintest.Call(k.Collateral, chaintest.PackUSDW("approve", k.ConditionalTokens, big.NewInt(3*unit))),
		chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("splitPosition", k.Collateral, common.Hash{}, m.ConditionID,
			[]*big.Int{big.NewInt(1), big.NewInt(2)}, big.NewInt(3*unit)))); err != nil {
		t.Fatal(err)
	}
	eventually.NoError(t, "the sweep redeems the late positions", noHolders)
	stop()
	<-done
	late := must[chaintest.Snapshot](t)(e.Balances(ctx, m.Yes, m.No, alice.Maker))
	// -3 USDW split, +3 for the 3 YES, the 3 NO worthless.
	if d := chaintest.Diff(after, late, alice.Maker); d != [3]int64{0, 0, 0} {
		t.Errorf("alice after the sweep: %v", d)
	}
	if n := must[int](t)(r.Redeem(ctx, m.ConditionID, m.Yes, m.No)); n != 0 {
		t.Errorf("a second redemption found %d holders", n)
	}
}
