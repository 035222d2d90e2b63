package devnet

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/operator"
	gammaserver "pred.dev/gateway-gamma/server"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/query"
	"pred.dev/proto/runtime/streams"
)

// Market is one of the devnet's markets as the Gamma API lists it: its
// catalogue id and slug, its event, and the chain's ids (condition id =
// keccak256(oracle, questionId, 2); YES and NO are the CTF position ids
// of index sets 1 and 2 with USDW as collateral). Sizes and the tick are
// base units (1e-6).
type Market struct {
	ID, Slug, Question string
	EventSlug          string
	Outcomes           []string
	NegRisk            bool
	// ConditionID is the market's id on the CLOB (the API's "market");
	// YesToken and NoToken its outcome tokens (the API's token_id /
	// asset_id) as decimal uint256s.
	ConditionID string
	YesToken    string
	NoToken     string
	TickSize    uint64
	MinSize     uint64
	MaxSize     uint64
	FeeRateBps  uint32
}

// ConditionIDHex is the condition id as the API writes it: 0x and 64 hex
// digits.
func (m Market) ConditionIDHex() string { return strings.ToLower(m.ConditionID) }

// YesTokenID is the YES token id as the API writes it: a decimal uint256.
func (m Market) YesTokenID() string { return m.YesToken }

// NoTokenID is the NO token id as a decimal uint256.
func (m Market) NoTokenID() string { return m.NoToken }

// demoMarkets lists Gamma's demo markets in SeedDemo's order, each with
// its event's slug.
func demoMarkets(v *catalog.View, demo *operator.Demo) []Market {
	out := make([]Market, 0, len(demo.Markets))
	for _, r := range demo.Markets {
		m := Market{ID: r.ID, Slug: r.Slug, Question: r.Question, Outcomes: r.Outcomes, NegRisk: r.NegRisk,
			ConditionID: r.ConditionID, YesToken: r.TokenIDs[0], NoToken: r.TokenIDs[1],
			TickSize: r.TickSize, MinSize: r.MinSize, MaxSize: r.MaxSize, FeeRateBps: r.FeeRateBps}
		if ev, ok := v.Event(r.EventID); ok {
			m.EventSlug = ev.Slug
		}
		out = append(out, m)
	}
	return out
}

// marketQueryRetryInterval spaces retries of a market query while the
// engine is starting or catching up with the log.
const marketQueryRetryInterval = 100 * time.Millisecond

// waitMarkets returns once the engine's queries, and so the CLOB
// gateways, see every market: the engine answers a command before its
// store commits it, so each market is asked for as of the log's end.
func (d *Devnet) waitMarkets(ctx context.Context, nc *nats.Conn) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	last, err := streams.LastSeq(ctx, js, journal.CommandStream)
	if err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	for _, m := range d.Markets {
		cond := common.HexToHash(m.ConditionID)
		req := &pb.QueryRequest{MinSeq: last, Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: cond[:]}}}
		for {
			resp, err := query.Do(ctx, nc, req)
			if err != nil && !errors.Is(err, query.ErrNoEngine) {
				return err
			}
			if err == nil && resp.GetError() == nil {
				break
			}
			if err == nil && resp.GetError().GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_READY {
				return fmt.Errorf("devnet: the engine does not find market %s: %s", m.Slug, resp.GetError().GetMessage())
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("devnet: the engine did not answer whether market %s exists: %w", m.Slug, context.Cause(ctx))
			case <-time.After(marketQueryRetryInterval):
			}
		}
	}
	return nil
}

// SeedDemo lists Gamma's demo catalogue on an exchange running without
// a devnet (separate processes on one NATS): it runs a Gamma API in
// process over nc, with dep's chain values and no chain to prepare
// markets on, seeds the demo (idempotently) and returns its markets once
// the engine's queries see them all. log may be nil.
func SeedDemo(ctx context.Context, nc *nats.Conn, dep *deploy.Deployment, log *zap.Logger) ([]Market, error) {
	if log == nil {
		log = zap.NewNop()
	}
	gw, err := gammaserver.New(GammaConfig(dep), nc, log)
	if err != nil {
		return nil, fmt.Errorf("devnet: Gamma API: %w", err)
	}
	defer gw.Close()
	demo, err := operator.SeedDemo(ctx, gw.Operator())
	if err != nil {
		return nil, fmt.Errorf("devnet: the demo catalogue: %w", err)
	}
	d := &Devnet{Markets: demoMarkets(gw.View(), demo)}
	return d.Markets, d.waitMarkets(ctx, nc)
}
