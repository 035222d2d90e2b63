package server_test

import (
	"context"
	"testing"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/query"
)

// BenchmarkOwnRead measures what the read fence costs a caller's read:
// the engine query of GET /balance-allowance as the gateway sends it,
// without a fence (min_seq 0, the eventual read market data gets) and
// fenced (the command log's last sequence from the stream leader first,
// then the query with it as min_seq). Serial shows one reader's extra
// round trip; parallel (benchReaders per CPU) shows readers sharing one
// fence request.
// benchReaders is the concurrent readers per CPU of the parallel runs.
const benchReaders = 16

func BenchmarkOwnRead(b *testing.B) {
	h := newHarness(b)
	fence := leaderread.NewFence(h.js, journal.CommandStream)
	account := testExchange // any account: the engine answers a zero balance
	read := func(ctx context.Context, fenced bool) error {
		req := &pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: account[:]}}}
		if fenced {
			seq, err := fence.Seq(ctx)
			if err != nil {
				return err
			}
			req.MinSeq = seq
		}
		_, err := query.Do(ctx, h.nc, req)
		return err
	}
	for _, fenced := range []bool{false, true} {
		name := map[bool]string{false: "unfenced", true: "fenced"}[fenced]
		b.Run(name+"/serial", func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				if err := read(ctx, fenced); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/parallel", func(b *testing.B) {
			b.SetParallelism(benchReaders)
			b.RunParallel(func(pb *testing.PB) {
				ctx := context.Background()
				for pb.Next() {
					if err := read(ctx, fenced); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
