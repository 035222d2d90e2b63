package server_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/gateway-gamma/operator"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// benchGateway is one gateway over the demo catalogue and the real
// engine, without rate limits, and a keep-alive HTTP client.
func benchGateway(b *testing.B) (*harness, *http.Client, *operator.Demo) {
	h := newHarness(b, func(c *server.Config) { c.RateLimit.IPPerSecond = 0 })
	h.startEngine()
	demo, err := operator.SeedDemo(context.Background(), h.gws[0].Operator())
	if err != nil {
		b.Fatal(err)
	}
	tr := &http.Transport{MaxIdleConnsPerHost: 256}
	return h, &http.Client{Transport: tr}, demo
}

func benchGet(b *testing.B, c *http.Client, url string) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			resp, err := c.Get(url)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				b.Errorf("status %d", resp.StatusCode)
				return
			}
		}
	})
}

// BenchmarkMarketRead is GET /markets/{id} (the bench's
// gamma_market_reads_per_sec).
func BenchmarkMarketRead(b *testing.B) {
	h, c, demo := benchGateway(b)
	b.SetParallelism(32)
	b.ResetTimer()
	benchGet(b, c, h.url(0)+"/markets/"+demo.Markets[0].ID)
}

// BenchmarkEventList is GET /events?limit=20 (gamma_event_list_per_sec).
func BenchmarkEventList(b *testing.B) {
	h, c, _ := benchGateway(b)
	b.SetParallelism(32)
	b.ResetTimer()
	benchGet(b, c, h.url(0)+"/events?limit=20")
}

// BenchmarkGameLive is a game going live with 2 markets of 250 resting
// orders each: the operator's score report returns once both books are
// halted and cleared in the engine (4 commands through the log) and the
// game record shows it. ns/op is that latency; the set-up is not timed.
func BenchmarkGameLive(b *testing.B) {
	h := newHarness(b, func(c *server.Config) { c.RateLimit.IPPerSecond = 0 })
	h.startEngine()
	maker := common.HexToAddress("0xbe9c4")
	h.fund(maker, 1_000_000*fixed.One)
	const perMarket = 250
	for i := range b.N {
		b.StopTimer()
		var ev gammaapi.Event
		slug := "bench-game-" + strconv.Itoa(i)
		h.mustAdmin(http.MethodPost, "/admin/events", eventBody(slug, false), &ev)
		ms := []lcMarket{h.createMarket(ev.ID, slug+"-a", nil), h.createMarket(ev.ID, slug+"-b", nil)}
		var last []byte
		for _, m := range ms {
			for j := range perMarket {
				last = h.placeOrder(maker, m.yes, fixed.Buy, uint64(10_000*(1+j%40)), fixed.One)
			}
		}
		var g gammaapi.Game
		h.mustAdmin(http.MethodPost, "/admin/games", gameBody(ev.ID, nil, h.clock.Now().Add(time.Hour)), &g)
		b.StartTimer()
		h.mustAdmin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "live", "homeScore": 0, "awayScore": 0}, nil)
		b.StopTimer()
		if o := h.order(last); o.GetStatus() != pb.OrderStatus_ORDER_STATUS_CANCELED {
			b.Fatalf("the last order after the start: %s", o.GetStatus())
		}
	}
}
