package market

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/streams"
)

var (
	mkt = [32]byte{31: 1}
	yes = [32]byte{31: 2}
	no  = [32]byte{31: 3}
)

func answer(seq uint64, tick uint64) *pb.QueryResponse {
	return &pb.QueryResponse{Seq: seq, Result: &pb.QueryResponse_Market{Market: &pb.MarketInfo{
		Market: mkt[:], YesTokenId: yes[:], NoTokenId: no[:],
		Params: &pb.MarketParams{TickSize: tick, MinSize: 1, MaxSize: 2, FeeRateBps: 3}, Status: pb.MarketStatus_MARKET_STATUS_ACTIVE,
	}}}
}

// TestQueryThenCache: the first lookup asks the engine, later ones (for
// either token) are served from the cache.
func TestQueryThenCache(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	c := New(func(context.Context, *pb.QueryRequest) (*pb.QueryResponse, error) {
		calls.Add(1)
		return answer(5, 10_000), nil
	}, zap.NewNop())
	for _, tok := range [][32]byte{yes, no, yes} {
		info, err := c.Get(context.Background(), tok)
		if err != nil || info.TickSize != 10_000 || info.Market != mkt {
			t.Fatalf("Get: %+v, %v", info, err)
		}
	}
	if calls.Load() != 1 {
		t.Fatalf("%d engine queries, want 1", calls.Load())
	}
	info, _ := c.Get(context.Background(), no)
	if info.Outcome(no) != pb.Outcome_OUTCOME_NO || info.Outcome(yes) != pb.Outcome_OUTCOME_YES {
		t.Fatal("outcomes of the tokens are wrong")
	}
}

// TestNewerWins: an event newer than the cached answer replaces it; an
// older answer never replaces a newer event.
func TestNewerWins(t *testing.T) {
	t.Parallel()
	c := New(func(context.Context, *pb.QueryRequest) (*pb.QueryResponse, error) { return answer(3, 10_000), nil }, zap.NewNop())
	c.apply(7, infoFromEvent(&pb.MarketChanged{Market: mkt[:], YesTokenId: yes[:], NoTokenId: no[:],
		Params: &pb.MarketParams{TickSize: 1_000}, Status: pb.MarketStatus_MARKET_STATUS_HALTED}))
	info, err := c.fetch(context.Background(), &pb.MarketQuery{TokenId: yes[:]}, errcode.TokenNotFound)
	if err != nil || info.TickSize != 1_000 || info.Accepting() || info.Seq != 7 {
		t.Fatalf("a stale answer overwrote a newer event: %+v, %v", info, err)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	c := New(func(context.Context, *pb.QueryRequest) (*pb.QueryResponse, error) {
		return &pb.QueryResponse{Error: &pb.QueryError{Code: pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND}}, nil
	}, zap.NewNop())
	if _, err := c.Get(context.Background(), yes); !errors.Is(err, errcode.TokenNotFound) {
		t.Fatalf("unknown token: %v", err)
	}
	if _, err := c.GetMarket(context.Background(), mkt); !errors.Is(err, errcode.MarketNotFound) {
		t.Fatalf("unknown market: %v", err)
	}
	down := New(func(context.Context, *pb.QueryRequest) (*pb.QueryResponse, error) {
		return nil, errors.New("no responders")
	}, zap.NewNop())
	if _, err := down.Get(context.Background(), yes); !errors.Is(err, errcode.EngineUnavailable) {
		t.Fatalf("engine down: %v", err)
	}
}

// TestFollowAppliesEvents: a MarketChanged published on the EVT stream
// after Follow replaces the cached market; Stop ends the feed.
func TestFollowAppliesEvents(t *testing.T) {
	t.Parallel()
	nc := natstest.Connect(t, natstest.Start(t))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	c := New(func(context.Context, *pb.QueryRequest) (*pb.QueryResponse, error) { return answer(1, 10_000), nil }, zap.NewNop())
	if err := c.Follow(ctx, nc); err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	if _, err := c.Get(ctx, yes); err != nil {
		t.Fatal(err)
	}
	msg, err := journal.NewEventMsg(&pb.EventBatch{FirstCommandSeq: 2, CommandSeq: 2, Events: []*pb.Event{{Body: &pb.Event_MarketChanged{
		MarketChanged: &pb.MarketChanged{Market: mkt[:], YesTokenId: yes[:], NoTokenId: no[:],
			Params: &pb.MarketParams{TickSize: 1_000}, Status: pb.MarketStatus_MARKET_STATUS_HALTED}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.PublishMsg(ctx, msg); err != nil {
		t.Fatal(err)
	}
	for {
		info, err := c.Get(ctx, no)
		if err != nil {
			t.Fatal(err)
		}
		if info.TickSize == 1_000 && info.Seq == 2 && !info.Accepting() {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the event never reached the cache: %+v", info)
		case <-time.After(time.Millisecond):
		}
	}
	c.Stop()
	c.Stop() // idempotent
}
