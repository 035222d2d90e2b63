package settle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
	"pred.dev/proto/runtime/follow"
	"pred.dev/proto/runtime/publish"
)

// Publisher appends commands to the log (*publish.Publisher).
type Publisher interface {
	Append(ctx context.Context, cmd *pb.Command) (uint64, error)
}

var _ Publisher = (*publish.Publisher)(nil)

// Settler settles the engine's trades on chain. Run it once per process;
// two settlers on one log are safe (every step is idempotent) but do the
// work twice, so a deployment runs one (or one per lease).
type Settler struct {
	cfg    Config
	nc     *nats.Conn
	js     jetstream.JetStream // the engine's log and events
	sjs    jetstream.JetStream // the settlement's own state (Config.Store)
	pub    Publisher
	log    *zap.Logger
	m      *metrics
	orders *orders
	st     *store

	openCount atomic.Int64
}

// New returns a settler reading the log on nc and appending through pub.
func New(cfg Config, nc *nats.Conn, pub Publisher, log *zap.Logger) (*Settler, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	sjs := js
	if cfg.Store != nil && cfg.Store != nc {
		if sjs, err = jetstream.New(cfg.Store); err != nil {
			return nil, err
		}
	}
	if log == nil {
		log = zap.NewNop()
	}
	s := &Settler{cfg: cfg, nc: nc, js: js, sjs: sjs, pub: pub, log: log, m: newMetrics(cfg.Registerer)}
	s.orders = newOrders(nc, &s.cfg)
	return s, nil
}

func (s *Settler) crash(point string) error {
	if s.cfg.Crash != nil && s.cfg.Crash(point) {
		return ErrCrashed
	}
	return nil
}

// entry is a settlement the loop follows.
type entry struct {
	rec   *Record
	rev   uint64
	busy  bool
	again bool
	sweep bool
	seen  time.Time
}

// result is what a worker goroutine did to an entry.
type result struct {
	e       *entry
	rec     *Record
	rev     uint64
	removed bool
	spawned []*entry // settlements split out of it
	err     error
}

// retryStepAfter is when a settlement step that failed (the store or the
// log away) is tried again.
const retryStepAfter = time.Second

