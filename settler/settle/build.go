package settle

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
)

// ready is one match with its signed orders, ready to go into a call.
type ready struct {
	m        Match
	exchange common.Address
	taker    Order
	makers   []Order
	fills    []*big.Int
	at       time.Time
	seq      uint64
}

// settlements builds, records and queues the settlements of one
// segment's groups: the matches on one exchange go together, up to the
// segment's own MatchesMax matches and FillsMax fills a call (those it
// was cut with, which a restart cuts it with again, not the Config's),
// every wallet's matches in the engine's order (calls). A group that
// cannot be built at all has its trades FAILED at once.
func (s *Settler) settlements(ctx context.Context, sg segment) ([]*entry, error) {
	gs := sg.gs
	if len(gs) == 0 {
		return nil, nil
	}
	var ids [][32]byte
	var minSeq uint64
	for _, g := range gs {
		ids = append(ids, [32]byte(g.trades[0].GetTakerOrderId()))
		for _, t := range g.trades {
			ids = append(ids, [32]byte(t.GetMakerOrderId()))
		}
		minSeq = max(minSeq, g.seq)
	}
	var sos []*signed
	var errs []error
	for attempt := 0; ; attempt++ {
		sos, errs = s.orders.get(ctx, ids, minSeq)
		away := false
		for _, err := range errs {
			away = away || err != nil && !errors.Is(err, errUnsettleable)
		}
		if !away {
			break
		}
		// The engine is away (a restart, a failover): wait for it; the
		// trades wait with it, and nothing is skipped.
		s.log.Warn("signed orders unavailable; asking again", zap.Error(errors.Join(errs...)))
		select {
		case <-ctx.Done():
			return nil, follow.ErrStop
		case <-time.After(min(time.Duration(attempt+1)*200*time.Millisecond, 5*time.Second)):
		}
	}
	var rs []ready
	i := 0
	for _, g := range gs {
		n := len(g.trades) + 1
		r, err := readyMatch(g, sos[i:i+n], errors.Join(errs[i:i+n]...))
		i += n
		if err != nil {
			rec := &Record{ID: settlementID(g.trades[0].GetTradeId()), Matches: []Match{r.m}, Attempt: 1, Base: 1,
				Reported: pb.TradeStatus_TRADE_STATUS_MATCHED, Reason: err.Error()}
			s.m.unsettled.Inc()
			s.log.Error("a trade cannot be settled; its trades are FAILED", zap.String("id", rec.ID), zap.Error(err))
			if err := s.reportFailed(ctx, rec); err != nil {
				return nil, err
			}
			continue
		}
		rs = append(rs, r)
	}
	var out []*entry
	for _, c := range calls(rs, sg.p.MatchesMax, sg.p.FillsMax) {
		e, err := s.settle(ctx, c)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// readyMatch checks a group's signed orders (the taker's first) and makes
// its match.
func readyMatch(g group, sos []*signed, err error) (ready, error) {
	first := g.trades[0]
	r := ready{m: Match{Taker: hexutil.Encode(first.GetTakerOrderId())}, at: time.UnixMilli(first.GetTimeMs()).UTC(), seq: g.seq}
	for _, t := range g.trades {
		r.m.Fills = append(r.m.Fills, Fill{TradeID: t.GetTradeId(), Maker: hexutil.Encode(t.GetMakerOrderId()), Size: t.GetSize()})
		r.fills = append(r.fills, new(big.Int).SetUint64(t.GetSize()))
	}
	if err != nil {
		return r, err
	}
	r.exchange, r.taker = sos[0].exchange, sos[0].order
	for i, so := range sos[1:] {
		if so.exchange != r.exchange {
			return r, fmt.Errorf("%w: maker order %s is for another exchange than its taker", errUnsettleable, r.m.Fills[i].Maker)
		}
		r.makers = append(r.makers, so.order)
	}
	return r, nil
}

// settle records and queues one call of matches.
func (s *Settler) settle(ctx context.Context, rs []ready) (*entry, error) {
	rec := &Record{ID: settlementID(rs[0].m.Fills[0].TradeID), Exchange: rs[0].exchange.Hex(), MatchedAt: rs[0].at, Attempt: 1, Base: 1,
		Reported: pb.TradeStatus_TRADE_STATUS_MATCHED}
	for _, r := range rs {
		rec.Matches = append(rec.Matches, r.m)
		rec.CommandSeq = max(rec.CommandSeq, r.seq)
		if r.at.Before(rec.MatchedAt) {
			rec.MatchedAt = r.at
		}
	}
	// The engine fills an order only before its expiration second: the
	// earliest match's second, rounded down, is never past any of them.
	var data []byte
	var err error
	if len(rs) == 1 {
		data, err = matchCall(rs[0].taker, rs[0].makers, rs[0].fills, rec.MatchedAt.Unix())
	} else {
		ms := make([]exchange.CTFExchangeMatch, len(rs))
		for i, r := range rs {
			ms[i] = exchange.CTFExchangeMatch{TakerOrder: r.taker, MakerOrders: r.makers, TakerFillAmount: sum(r.fills), MakerFillAmounts: r.fills}
		}
		data, err = exchangeABI.Pack("matchOrdersBatch", ms, big.NewInt(rec.MatchedAt.Unix()))
	}
	if err != nil {
		return nil, fmt.Errorf("settle: packing %s: %w", rec.ID, err)
	}
	rec.Data = hexutil.Encode(data)
	rec, rev, existed, err := s.st.create(ctx, rec)
	if err != nil {
		return nil, err
	}
	if err := s.crash(CrashRecorded); err != nil {
		return nil, err
	}
	if !existed {
		s.m.settlements.Inc()
	}
	if rec.RetryAt.IsZero() {
		if err := s.st.enqueue(ctx, rec, s.gasHint(rec)); err != nil {
			return nil, err
		}
	}
	return &entry{rec: rec, rev: rev}, nil
}

func sum(vs []*big.Int) *big.Int {
	t := new(big.Int)
	for _, v := range vs {
		t.Add(t, v)
	}
	return t
}

// gasHint bounds the gas of a record's call from its size: the worker
// proves it with one run and falls back to estimating when the call needs
// more (see relayerapi.OperatorCall.GasHint).
func (s *Settler) gasHint(r *Record) uint64 {
	return s.cfg.GasHintBase*uint64(len(r.Matches)) + s.cfg.GasHintPerMaker*uint64(len(r.fills()))
}
