package chainwatch_test

import (
	"testing"
	"time"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/settler/chainwatch"
)

// BenchmarkCatchUp measures how fast the watcher turns chain history into
// commands: wallets funded 100 times each (one USDW transfer a
// transaction, many a block) are read back from the deployment's block
// with confirmations 0, every command appended to the log on an embedded
// NATS server. It reports transfers_per_sec (deposits appended per second
// of catching up) and the commands per run. Run:
//
//	cd settler && go test ./chainwatch -run '^$' -bench CatchUp -benchtime 3x
func BenchmarkCatchUp(b *testing.B) {
	h := newHarness(b)
	const wallets, funds = 4, 100
	traders := make([]*chaintest.Trader, wallets)
	for i := range traders {
		tr, err := h.env.NewTrader(h.ctx, true, nil)
		if err != nil {
			b.Fatal(err)
		}
		traders[i] = tr
	}
	for range funds {
		for _, tr := range traders {
			if err := h.env.Fund(h.ctx, tr.Maker, units(1)); err != nil {
				b.Fatal(err)
			}
		}
	}
	var took time.Duration
	var appended int
	b.ResetTimer()
	for i := range b.N {
		// A fresh cursor each round: the bucket's key is purged, so the
		// watcher reads everything again (the engine would refuse the
		// repeats by id; here nothing applies them).
		if i > 0 {
			kv, err := h.js.KeyValue(h.ctx, chainwatch.DefaultBucket)
			if err != nil {
				b.Fatal(err)
			}
			if err := kv.Purge(h.ctx, "cursor"); err != nil {
				b.Fatal(err)
			}
		}
		start := time.Now()
		w := h.watcher(0)
		h.catchUp(w)
		took += time.Since(start)
		lines, _ := h.appended()
		appended += len(lines)
	}
	b.ReportMetric(float64(wallets*funds*b.N)/took.Seconds(), "transfers_per_sec")
	b.ReportMetric(float64(appended)/float64(b.N), "commands/op")
}
