package server_test

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/relayer/store"
)

// TestOperatorCalls: an operator call (the settler's matchOrders, queued
// by an internal publisher) is paid for by the hot key and followed to
// CONFIRMED, not held behind anything; the same match again is INVALID
// (the exchange's per-order fill refuses it in the simulation, nothing is
// spent); a call to another contract or of another function is INVALID.
func TestOperatorCalls(t *testing.T) {
	h := newHarness(t)
	ctx := ctxT(t)
	e := h.chain.env
	hot := crypto.PubkeyToAddress(h.hot.PublicKey)
	if err := deploy.GrantOperator(ctx, e.Admin, e.D, hot); err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMarket(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	const unit = chaintest.Unit
	yes, err := e.NewTrader(ctx, true, big.NewInt(100*unit))
	if err != nil {
		t.Fatal(err)
	}
	no, err := e.NewTrader(ctx, true, big.NewInt(100*unit))
	if err != nil {
		t.Fatal(err)
	}
	now, err := e.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tk := yes.Order(false, chaintest.Buy, m.Yes, 10*unit, 400_000, 100)
	mk := no.Order(false, chaintest.Buy, m.No, 10*unit, 600_000, 0)
	match := chaintest.PackExchange("matchOrders", tk, []chaintest.Order{mk}, big.NewInt(10*unit), []*big.Int{big.NewInt(10 * unit)},
		big.NewInt(now.Unix()))

	enqueue := func(id, to string, data []byte, gasHint ...uint64) {
		t.Helper()
		op := &relayerapi.OperatorCall{To: to, Data: hexutil.Encode(data), Ref: "test"}
		if len(gasHint) > 0 {
			op.GasHint = gasHint[0]
		}
		b, err := json.Marshal(relayerapi.OperatorSubmission{ID: id, Operator: op, CreatedAt: time.Now().UTC()})
		if err != nil {
			t.Fatal(err)
		}
		sub, err := store.DecodeSubmission(b)
		if err != nil || sub.Operator == nil {
			t.Fatalf("the queue does not read an operator submission: %v", err)
		}
		if _, err := h.st.Enqueue(ctx, sub); err != nil {
			t.Fatal(err)
		}
	}
	end := func(id string) relayerapi.Transaction {
		t.Helper()
		return eventually.Value(t, "operator call "+id+" ends", func() (relayerapi.Transaction, bool) {
			r, _, err := h.st.Record(ctx, id)
			if err != nil {
				return relayerapi.Transaction{}, false
			}
			return r.Tx, r.Tx.State.Terminal()
		})
	}
	ex := e.D.Contracts.Exchange.Hex()
	enqueue("op-match", ex, match)
	tx := end("op-match")
	if tx.State != relayerapi.StateConfirmed || tx.Type != relayerapi.TypeOperator || tx.TransactionHash == "" || tx.Metadata != "test" {
		t.Fatalf("the match ended %+v", tx)
	}
	got, err := e.TokenOf(ctx, yes.Maker, m.Yes)
	if err != nil || got.Int64() != 10*unit {
		t.Fatalf("the taker holds %v YES (%v), want 10", got, err)
	}

	// A gas bound the call fits in is its gas limit; one it does not fit
	// in costs an estimate, not the trade; one past what a transaction
	// may carry since Osaka (2^24) is tried at that cap, which a node
	// takes.
	for _, c := range []struct {
		id    string
		hint  uint64
		limit uint64 // 0: the estimate's
	}{{"op-hint", 5_000_000, 5_000_000}, {"op-hint-low", 60_000, 0}, {"op-hint-past-cap", 30_000_000, params.MaxTxGas}} {
		tk := yes.Order(false, chaintest.Buy, m.Yes, 10*unit, 400_000, 100)
		mk := no.Order(false, chaintest.Buy, m.No, 10*unit, 600_000, 0)
		call := chaintest.PackExchange("matchOrders", tk, []chaintest.Order{mk}, big.NewInt(10*unit), []*big.Int{big.NewInt(10 * unit)},
			big.NewInt(now.Unix()))
		enqueue(c.id, ex, call, c.hint)
		tx := end(c.id)
		if tx.State != relayerapi.StateConfirmed {
			t.Fatalf("%s ended %+v", c.id, tx)
		}
		sent, _, err := e.Chain.Backend.TransactionByHash(ctx, common.HexToHash(tx.TransactionHash))
		if err != nil {
			t.Fatal(err)
		}
		if c.limit != 0 && sent.Gas() != c.limit || c.limit == 0 && sent.Gas() == c.hint {
			t.Errorf("%s: gas limit %d with a bound of %d, want %d (0: the estimate's)", c.id, sent.Gas(), c.hint, c.limit)
		}
	}

	for _, c := range []struct {
		id, to string
		data   []byte
		reason string
	}{
		{"op-again", ex, match, "Overfilled"},
		{"op-not-exchange", e.D.Contracts.Collateral.Hex(), match, "not an exchange"},
		{"op-not-match", ex, chaintest.PackExchange("incrementNonce"), "only matchOrders"},
	} {
		enqueue(c.id, c.to, c.data)
		tx := end(c.id)
		if tx.State != relayerapi.StateInvalid || !strings.Contains(tx.Reason, c.reason) {
			t.Errorf("%s: %s %q, want INVALID with %q", c.id, tx.State, tx.Reason, c.reason)
		}
	}
}
