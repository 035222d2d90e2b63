// Package market keeps the gateway's cache of market parameters (tick
// size, size bounds, fee rate, status), which order validation needs on
// every request.
//
// The cache is filled on demand with the engine's MarketQuery and kept
// current from the EVT stream: every MarketChanged event carries the whole
// market, so it simply replaces the cached entry. Entries carry the command
// sequence they reflect and an older answer never overwrites a newer one,
// so a slow query racing an event cannot bring back a stale tick size.
package market

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
)

// marketsMax bounds the cache. Markets are few (thousands); past this the
// cache is cleared and refilled on demand rather than grown.
const marketsMax = 100_000

// Info is one market as the gateway validates against it.
type Info struct {
	Market  [32]byte
	Yes, No [32]byte
	// TickSize, MinSize and MaxSize are in micro-USDW and share base units.
	TickSize   uint64
	MinSize    uint64
	MaxSize    uint64
	FeeRateBps uint32
	NegRisk    bool
	Status     pb.MarketStatus
	Seq        uint64
}

// Outcome returns the outcome of a token of this market.
func (i *Info) Outcome(token [32]byte) pb.Outcome {
	if token == i.No {
		return pb.Outcome_OUTCOME_NO
	}
	return pb.Outcome_OUTCOME_YES
}

// Accepting reports whether the market takes new orders.
func (i *Info) Accepting() bool { return i.Status == pb.MarketStatus_MARKET_STATUS_ACTIVE }

// Querier asks the engine; query.Do in production.
type Querier func(ctx context.Context, req *pb.QueryRequest) (*pb.QueryResponse, error)

// Cache is safe for concurrent use.
type Cache struct {
	query   Querier
	log     *zap.Logger
	mu      sync.RWMutex
	byToken map[[32]byte]*Info
	// stop ends the event feed and done is closed when it has ended.
	stop context.CancelFunc
	done chan struct{}
}

// New returns an empty cache.
func New(query Querier, log *zap.Logger) *Cache {
	return &Cache{query: query, log: log, byToken: make(map[[32]byte]*Info)}
}

// refollowWait is the pause before the cache follows the EVT stream again
// after its follower failed.
const refollowWait = time.Second

// Follow starts applying MarketChanged events from the EVT stream. It
// delivers only events published from now on: anything earlier is in the
// engine's state, which on-demand queries read. ctx bounds the start; Stop
// ends the feed.
//
// If the feed fails (it rides out NATS restarts, so this is rare), events
// may have been missed: the cache empties itself, so that entries come
// from the engine again, and follows anew.
func (c *Cache) Follow(ctx context.Context, nc *nats.Conn) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("market: jetstream: %w", err)
	}
	f, err := c.newFollower(ctx, js)
	if err != nil {
		return fmt.Errorf("market: %w", err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	c.stop, c.done = stop, make(chan struct{})
	go c.feed(runCtx, js, f)
	return nil
}

func (c *Cache) newFollower(ctx context.Context, js jetstream.JetStream) (*follow.Follower, error) {
	// The cache reads market_changed alone (onEvents): one event in
	// thousands, so the rest of each batch is skipped undecoded.
	return follow.New(ctx, js, journal.EventStream, follow.Options{Start: follow.FromNew(), Only: journal.EventsOf("market_changed"),
		Corrupt: func(seq uint64, err error) {
			c.log.Error("undecodable event batch", zap.Uint64("evt_seq", seq), zap.Error(err))
		}})
}

// feed applies the event batches until ctx ends, following again after a
// failure.
func (c *Cache) feed(ctx context.Context, js jetstream.JetStream, f *follow.Follower) {
	defer close(c.done)
	for {
		err := f.RunEvents(ctx, c.onEvents)
		if ctx.Err() != nil {
			return
		}
		c.log.Error("the market feed stopped; following again and emptying the cache", zap.Error(err))
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(refollowWait):
			}
			if f, err = c.newFollower(ctx, js); err == nil {
				break
			}
			c.log.Error("the market feed cannot follow", zap.Error(err))
		}
		// Following again first, then forgetting what may be stale: an
		// entry fetched from now on is either current or replaced by the
		// next event.
		c.mu.Lock()
		clear(c.byToken)
		c.mu.Unlock()
	}
}