// Run settles until ctx ends (nil) or NATS fails for good.
func (s *Settler) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st, err := openStore(ctx, s.sjs, s.cfg.Replicas)
	if err != nil {
		return err
	}
	s.st = st
	// The watch first, then the records: an update between the two is
	// seen twice, never missed.
	// Keys are tx.<id> and subject wildcards are whole tokens: every
	// transaction's updates come, and those not the settler's are skipped.
	watch, err := st.txs.WatchFiltered(ctx, []string{journal.RelayerTxKeyPrefix + "*"}, jetstream.UpdatesOnly(), jetstream.IgnoreDeletes())
	if err != nil {
		return fmt.Errorf("settle: watching the relayer's records: %w", err)
	}
	defer func() { _ = watch.Stop() }()
	recs, revs, err := st.open(ctx)
	if err != nil {
		return err
	}
	cursor, err := s.resume(ctx)
	if err != nil {
		return err
	}
	open := map[string]*entry{}
	byFirst := map[uint64]*entry{}
	now := s.cfg.Now()
	add := func(rec *Record, rev uint64) *entry {
		e := &entry{rec: rec, rev: rev, seen: now}
		open[rec.ID], byFirst[rec.first()] = e, e
		s.m.open.Set(float64(len(open)))
		return e
	}
	for i, r := range recs {
		add(r, revs[i])
	}
	s.openCount.Store(int64(len(open)))
	s.log.Info("settler started", zap.Uint64("evt_cursor", cursor.Seq), zap.Stringer("params", cursor.Params),
		zap.Int("pending_switches", len(cursor.Pending)), zap.Int("open", len(open)))

	fresh := make(chan *entry, 64)
	ingestErr := make(chan error, 1)
	go func() { ingestErr <- s.ingest(ctx, cursor, fresh) }()

	done := make(chan result, 64)
	var wg sync.WaitGroup
	defer wg.Wait()
	kick := func(e *entry, sweep bool) {
		e.sweep = e.sweep || sweep
		if e.busy {
			e.again = true
			return
		}
		e.busy, e.again, e.seen = true, false, s.cfg.Now()
		rec, rev, sw := e.rec, e.rev, e.sweep
		e.sweep = false
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := result{e: e}
			r.rec, r.rev, r.removed, r.err = s.work(ctx, rec, rev, sw, &r.spawned)
			select {
			case done <- r:
			case <-ctx.Done():
			}
		}()
	}
	for _, e := range open {
		kick(e, true)
	}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-ingestErr:
			if ctx.Err() != nil || err == nil {
				return nil
			}
			return err
		case e := <-fresh:
			if _, ok := open[e.rec.ID]; ok {
				s.openCount.Add(-1) // read again after a restart: followed already
				continue
			}
			kick(add(e.rec, e.rev), false)
		case u := <-watch.Updates():
			if u == nil {
				continue
			}
			first, attempt, ok := parseTxID(strings.TrimPrefix(u.Key(), journal.RelayerTxKeyPrefix))
			if e := byFirst[first]; ok && e != nil && e.rec.Attempt == attempt {
				kick(e, false)
			}
		case r := <-done:
			e := r.e
			e.busy = false
			if errors.Is(r.err, ErrCrashed) {
				return r.err
			}
			if r.err != nil {
				// Tried again in about a second (by the sweep), not at
				// once: the store or the log may be away a while.
				s.log.Warn("settlement step failed; tried again", zap.String("id", e.rec.ID), zap.Error(r.err))
				e.seen = s.cfg.Now().Add(retryStepAfter - s.cfg.SweepAfter)
			}
			if r.rec != nil {
				e.rec, e.rev = r.rec, r.rev
			}
			for _, sp := range r.spawned {
				if _, ok := open[sp.rec.ID]; !ok {
					s.openCount.Add(1)
					kick(add(sp.rec, sp.rev), false)
				}
			}
			if r.removed {
				delete(open, e.rec.ID)
				delete(byFirst, e.rec.first())
				s.openCount.Add(-1)
				s.m.open.Set(float64(len(open)))
				continue
			}
			if e.again {
				kick(e, false)
			}
		case <-tick.C:
			now := s.cfg.Now()
			for _, e := range open {
				switch {
				case e.busy:
				case !e.rec.RetryAt.IsZero() && !now.Before(e.rec.RetryAt):
					kick(e, false)
				case now.Sub(e.seen) >= s.cfg.SweepAfter:
					kick(e, true)
				}
			}
		}
	}
}

// resume reads the cursor record and, if the configured parameters are
// not its target, schedules a switch to them after the EVT stream's last
// message, and writes the record at once: were this run to crash before
// its first cursor, the next would otherwise schedule the switch later
// than this run took it, and cut this run's segments differently.
func (s *Settler) resume(ctx context.Context) (cursorRecord, error) {
	want := paramsOf(&s.cfg)
	c, err := s.st.cursor(ctx, want)
	if err != nil {
		return c, err
	}
	if c.target() == want {
		return c, nil
	}
	evt, err := s.js.Stream(ctx, journal.EventStream)
	if err != nil {
		return c, fmt.Errorf("settle: the event stream: %w", err)
	}
	info, err := evt.Info(ctx)
	if err != nil {
		return c, fmt.Errorf("settle: the event stream: %w", err)
	}
	from := c.target()
	c, _ = c.retarget(want, info.State.LastSeq)
	if err := s.st.setCursor(ctx, c); err != nil {
		return c, err
	}
	sw := c.Pending[len(c.Pending)-1]
	s.log.Info("segment parameters change scheduled", zap.Stringer("from", from), zap.Stringer("to", sw.Params),
		zap.Uint64("after_seq", sw.AfterSeq))
	return c, nil
}

