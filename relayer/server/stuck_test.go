package server_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/runtime/eventually"
	relayersvc "pred.dev/relayer/server"
)

// TestStuckTransactionIsRepriced: a transaction priced below the base fee
// is not mined; after RepriceAfter the worker replaces it, same nonce and
// call, at a fee that clears, and the record shows the attempt that was
// mined.
func TestStuckTransactionIsRepriced(t *testing.T) {
	h := newHarness(t, withConfig(func(c *relayersvc.Config) {
		c.Worker.FeeMultiplierPercent = 1 // a hundredth of the base fee: never mined
		c.Worker.TipCap = big.NewInt(1)
		c.Worker.RepriceAfter = 300 * time.Millisecond
	}))
	// The first attempt's fee cap is a hundredth of the base fee, so it
	// can never be mined: MINED alone proves a re-priced attempt was. Its
	// hash is not compared with the one EXECUTED showed: on a loaded
	// machine the worker may re-price before a poll sees EXECUTED, and
	// the record then already names the replacement.
	u, sub, _ := h.deployExecuted(t)
	u.wait(t, sub.TransactionID, relayerapi.StateMined)
	if v := h.metric(t, "relayer_reprices_total"); v < 1 {
		t.Fatalf("relayer_reprices_total %v", v)
	}
	if n := h.audit(t); n != 1 {
		t.Fatalf("%d hot-key transactions mined, want 1", n)
	}
}

// TestDroppedTransactionIsResent: a transaction the node forgets (its
// pool cleared before a block) is sent again, the same bytes, and mined.
func TestDroppedTransactionIsResent(t *testing.T) {
	h := newHarness(t, withConfig(func(c *relayersvc.Config) { c.Worker.ResendAfter = 200 * time.Millisecond }))
	h.chain.pause()
	u, sub, exec := h.deployExecuted(t)
	sim := h.chain.env.Sim()
	sim.Rollback() // the node drops it
	hash := common.HexToHash(exec.TransactionHash)
	eventually.True(t, "the worker sends "+hash.Hex()+" again", func() bool {
		_, pending, err := sim.Client().TransactionByHash(ctxT(t), hash)
		return err == nil && pending
	})
	h.chain.resume()
	mined := u.wait(t, sub.TransactionID, relayerapi.StateMined)
	if mined.TransactionHash != exec.TransactionHash {
		t.Fatalf("mined %s, sent %s: a resend is the same transaction", mined.TransactionHash, exec.TransactionHash)
	}
}
