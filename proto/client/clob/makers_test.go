package clob

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"pred.dev/proto/client/clobapi"
)

// TestMakerRequests: each market makers' method sends its method, path,
// wallet parameter and body as the API document has them (and a delete's
// answer decodes), and BuildOrder carries the place's options into the
// envelope (left out when unset).
func TestMakerRequests(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, r.Method+" "+r.URL.RequestURI()+" "+string(body))
		mu.Unlock()
		switch {
		case r.URL.Path == "/order-groups" || r.URL.Path == "/orders/replace":
			_, _ = io.WriteString(w, `[]`)
		case r.Method == http.MethodDelete:
			_, _ = io.WriteString(w, `{"id":9,"deleted":true,"canceled":["0x0000000000000000000000000000000000000000000000000000000000000001"]}`)
		default:
			_, _ = io.WriteString(w, `{}`)
		}
	}))
	defer srv.Close()
	c := vectorClient(t, srv.URL)
	ctx := context.Background()

	plain, _, err := c.BuildOrder(OrderArgs{TokenID: "1", Side: "BUY", Price: "0.5", Size: "10"})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(plain); strings.Contains(string(b), "selfTradePrevention") || strings.Contains(string(b), "cancelOnHalt") ||
		strings.Contains(string(b), "orderGroupId") {
		t.Fatalf("an order without options sends them: %s", b)
	}
	req, _, err := c.BuildOrder(OrderArgs{TokenID: "1", Side: "BUY", Price: "0.5", Size: "10",
		SelfTradePrevention: clobapi.SelfTradeCancelBoth, CancelOnHalt: true, OrderGroupID: 9})
	if err != nil {
		t.Fatal(err)
	}
	if req.SelfTradePrevention != "cancel_both" || !req.CancelOnHalt || req.OrderGroupID != 9 {
		t.Fatalf("options: %+v", req)
	}
	const old = "0x0000000000000000000000000000000000000000000000000000000000000001"
	calls := []func() error{
		func() error { _, err := c.ReplaceOrder(ctx, old, req); return err },
		func() error {
			_, err := c.ReplaceOrders(ctx, []clobapi.ReplaceOrderRequest{{OrderID: old, PostOrderRequest: *req}})
			return err
		},
		func() error {
			_, err := c.DecreaseOrder(ctx, clobapi.DecreaseOrderRequest{OrderID: old, ReduceTo: "2.5"})
			return err
		},
		func() error { _, err := c.QueuePosition(ctx, old); return err },
		func() error { _, err := c.SetOrderGroup(ctx, 9, "100", 20); return err },
		func() error { _, err := c.ResetOrderGroup(ctx, 9); return err },
		func() error { _, err := c.OrderGroups(ctx); return err },
		func() error {
			d, err := c.DeleteOrderGroup(ctx, 9)
			if err == nil && (d.ID != 9 || !d.Deleted || len(d.Canceled) != 1 || d.Canceled[0] != old) {
				t.Errorf("the delete's answer: %+v", d)
			}
			return err
		},
	}
	for _, call := range calls {
		if err := call(); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		`POST /order/replace {"orderID":"` + old + `","order":`,
		`POST /orders/replace [{"orderID":"` + old + `","order":`,
		`POST /order/decrease {"orderID":"` + old + `","reduceTo":"2.5"}`,
		`GET /order/` + old + `/queue-position `,
		`PUT /order-groups/9?signature_type=0 {"limit":"100","windowSec":20}`,
		`POST /order-groups/9/reset?signature_type=0 `,
		`GET /order-groups?signature_type=0 `,
		`DELETE /order-groups/9?signature_type=0 `,
	}
	if len(got) != len(want) {
		t.Fatalf("requests:\n%s", strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("request %d: %s\nwant a prefix %s", i, got[i], w)
		}
	}
	if !strings.Contains(got[0], `"selfTradePrevention":"cancel_both","cancelOnHalt":true,"orderGroupId":9`) {
		t.Errorf("the replace's envelope lacks the options: %s", got[0])
	}
}
