package publish

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natsembed"
)

// benchCallers are the concurrent caller counts measured: a lightly loaded
// gateway and a busy one.
var benchCallers = []int{64, 512}

// BenchmarkAppendSyncAlways measures durable group-committed appends: every
// CMD message is fsynced before its ack.
func BenchmarkAppendSyncAlways(b *testing.B) {
	benchmarkPublisher(b, true, false, appendOp)
}

// BenchmarkAppendSyncInterval is the same with the server's default
// two-minute sync interval, for comparison: not power-loss durable.
func BenchmarkAppendSyncInterval(b *testing.B) {
	benchmarkPublisher(b, false, false, appendOp)
}

// BenchmarkSubmitSyncAlways measures the full round trip through the test
// responder standing in for the engine: append, fsync, consume, reply.
func BenchmarkSubmitSyncAlways(b *testing.B) {
	benchmarkPublisher(b, true, true, submitOp)
}

type benchOp func(ctx context.Context, e *env, p *Publisher, cmd *pb.Command) error

func appendOp(ctx context.Context, _ *env, p *Publisher, cmd *pb.Command) error {
	_, err := p.Append(ctx, cmd)
	return err
}

func submitOp(ctx context.Context, _ *env, p *Publisher, cmd *pb.Command) error {
	_, err := p.Submit(ctx, cmd)
	return err
}

// benchmarkPublisher runs op under load; withEngine starts the test
// responder, which Append does not need and would only take CPU from.
func benchmarkPublisher(b *testing.B, syncAlways, withEngine bool, op benchOp) {
	for _, callers := range benchCallers {
		b.Run(fmt.Sprintf("callers=%d", callers), func(b *testing.B) {
			e := newEnv(b, func(o *natsembed.Options) { o.SyncAlways = syncAlways })
			if withEngine {
				e.startResponder(b)
			}
			p := e.publisher(b, Config{})
			b.ResetTimer()
			latencies := runCallers(b, callers, func(ctx context.Context, cmd *pb.Command) error {
				return op(ctx, e, p, cmd)
			})
			b.StopTimer()
			reportLatency(b, latencies)
			b.ReportMetric(float64(b.N)/float64(e.commandMessageCount(b)), "cmds/msg")
		})
	}
}

// runCallers performs b.N operations from callers goroutines, each on its
// own realistic PlaceOrder command, and returns every operation's latency.
func runCallers(b *testing.B, callers int, op func(context.Context, *pb.Command) error) []time.Duration {
	ctx := context.Background()
	var next atomic.Int64
	var mu sync.Mutex
	all := make([]time.Duration, 0, b.N)
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			var mine []time.Duration
			for i := next.Add(1); i <= int64(b.N); i = next.Add(1) {
				cmd := orderCommand(int(i))
				start := time.Now()
				if err := op(ctx, cmd); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(start))
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	return all
}

func reportLatency(b *testing.B, latencies []time.Duration) {
	slices.Sort(latencies)
	p := func(q float64) float64 {
		return float64(latencies[int(q*float64(len(latencies)-1))]) / float64(time.Millisecond)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cmds/s")
	b.ReportMetric(p(0.50), "p50_ms")
	b.ReportMetric(p(0.99), "p99_ms")
	b.ReportMetric(0, "ns/op")
}