// ingest follows EVT after the cursor, gathers the groups of consecutive
// messages into segments (gatherer), makes each segment's settlements,
// and hands them to the loop; it writes the cursor, never inside a
// segment, once the segments below it are recorded and queued.
func (s *Settler) ingest(ctx context.Context, cursor cursorRecord, fresh chan<- *entry) error {
	var written time.Time
	last := cursor
	ga := newGatherer(cursor, s.cfg.MakersMax)
	ga.adopted = func(from params, to paramSwitch, at uint64) {
		s.m.switches.Inc()
		s.log.Info("segment parameters changed", zap.Stringer("from", from), zap.Stringer("to", to.Params),
			zap.Uint64("after_seq", to.AfterSeq), zap.Uint64("at_seq", at))
	}
	err := follow.Events(ctx, s.js, follow.Options{Start: follow.FromSeq(cursor.Seq + 1), PullMax: 256},
		func(seq uint64, b *pb.EventBatch) error {
			for _, sg := range ga.add(seq, b) {
				for s.openCount.Load() >= int64(s.cfg.OpenMax) {
					select {
					case <-ctx.Done():
						return follow.ErrStop
					case <-time.After(5 * time.Millisecond):
					}
				}
				es, err := s.settlements(ctx, sg)
				if err != nil {
					return err
				}
				for _, e := range es {
					s.openCount.Add(1)
					select {
					case fresh <- e:
					case <-ctx.Done():
						return follow.ErrStop
					}
				}
			}
			if err := s.crash(CrashQueued); err != nil {
				return err
			}
			// Taken only here, once every segment the message ended is
			// queued: a stop in between leaves last where it was.
			if m := ga.mark(); m.Seq > last.Seq {
				last = m
			}
			if now := s.cfg.Now(); now.Sub(written) >= s.cfg.CursorEvery && last.Seq > cursor.Seq {
				if err := s.st.setCursor(ctx, last); err != nil {
					return err
				}
				written = now
				s.m.cursor.Set(float64(last.Seq))
			}
			return nil
		})
	if err == nil && last.Seq > cursor.Seq {
		_ = s.st.setCursor(context.Background(), last)
	}
	return err
}

// group is the trades of one taker order in one command, at most
// MakersMax of them.
type group struct {
	trades []*pb.Trade
	seq    uint64
}

// groups splits an event batch into settlements.
func groups(b *pb.EventBatch, makersMax int) []group {
	var out []group
	evs := b.GetEvents()
	for _, r := range b.GetResults() {
		var g group
		end := int(r.GetFirstEvent()) + int(r.GetEventCount())
		for i := int(r.GetFirstEvent()); i < end && i < len(evs); i++ {
			t := evs[i].GetTrade()
			if t == nil {
				continue
			}
			if len(g.trades) > 0 && (!bytes.Equal(g.trades[0].GetTakerOrderId(), t.GetTakerOrderId()) || len(g.trades) == makersMax) {
				out = append(out, g)
				g = group{}
			}
			g.trades, g.seq = append(g.trades, t), r.GetCommandSeq()
		}
		if len(g.trades) > 0 {
			out = append(out, g)
		}
	}
	return out
}

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

// split turns a batch that failed into one record per match, each to be
// tried again on its own after wait: the first keeps the batch's record
// (and goes on from its attempt numbers), the others are new.
func (s *Settler) split(rec *Record, wait time.Time) ([]*Record, error) {
	data, err := hexutil.Decode(rec.Data)
	if err != nil {
		return nil, err
	}
	ms, err := unpackBatch(data)
	if err != nil {
		return nil, err
	}
	if len(ms) != len(rec.Matches) {
		return nil, fmt.Errorf("settle: %s calls %d matches, its record has %d", rec.ID, len(ms), len(rec.Matches))
	}
	out := make([]*Record, len(ms))
	for i, m := range ms {
		d, err := matchCall(m.TakerOrder, m.MakerOrders, m.MakerFillAmounts, rec.MatchedAt.Unix())
		if err != nil {
			return nil, err
		}
		r := *rec
		r.ID, r.Matches, r.Data, r.RetryAt = settlementID(rec.Matches[i].Fills[0].TradeID), rec.Matches[i:i+1], hexutil.Encode(d), wait
		r.Attempt, r.Base, r.Reorgs = 1, 1, 0
		if i == 0 {
			r.Attempt, r.Base = rec.Attempt+1, rec.Attempt+1
		}
		out[i] = &r
	}
	return out, nil
}

