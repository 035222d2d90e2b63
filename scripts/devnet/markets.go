package devnet

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/fixed"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
	"pred.dev/proto/runtime/streams"
)

// MarketSpec describes a market to create. Amounts are base units
// (1e-6): TickSize in USDW, the sizes in shares.
type MarketSpec struct {
	// Slug names the market and determines its ids: the same slug gives
	// the same condition id and token ids on every devnet.
	Slug       string
	Question   string
	TickSize   uint64
	MinSize    uint64
	MaxSize    uint64
	FeeRateBps uint32
}

// Market is a market of the devnet with its ids.
type Market struct {
	MarketSpec
	// ConditionID is the market's id (the API's "market"); YesToken and
	// NoToken its two outcome tokens (the API's token_id / asset_id).
	ConditionID, YesToken, NoToken [32]byte
}

// ConditionIDHex is the condition id as the API writes it: 0x and 64 hex
// digits.
func (m Market) ConditionIDHex() string { return hexutil.Encode(m.ConditionID[:]) }

// YesTokenID is the YES token id as the API writes it: a decimal uint256.
func (m Market) YesTokenID() string { return decimal(m.YesToken) }

// NoTokenID is the NO token id as a decimal uint256.
func (m Market) NoTokenID() string { return decimal(m.NoToken) }

func decimal(b [32]byte) string { return new(uint256.Int).SetBytes32(b[:]).Dec() }

// Demo market parameters: tick 0.01 USDW, orders of 5 to 100,000 shares,
// a taker fee of 1% (100 bps; a maker pays nothing).
const (
	demoTickSize   = 10_000
	demoMinSize    = 5 * fixed.One
	demoMaxSize    = 100_000 * fixed.One
	demoFeeRateBps = 100
)

// DemoMarkets are the markets a devnet creates unless told otherwise.
func DemoMarkets() []MarketSpec {
	spec := func(slug, question string) MarketSpec {
		return MarketSpec{Slug: slug, Question: question, TickSize: demoTickSize,
			MinSize: demoMinSize, MaxSize: demoMaxSize, FeeRateBps: demoFeeRateBps}
	}
	return []MarketSpec{
		spec("rain-in-lisbon-tomorrow", "Will it rain in Lisbon tomorrow?"),
		spec("btc-above-100k-dec-31", "Will BTC close above $100,000 on December 31?"),
		spec("home-team-wins-cup-final", "Will the home team win the cup final?"),
	}
}

// NewMarket derives a market's ids from its slug: the condition id is
// keccak256("pred-devnet/market/" + slug) and the token of outcome i
// (0 YES, 1 NO) keccak256(condition id, i).
func NewMarket(s MarketSpec) Market {
	m := Market{MarketSpec: s}
	copy(m.ConditionID[:], crypto.Keccak256([]byte("pred-devnet/market/"+s.Slug)))
	copy(m.YesToken[:], crypto.Keccak256(m.ConditionID[:], []byte{0}))
	copy(m.NoToken[:], crypto.Keccak256(m.ConditionID[:], []byte{1}))
	return m
}

// marketQueryRetryInterval spaces retries of a market query while the
// engine is starting or catching up with the log.
const marketQueryRetryInterval = 100 * time.Millisecond

// EnsureMarkets creates, with commands appended to the log over nc, each
// market the engine does not know yet and returns how many it created.
// It first waits until the engine has applied the whole log as it stands,
// so a market created by an earlier run but not yet replayed is not
// created twice, and it returns once the engine's queries, and so the
// gateways, see every market. The CMD stream must exist (the engine and
// the gateways create it when they start); an engine still starting is
// waited for until ctx ends. log may be nil.
func EnsureMarkets(ctx context.Context, nc *nats.Conn, markets []Market, log *zap.Logger) (int, error) {
	if log == nil {
		log = zap.NewNop()
	}
	logEnd, err := lastCommandSeq(ctx, nc)
	if err != nil {
		return 0, err
	}
	pub, err := publish.New(nc, publish.Config{}, log)
	if err != nil {
		return 0, err
	}
	defer func() { _ = pub.Close() }()
	var created []Market
	var lastSeq uint64
	for _, m := range markets {
		found, err := marketExists(ctx, nc, m, logEnd)
		if err != nil {
			return len(created), err
		}
		if found {
			continue
		}
		if lastSeq, err = createMarket(ctx, pub, m); err != nil {
			return len(created), err
		}
		created = append(created, m)
		log.Info("market created", zap.String("slug", m.Slug), zap.String("condition_id", m.ConditionIDHex()))
	}
	// The engine answers a command before its store commits it; asking
	// for each new market as of the last creation returns once queries,
	// and so the gateways, see them all.
	for _, m := range created {
		if found, err := marketExists(ctx, nc, m, lastSeq); err != nil || !found {
			return len(created), fmt.Errorf("devnet: market %s was created but the engine does not find it: %v", m.Slug, err)
		}
	}
	return len(created), nil
}

// lastCommandSeq is the CMD stream's last sequence, 0 when it is empty.
func lastCommandSeq(ctx context.Context, nc *nats.Conn) (uint64, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return 0, err
	}
	last, err := streams.LastSeq(ctx, js, journal.CommandStream)
	if err != nil {
		return 0, fmt.Errorf("devnet: %w", err)
	}
	return last, nil
}

// marketExists asks the engine, once it has applied the log up to
// minSeq, whether it knows m. An engine still starting or catching up is
// asked again until ctx ends.
func marketExists(ctx context.Context, nc *nats.Conn, m Market, minSeq uint64) (bool, error) {
	req := &pb.QueryRequest{MinSeq: minSeq, Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: m.ConditionID[:]}}}
	for {
		resp, err := query.Do(ctx, nc, req)
		switch {
		case err != nil && !errors.Is(err, query.ErrNoEngine):
			return false, err
		case err == nil && resp.GetError() == nil:
			return true, nil
		case err == nil && resp.GetError().GetCode() == pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND:
			return false, nil
		case err == nil && resp.GetError().GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_READY:
			return false, fmt.Errorf("devnet: market query: %s", resp.GetError().GetMessage())
		}
		select {
		case <-ctx.Done():
			return false, fmt.Errorf("devnet: the engine did not answer whether market %s exists: %w", m.Slug, context.Cause(ctx))
		case <-time.After(marketQueryRetryInterval):
		}
	}
}

// createMarket appends a CreateMarket and returns its log sequence. Its
// command id is derived from the condition id, so even a repeated
// creation is applied at most once.
func createMarket(ctx context.Context, pub *publish.Publisher, m Market) (uint64, error) {
	cmd := &pb.Command{
		Id: crypto.Keccak256([]byte("pred-devnet/create-market/"), m.ConditionID[:]),
		Body: &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{
			Market: m.ConditionID[:], YesTokenId: m.YesToken[:], NoTokenId: m.NoToken[:],
			Params: &pb.MarketParams{TickSize: m.TickSize, MinSize: m.MinSize, MaxSize: m.MaxSize, FeeRateBps: m.FeeRateBps},
		}},
	}
	res, err := pub.Submit(ctx, cmd)
	if err != nil {
		return 0, fmt.Errorf("devnet: create market %s: %w", m.Slug, err)
	}
	for _, e := range res.Events {
		if r := e.GetCommandRejected(); r != nil && r.GetReason() != pb.RejectReason_REJECT_REASON_MARKET_EXISTS {
			return 0, fmt.Errorf("devnet: the engine refused market %s: %s", m.Slug, r.GetReason())
		}
	}
	return res.Seq, nil
}
