package predcli_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/runtime/apitest"
)

// TestLostOrderAnswer: pred order against the devnet through a proxy
// that loses the answer to POST /order. When the order landed, pred finds
// it with GET /order/{id} and does not place it again; when it did not,
// pred sends the same signed order again. Either way it says so on stderr
// and exactly one order rests per command.
func TestLostOrderAnswer(t *testing.T) {
	u := newUser(t, true)
	u.ok("wallet", "approve")
	u.ok("faucet", "100")
	yes := market(0).YesTokenID()
	proxy := apitest.NewProxy(t, net.URL)
	u.env["PRED_URL"] = proxy.URL
	orderID := regexp.MustCompile(`order_id\s+(0x[0-9a-f]{64})`)
	var ids []string
	for _, tc := range []struct {
		fault  apitest.Fault
		stderr string
	}{
		{apitest.LoseAnswer, "found the order LIVE"},
		{apitest.LoseRequest, "did not find the order, so the same signed order was sent again"},
	} {
		before := proxy.Forwarded(http.MethodPost, "/order")
		proxy.Next(http.MethodPost, "/order", tc.fault)
		r := u.ok("order", "buy", yes, "0.20", "5")
		id := orderID.FindStringSubmatch(r.stdout)
		if id == nil || !strings.Contains(r.stdout, "live") || !strings.Contains(r.stderr, "the answer to POST /order was lost") ||
			!strings.Contains(r.stderr, tc.stderr) {
			t.Fatalf("pred order buy with the answer lost:\nstdout: %s\nstderr: %s\nwant the order live and %q", r.stdout, r.stderr, tc.stderr)
		}
		if n := proxy.Forwarded(http.MethodPost, "/order") - before; n != 1 {
			t.Errorf("%d POST /order reached the exchange, want 1", n)
		}
		ids = append(ids, id[1])
	}
	var open []clobapi.OpenOrder
	u.json(&open, "orders", "list")
	if len(open) != 2 || !(open[0].ID == ids[0] || open[1].ID == ids[0]) || !(open[0].ID == ids[1] || open[1].ID == ids[1]) {
		t.Fatalf("open orders %+v, want exactly %v", open, ids)
	}
}
