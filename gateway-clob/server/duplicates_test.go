package server_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// TestDuplicateOrders: one signed order is placed at most once, and every
// copy after the first is told INVALID_ORDER_DUPLICATED, whether the
// copies come one after another, in one POST /orders, or concurrently as
// POST /order. Funds are locked once.
func TestDuplicateOrders(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.funded(0, 1000)

	t.Run("sequential", func(t *testing.T) {
		req := mustBuild(t, c, buyArgs("0.20", "10"))
		if r, err := c.PostOrder(ctx, req); err != nil || !r.Success {
			t.Fatalf("first copy: %+v, %v", r, err)
		}
		for range 3 {
			if _, err := c.PostOrder(ctx, req); !isCode(err, errcode.InvalidOrderDuplicated, 400) {
				t.Fatalf("a later copy: %v", err)
			}
		}
	})

	t.Run("batch", func(t *testing.T) {
		req := mustBuild(t, c, buyArgs("0.21", "10"))
		batch := make([]*clobapi.PostOrderRequest, 15)
		for i := range batch {
			batch[i] = req
		}
		out, err := c.PostOrders(ctx, batch)
		if err != nil {
			t.Fatal(err)
		}
		assertOnePlaced(t, out)
	})

	t.Run("concurrent", func(t *testing.T) {
		req := mustBuild(t, c, buyArgs("0.22", "10"))
		const copies = 50
		out := make([]clobapi.OrderResponse, copies)
		var wg sync.WaitGroup
		for i := range copies {
			wg.Go(func() {
				r, err := c.PostOrder(ctx, req)
				var ae *client.APIError
				if errors.As(err, &ae) {
					r = clobapi.OrderResponse{Code: string(ae.Code), ErrorMsg: ae.Error()}
				} else if err != nil {
					r = clobapi.OrderResponse{ErrorMsg: err.Error()}
				}
				out[i] = r
			})
		}
		wg.Wait()
		assertOnePlaced(t, out)
	})

	// Three orders rest, each locking its notional once: 10 shares at
	// 0.20, 0.21 and 0.22.
	bal, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil {
		t.Fatal(err)
	}
	if bal.Locked != "6.3" {
		t.Fatalf("locked %s USDW, want 6.3 (each order once)", bal.Locked)
	}
	open, err := c.AllOrders(ctx, client.OrderParams{})
	if err != nil || len(open) != 3 {
		t.Fatalf("open orders: %d, %v; want 3", len(open), err)
	}
}

// assertOnePlaced: exactly one answer is a success and every other one
// is INVALID_ORDER_DUPLICATED for the same order id.
func assertOnePlaced(t *testing.T, out []clobapi.OrderResponse) {
	t.Helper()
	placed := 0
	for i, r := range out {
		switch {
		case r.Success:
			placed++
		case r.Code != string(errcode.InvalidOrderDuplicated):
			t.Errorf("copy %d: %+v, want success or %s", i, r, string(errcode.InvalidOrderDuplicated))
		}
	}
	if placed != 1 {
		t.Errorf("%d of %d copies were answered success, want exactly 1", placed, len(out))
	}
}