// Stop stops following the event stream.
func (c *Cache) Stop() {
	if c.stop != nil {
		c.stop()
		<-c.done
	}
}

func (c *Cache) onEvents(_ uint64, eb *pb.EventBatch) error {
	for _, e := range eb.GetEvents() {
		if mc := e.GetMarketChanged(); mc != nil {
			c.apply(eb.GetCommandSeq(), infoFromEvent(mc))
		}
	}
	return nil
}

func infoFromEvent(mc *pb.MarketChanged) *Info {
	return newInfo(mc.GetMarket(), mc.GetYesTokenId(), mc.GetNoTokenId(), mc.GetParams(), mc.GetStatus())
}

func newInfo(market, yes, no []byte, p *pb.MarketParams, status pb.MarketStatus) *Info {
	i := &Info{
		TickSize: p.GetTickSize(), MinSize: p.GetMinSize(), MaxSize: p.GetMaxSize(),
		FeeRateBps: p.GetFeeRateBps(), NegRisk: p.GetNegRisk(), Status: status,
	}
	copy(i.Market[:], market)
	copy(i.Yes[:], yes)
	copy(i.No[:], no)
	return i
}

// Put caches a market as of command sequence seq, as an event would; the
// devnet and tests use it to seed the cache.
func (c *Cache) Put(info Info, seq uint64) { c.apply(seq, &info) }

// apply stores info at seq unless a newer version is already cached.
func (c *Cache) apply(seq uint64, info *Info) {
	info.Seq = seq
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.byToken[info.Yes]; ok && old.Seq > seq {
		return
	}
	if len(c.byToken) >= marketsMax {
		clear(c.byToken)
	}
	c.byToken[info.Yes] = info
	c.byToken[info.No] = info
}

// Get returns the market of a token: from the cache, or from the engine.
// Errors are coded: TOKEN_NOT_FOUND or ENGINE_UNAVAILABLE.
func (c *Cache) Get(ctx context.Context, token [32]byte) (*Info, error) {
	c.mu.RLock()
	info, ok := c.byToken[token]
	c.mu.RUnlock()
	if ok {
		return info, nil
	}
	return c.fetch(ctx, &pb.MarketQuery{TokenId: token[:]}, errcode.TokenNotFound)
}

// GetMarket returns a market by condition id (always asks the engine;
// only cancels and filters use it).
func (c *Cache) GetMarket(ctx context.Context, market [32]byte) (*Info, error) {
	return c.fetch(ctx, &pb.MarketQuery{Market: market[:]}, errcode.MarketNotFound)
}

func (c *Cache) fetch(ctx context.Context, q *pb.MarketQuery, notFound errcode.Code) (*Info, error) {
	resp, err := c.query(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: q}})
	if err != nil {
		return nil, errcode.Wrap(errcode.EngineUnavailable, err)
	}
	if qe := resp.GetError(); qe != nil && qe.GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_UNSPECIFIED {
		if qe.GetCode() == pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND {
			return nil, errcode.New(notFound)
		}
		return nil, errcode.Wrap(errcode.EngineUnavailable, errors.New(qe.GetMessage()))
	}
	m := resp.GetMarket()
	if m == nil {
		return nil, errcode.Wrap(errcode.EngineUnavailable, errors.New("market query answered without a market"))
	}
	info := newInfo(m.GetMarket(), m.GetYesTokenId(), m.GetNoTokenId(), m.GetParams(), m.GetStatus())
	c.apply(resp.GetSeq(), info)
	c.mu.RLock()
	defer c.mu.RUnlock()
	if cur, ok := c.byToken[info.Yes]; ok {
		return cur, nil
	}
	return info, nil
}