// work moves one settlement as far as the relayer's record of its current
// attempt allows. It returns the record as it now is, or removed once its
// trades are final.
func (s *Settler) work(ctx context.Context, rec *Record, rev uint64, sweep bool, spawned *[]*entry) (*Record, uint64, bool, error) {
	now := s.cfg.Now()
	if !rec.RetryAt.IsZero() {
		if now.Before(rec.RetryAt) {
			return nil, 0, false, nil
		}
		if err := s.st.enqueue(ctx, rec, s.gasHint(rec)); err != nil {
			return nil, 0, false, err
		}
		next := *rec
		next.RetryAt = time.Time{}
		r, err := s.st.update(ctx, &next, rev)
		if err != nil {
			return nil, 0, false, err
		}
		rec, rev = &next, r
	}
	tx, err := s.st.tx(ctx, rec.TxID())
	if err != nil {
		return rec, rev, false, err
	}
	if tx == nil {
		if sweep {
			// Not decided by the relayer: make sure it is queued at all.
			if q, err := s.st.queued(ctx, rec.TxID()); err == nil && !q {
				s.log.Warn("a settlement's call was not in the queue; queued again", zap.String("id", rec.ID))
				return rec, rev, false, s.st.enqueue(ctx, rec, s.gasHint(rec))
			}
		}
		return rec, rev, false, nil
	}
	if tx.Reorgs > rec.Reorgs {
		if rec, rev, err = s.reorged(ctx, rec, rev, tx); err != nil {
			return nil, 0, false, err
		}
	}
	if to, ok := target(tx.State); ok {
		path := steps(rec.Reported, to)
		if len(path) == 0 {
			return rec, rev, false, nil
		}
		if err := s.report(ctx, rec, path, tx.TransactionHash); err != nil {
			return rec, rev, false, err
		}
		if rec.Reorgs == 0 && rank(rec.Reported) < rank(pb.TradeStatus_TRADE_STATUS_MINED) && rank(to) >= rank(pb.TradeStatus_TRADE_STATUS_MINED) {
			s.m.lagMined.Observe(now.Sub(rec.MatchedAt).Seconds())
		}
		next := *rec
		next.Reported, next.TxHash = to, tx.TransactionHash
		if final(to) {
			return nil, 0, true, s.st.remove(ctx, rec.ID)
		}
		r, err := s.st.update(ctx, &next, rev)
		if err != nil {
			return rec, rev, false, err
		}
		return &next, r, false, nil
	}
	if tx.State != relayerapi.StateFailed && tx.State != relayerapi.StateInvalid {
		return rec, rev, false, nil
	}
	// The attempt did nothing on chain: try again, or give up.
	next := *rec
	next.Reason = tx.Reason
	if tx.TransactionHash != "" {
		next.TxHash = tx.TransactionHash
	}
	if len(rec.Matches) == 1 && rec.attempts() >= s.cfg.AttemptsMax {
		s.log.Error("a settlement failed for good", zap.String("id", rec.ID), zap.Uint32("attempts", rec.attempts()),
			zap.String("reason", tx.Reason))
		if err := s.reportFailed(ctx, &next); err != nil {
			return rec, rev, false, err
		}
		return nil, 0, true, s.st.remove(ctx, rec.ID)
	}
	if broadcast(rec.Reported) {
		if err := s.report(ctx, rec, []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_RETRYING}, next.TxHash); err != nil {
			return rec, rev, false, err
		}
		next.Reported = pb.TradeStatus_TRADE_STATUS_RETRYING
	}
	if len(rec.Matches) > 1 {
		// One match may spoil a batch (all or nothing): each goes on its
		// own now, so the others settle whatever that one does. The new
		// records are written before the batch's becomes its first match,
		// so a crash in between splits it again, to the same records.
		singles, err := s.split(&next, now.Add(s.cfg.RetryBackoff))
		if err != nil {
			return rec, rev, false, err
		}
		for _, sg := range singles[1:] {
			r, rv, _, err := s.st.create(ctx, sg)
			if err != nil {
				return rec, rev, false, err
			}
			*spawned = append(*spawned, &entry{rec: r, rev: rv})
		}
		r, err := s.st.update(ctx, singles[0], rev)
		if err != nil {
			return rec, rev, false, err
		}
		s.m.retries.Inc()
		s.log.Warn("a batch of matches ended without effect; each is tried on its own", zap.String("id", rec.ID),
			zap.Int("matches", len(singles)), zap.String("state", string(tx.State)), zap.String("reason", tx.Reason))
		if err := s.crash(CrashRetry); err != nil {
			return nil, 0, false, err
		}
		return singles[0], r, false, nil
	}
	next.Attempt, next.Reorgs = next.Attempt+1, 0
	next.RetryAt = now.Add(s.cfg.RetryBackoff << (rec.attempts() - 1))
	r, err := s.st.update(ctx, &next, rev)
	if err != nil {
		return rec, rev, false, err
	}
	s.m.retries.Inc()
	s.log.Warn("settlement attempt ended without effect; tried again", zap.String("id", rec.ID), zap.String("state", string(tx.State)),
		zap.String("reason", tx.Reason), zap.Uint32("next_attempt", next.Attempt), zap.Time("at", next.RetryAt))
	if err := s.crash(CrashRetry); err != nil {
		return nil, 0, false, err
	}
	return &next, r, false, nil
}

