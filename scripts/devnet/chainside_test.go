package devnet

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/client/gammaapi"
)

// TestOperatorThroughTheSettler: Gamma's operator creates a market and
// cancels it (a 50-50 resolution) through the settler's markets service
// over NATS, as a standalone gateway-gamma does: the market's condition is
// prepared and its tokens registered on chain, then its payouts [1,1]
// reported by the oracle.
func TestOperatorThroughTheSettler(t *testing.T) {
	d := start(t, testConfig(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	op := d.gamma.Operator()
	now := time.Now().UTC()
	ev, err := op.CreateEvent(ctx, gammaapi.EventInput{Title: "Through the settler", Slug: "through-the-settler",
		StartDate: now, EndDate: now.Add(24 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := op.CreateMarket(ctx, gammaapi.MarketInput{EventID: ev.ID, Slug: "through-the-settler-yes", Question: "Is it prepared on chain?"})
	if err != nil {
		t.Fatal(err)
	}
	oracle := d.Deployment.Deployer
	qid := operator.QuestionID(oracle, m.Question, m.Slug)
	ids := ctfid.BinaryMarket(d.Deployment.Contracts.Collateral, oracle, qid)
	call := &bind.CallOpts{Context: ctx}
	if n, err := d.chain.ctf.GetOutcomeSlotCount(call, ids.ConditionID); err != nil || n.Int64() != 2 {
		t.Fatalf("the new market's condition on chain: %v slots, %v", n, err)
	}
	if common.HexToHash(m.QuestionID) != qid {
		t.Fatalf("Gamma's question id %s, want %s", m.QuestionID, qid.Hex())
	}
	if den, err := d.chain.ctf.PayoutDenominator(call, ids.ConditionID); err != nil || den.Sign() != 0 {
		t.Fatalf("payouts before the resolution: %v, %v", den, err)
	}
	r, err := op.Cancel(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r.Adjudicate == nil || r.Adjudicate.CurrentPhase != catalog.PhaseCanceled {
		t.Fatalf("after the cancel: adjudication %+v", r.Adjudicate)
	}
	for i, want := range []int64{1, 1} {
		if n, err := d.chain.ctf.PayoutNumerators(call, ids.ConditionID, big.NewInt(int64(i))); err != nil || n.Int64() != want {
			t.Fatalf("payout numerator %d on chain: %v, %v; want %d", i, n, err, want)
		}
	}
}
