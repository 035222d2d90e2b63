package server_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"pred.dev/gateway-gamma/operator"
	"pred.dev/gateway-gamma/server"
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