// report appends, for the trades of rec, each status of path in order: one
// SetTradeStatus per status naming all of them (trade_id the first,
// trade_ids the rest), at most rules.TradeStatusTradesMax trades a command
// (Config.FillsMax keeps a call's trades within one). The engine takes each
// trade on its own, so a trade it refuses (one already final, say) does
// not hold back the others.
func (s *Settler) report(ctx context.Context, rec *Record, path []pb.TradeStatus, txHash string) error {
	var hash []byte
	if txHash != "" {
		hash = common.HexToHash(txHash).Bytes()
	}
	fills := rec.fills()
	ids := make([]uint64, len(fills))
	for i, f := range fills {
		ids[i] = f.TradeID
	}
	for _, st := range path {
		for chunk := range slices.Chunk(ids, rules.TradeStatusTradesMax) {
			nums := append([]uint64{uint64(st), uint64(rec.Attempt)}, chunk...)
			if _, err := s.pub.Append(ctx, &pb.Command{Id: commandID("status", rec.label(), nums...),
				Body: &pb.Command_SetTradeStatus{SetTradeStatus: &pb.SetTradeStatus{TradeId: chunk[0],
					TradeIds: chunk[1:], Status: st, TxHash: hash}}}); err != nil {
				return fmt.Errorf("settle: reporting %s: %w", st, err)
			}
		}
		s.m.status(st, len(fills))
		if err := s.crash(CrashReported); err != nil {
			return err
		}
	}
	return nil
}

// gasHint bounds the gas of a record's call from its size: the worker
// proves it with one run and falls back to estimating when the call needs
// more (see relayerapi.OperatorCall.GasHint).
func (s *Settler) gasHint(r *Record) uint64 {
	return s.cfg.GasHintBase*uint64(len(r.Matches)) + s.cfg.GasHintPerMaker*uint64(len(r.fills()))
}

// commandID is a command's id, derived from what it reports (the engine
// needs ids for correlation; the same report made again is a no-op).
func commandID(kind, id string, nums ...uint64) []byte {
	b := []byte(kind + "/" + id)
	for _, n := range nums {
		b = fmt.Appendf(b, "/%d", n)
	}
	return crypto.Keccak256(b)[:16]
}
