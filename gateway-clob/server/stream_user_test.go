package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/pb"
)

// userHeaders are c's L2 headers for the user channel's upgrade.
func userHeaders(t *testing.T, c *client.Client) http.Header {
	t.Helper()
	hdr, err := c.L2Headers(strconv.FormatInt(time.Now().Unix(), 10), "GET", "/ws/user", nil)
	if err != nil {
		t.Fatal(err)
	}
	return hdr
}

// userMsgs reads a user channel (whose last seq is *seq)'s data frames until one holds a message
// for which stop is true, and returns every message read (without seq).
func userMsgs(t *testing.T, w *wsConn, seq *uint64, stop func(m map[string]any) bool) []map[string]any {
	t.Helper()
	var out []map[string]any
	for {
		f, err := w.read(waitMax)
		if err != nil {
			t.Fatalf("reading the user channel: %v (after %v)", err, out)
		}
		if f.control != nil {
			continue
		}
		done := false
		for _, raw := range f.msgs {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			if uint64(m["seq"].(float64)) != *seq+1 {
				t.Fatalf("seq %v after %d", m["seq"], *seq)
			}
			*seq++
			delete(m, "seq")
			out = append(out, m)
			done = done || stop(m)
		}
		if done {
			return out
		}
	}
}

func isEvent(typ, event string) func(m map[string]any) bool {
	return func(m map[string]any) bool { return m["type"] == typ && m["event"] == event }
}

// TestStreamUserGameLive: a game going live (ClearMarketOrders) shows on
// the user channel as the market's cleared message before the order's
// cancellation; a resolution is replayed to a client that reconnects with
// from, whether it authenticated with the upgrade's headers or an auth
// message.
func TestStreamUserGameLive(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c := h.funded(0, 100)
	w := h.dialStream(t, 0, "/ws/user?signature_type=0", userHeaders(t, c))
	w.send(clobapi.StreamRequest{Type: clobapi.StreamSubscribe, ID: "u"})
	start := uint64(w.control(clobapi.MsgSubscribed)["position"].(float64))

	order, err := c.CreateAndPostOrder(context.Background(), client.OrderArgs{TokenID: testYesStr, Side: "BUY", Price: "0.4", Size: "10", FeeRateBps: 10})
	if err != nil || order.Status != clobapi.InsertStatusLive {
		t.Fatalf("order: %+v %v", order, err)
	}
	h.submit(func(c *pb.Command) {
		c.Body = &pb.Command_ClearMarketOrders{ClearMarketOrders: &pb.ClearMarketOrders{Market: testMarket[:]}}
	})
	var seq uint64
	got := userMsgs(t, w, &seq, isEvent(clobapi.MsgOrder, clobapi.OrderCancellation))
	placed, cleared, cancelled := -1, -1, -1
	for i, m := range got {
		switch {
		case isEvent(clobapi.MsgOrder, clobapi.OrderPlacement)(m) && m["id"] == order.OrderID:
			placed = i
		case isEvent(clobapi.MsgMarket, clobapi.MarketEventCleared)(m) && m["market"] == testMarketStr:
			cleared = i
		case isEvent(clobapi.MsgOrder, clobapi.OrderCancellation)(m) && m["id"] == order.OrderID:
			cancelled = i
			if m["cause"] != "MARKET_CLEARED" || m["remaining"] != "10" {
				t.Fatalf("cancellation: %v", m)
			}
		}
	}
	if placed < 0 || cleared < 0 || cancelled < 0 || !(placed < cleared && cleared < cancelled) {
		t.Fatalf("placement at %d, cleared at %d, cancellation at %d, want that order: %v", placed, cleared, cancelled, got)
	}

	h.submit(func(c *pb.Command) {
		c.Body = &pb.Command_ResolveMarket{ResolveMarket: &pb.ResolveMarket{Market: testMarket[:], Payout: []uint32{1, 0}}}
	})
	live := append(got, userMsgs(t, w, &seq, isEvent(clobapi.MsgMarket, clobapi.MarketEventResolved))...)
	resolved := live[len(live)-1]
	if resolved["status"] != clobapi.MarketResolved || len(resolved["payouts"].([]any)) != 2 || resolved["payouts"].([]any)[0] != "1" {
		t.Fatalf("resolution: %v", resolved)
	}
	_ = w.c.Close(websocket.StatusNormalClosure, "")

	// Reconnected with from: the same messages again, resolution included.
	again := h.dialStream(t, 0, "/ws/user?signature_type=0", userHeaders(t, c))
	again.send(clobapi.StreamRequest{Type: clobapi.StreamSubscribe, From: &start})
	again.control(clobapi.MsgSubscribed)
	var againSeq uint64
	replayed := userMsgs(t, again, &againSeq, isEvent(clobapi.MsgMarket, clobapi.MarketEventResolved))
	if !sameMsgs(replayed, live) {
		t.Fatalf("replayed %v\nlive %v", replayed, live)
	}

	// A browser's way: the credentials in the first message.
	hdr := userHeaders(t, c)
	b := h.dialStream(t, 0, "/ws/user?signature_type=0", nil)
	b.send(clobapi.StreamRequest{Type: clobapi.StreamAuth, ID: "a", Auth: &clobapi.StreamCredentials{
		Address: c.Address().Hex(), APIKey: hdr.Get(clobapi.HeaderAPIKey), Passphrase: hdr.Get(clobapi.HeaderPassphrase),
		Timestamp: hdr.Get(clobapi.HeaderTimestamp), Signature: hdr.Get(clobapi.HeaderSignature)}})
	b.control(clobapi.MsgSubscribed)
	b.send(clobapi.StreamRequest{Type: clobapi.StreamSubscribe, Markets: []string{testMarketStr}, From: &start})
	b.control(clobapi.MsgSubscribed)
	var bSeq uint64
	if byMsg := userMsgs(t, b, &bSeq, isEvent(clobapi.MsgMarket, clobapi.MarketEventResolved)); !sameMsgs(byMsg, filterMarket(live)) {
		t.Fatalf("after an auth message %v\nlive %v", byMsg, live)
	}
}

// filterMarket keeps what a subscription filtered on the test market
// receives: its messages and those of no market (USDW balances).
func filterMarket(ms []map[string]any) []map[string]any {
	var out []map[string]any
	for _, m := range ms {
		if mk, ok := m["market"]; !ok || mk == testMarketStr {
			out = append(out, m)
		}
	}
	return out
}

func sameMsgs(a, b []map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
