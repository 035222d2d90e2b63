package e2e

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/devnet"
)

// TestTwoGatewayReplicas runs two gateways on one NATS and one engine,
// all in the test's process: they share API keys and the L1 replay guard
// through NATS KV, and an order is one order whichever gateway a call
// goes through. TestGatewayProcesses checks the same with every
// component its own process.
func TestTwoGatewayReplicas(t *testing.T) {
	t.Parallel()
	checkReplicas(t, startNet(t, func(c *devnet.Config) { c.Gateways = 2 }))
}

// checkReplicas checks that gateways 0 and 1 of n act as one exchange: a
// key created on one works on the other, an L1 signature used on one is
// refused on the other, and an order placed through one is cancelled
// through the other.
func checkReplicas(t *testing.T, n *testNet) {
	ctx := context.Background()

	// A key created through gateway 0 authenticates on gateway 1.
	onZero := n.trader("100")
	onOne := n.on(1, onZero)
	if _, err := onOne.GetBalanceAllowance(ctx, client.BalanceParams{}); err != nil {
		t.Fatalf("the key created on gateway 0 is refused on gateway 1: %v", err)
	}
	keys, err := onOne.ListAPIKeys(ctx)
	if creds, _ := onZero.Creds(); err != nil || len(keys) != 1 || keys[0].APIKey != creds.APIKey {
		t.Fatalf("gateway 1 lists keys %+v (%v), want the one created on gateway 0", keys, err)
	}

	// One L1 nonce is accepted once, whichever gateway sees it first.
	w := n.wallet(0)
	hdr, err := w.L1Headers(strconv.FormatInt(time.Now().Unix(), 10), client.NewL1Nonce())
	if err != nil {
		t.Fatal(err)
	}
	if status, body := n.raw(t, 0, http.MethodPost, "/auth/api-key", hdr); status != http.StatusOK {
		t.Fatalf("first use of the L1 signature on gateway 0: %d %s", status, body)
	}
	if status, body := n.raw(t, 1, http.MethodPost, "/auth/api-key", hdr); status != http.StatusUnauthorized || !hasCode(body, errcode.L1NonceUsed) {
		t.Fatalf("replay of the L1 signature on gateway 1: %d %s, want 401 %s", status, body, errcode.L1NonceUsed)
	}

	// An order placed through gateway 0 is cancelled through gateway 1.
	placed := onZero.buy(t, n.market(0).YesTokenID(), "0.30", "10")
	r, err := onOne.CancelOrder(ctx, placed.OrderID)
	if err != nil || !hasID(r.Canceled, placed.OrderID) {
		t.Fatalf("cancel through gateway 1: %+v %v", r, err)
	}
	// Gateway 1 reads its own write: its read waits for the engine to
	// have applied the cancel.
	if o := onOne.order(t, placed.OrderID); o.Status != "CANCELED" {
		t.Fatalf("gateway 1 reports the order it cancelled %s, want CANCELED", o.Status)
	}
	// Gateway 0 did not see the cancel, so its read may trail the
	// engine's commit by a moment.
	eventually.True(t, "gateway 0 reports the order CANCELED", func() bool {
		return onZero.order(t, placed.OrderID).Status == "CANCELED"
	})
}
