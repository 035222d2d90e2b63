package store

import (
	"encoding/binary"
	"fmt"
	"math"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// market returns market index i, cached for the query.
func (q *reader) market(i int32) (*marketRec, error) {
	if m, ok := q.markets[i]; ok {
		return m, nil
	}
	m := &marketRec{}
	found, err := q.get(q.key.start(pMarket).u32(uint32(i)).bytes(), func(v []byte) error {
		return decodeMarket(i, v, m)
	})
	if err != nil {
		return nil, err
	}
	if !found {
		// Every index the store writes names a stored market.
		return nil, fmt.Errorf("%w: market index %d has no record", ErrCorrupt, i)
	}
	q.markets[i] = m
	return m, nil
}

// token resolves a token id to its market; found is false for an unknown
// token.
func (q *reader) token(id machine.Hash) (m *marketRec, outcome machine.Outcome, found bool, err error) {
	var i int32
	found, err = q.get(q.key.start(pToken).hash(&id).bytes(), func(v []byte) error {
		var err error
		i, outcome, err = decodeTokenRef(v)
		return err
	})
	if !found || err != nil {
		return nil, 0, false, err
	}
	m, err = q.market(i)
	return m, outcome, err == nil, err
}

func (q *reader) tokenArg(b []byte, field string) (*marketRec, machine.Outcome, error) {
	id, err := hashArg(b, field)
	if err != nil {
		return nil, 0, err
	}
	m, outcome, found, err := q.token(id)
	if err == nil && !found {
		err = notFound("token %#x is not listed", id)
	}
	return m, outcome, err
}

func (q *reader) marketByID(b []byte, field string) (*marketRec, error) {
	id, err := hashArg(b, field)
	if err != nil {
		return nil, err
	}
	var i int32
	found, err := q.get(q.key.start(pMarketByID).hash(&id).bytes(), func(v []byte) error {
		var err error
		i, err = decodeMarketIndex(v)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("market %#x is not listed", id)
	}
	return q.market(i)
}

// marketFilter resolves the optional market and token filters of a list
// query: nil market means every market, outcome 0 both tokens.
func (q *reader) marketFilter(market, token []byte) (*marketRec, machine.Outcome, error) {
	var m *marketRec
	var err error
	if len(market) > 0 {
		if m, err = q.marketByID(market, "market"); err != nil {
			return nil, 0, err
		}
	}
	if len(token) == 0 {
		return m, 0, nil
	}
	tm, outcome, err := q.tokenArg(token, "token_id")
	if err != nil {
		return nil, 0, err
	}
	if m != nil && tm.index != m.index {
		return nil, 0, invalid("token_id %#x is not a token of market %#x; drop one of the two filters", token, market)
	}
	return tm, outcome, nil
}

func (q *reader) marketQuery(mq *pb.MarketQuery) (*pb.MarketInfo, error) {
	var m *marketRec
	var err error
	switch {
	case len(mq.GetMarket()) > 0:
		m, _, err = q.marketFilter(mq.GetMarket(), mq.GetTokenId())
	case len(mq.GetTokenId()) > 0:
		m, _, err = q.tokenArg(mq.GetTokenId(), "token_id")
	default:
		err = invalid("set market or token_id")
	}
	if err != nil {
		return nil, err
	}
	return marketInfo(&m.info), nil
}

func marketInfo(m *machine.MarketInfo) *pb.MarketInfo {
	r := &pb.MarketInfo{
		Market:     clone(m.ID[:]),
		YesTokenId: clone(m.Tokens[0][:]),
		NoTokenId:  clone(m.Tokens[1][:]),
		Params:     marketParams(&m.Params),
		Status:     pb.MarketStatus(m.Status),
		Pairs:      m.PairsUnits,
	}
	if m.Status == machine.MarketResolved {
		r.Payout = []uint32{m.Payout[0], m.Payout[1]}
	}
	return r
}

func marketParams(p *machine.MarketParams) *pb.MarketParams {
	return &pb.MarketParams{TickSize: p.TickSize, MinSize: p.MinSize, MaxSize: p.MaxSize,
		FeeRateBps: p.FeeRateBps, NegRisk: p.NegRisk}
}

// lastTrade returns a market's last trade price and taker side in the
// terms of one of its tokens; zero values if it never traded.
func (q *reader) lastTrade(m *marketRec, outcome machine.Outcome) (uint64, machine.Side, error) {
	var l lastTrade
	found, err := q.get(q.key.start(pLastTrade).u32(uint32(m.index)).bytes(), func(v []byte) error {
		return decodeLastTrade(v, &l)
	})
	if !found || err != nil {
		return 0, 0, err
	}
	if outcome == machine.No {
		return priceOne - l.yesPrice, flip(l.yesSide), nil
	}
	return l.yesPrice, l.yesSide, nil
}

// tokenLevels returns a market's book seen from one token: for NO, the YES
// asks are NO bids at 1 - price and the YES bids NO asks. Both orders stay
// best first, since 1 - price reverses the price order.
func tokenLevels(books BookSource, m *marketRec, outcome machine.Outcome) (bids, asks []machine.Level, timeMs int64) {
	if books == nil {
		return nil, nil, 0
	}
	yb, ya, t, ok := books.Levels(m.info.ID)
	if !ok {
		return nil, nil, 0
	}
	if outcome == machine.No {
		return ya, yb, t
	}
	return yb, ya, t
}

func pbLevels(ls []machine.Level, outcome machine.Outcome, depth int) []*pb.Level {
	if depth > 0 && len(ls) > depth {
		ls = ls[:depth]
	}
	out := make([]*pb.Level, len(ls))
	for i, l := range ls {
		p := l.Price
		if outcome == machine.No {
			p = priceOne - p
		}
		out[i] = &pb.Level{Price: p, Size: l.Size, Orders: l.Orders}
	}
	return out
}

func (q *reader) book(bq *pb.BookQuery, books BookSource) (*pb.Book, error) {
	m, outcome, err := q.tokenArg(bq.GetTokenId(), "token_id")
	if err != nil {
		return nil, err
	}
	bids, asks, t := tokenLevels(books, m, outcome)
	price, side, err := q.lastTrade(m, outcome)
	if err != nil {
		return nil, err
	}
	depth := int(bq.GetDepth())
	return &pb.Book{
		Market:         clone(m.info.ID[:]),
		TokenId:        clone(bq.GetTokenId()),
		Bids:           pbLevels(bids, outcome, depth),
		Asks:           pbLevels(asks, outcome, depth),
		Params:         marketParams(&m.info.Params),
		Status:         pb.MarketStatus(m.info.Status),
		LastTradePrice: price,
		LastTradeSide:  pb.Side(side),
		TimeMs:         t,
	}, nil
}

func (q *reader) prices(pq *pb.PricesQuery, books BookSource) (*pb.Prices, error) {
	ids := pq.GetTokenIds()
	if len(ids) > PricesTokensMax {
		return nil, invalid("%d token ids asked for; at most %d per query", len(ids), PricesTokensMax)
	}
	out := &pb.Prices{Prices: make([]*pb.TokenPrices, 0, len(ids))}
	for i, b := range ids {
		id, err := hashArg(b, fmt.Sprintf("token_ids[%d]", i))
		if err != nil {
			return nil, err
		}
		tp, err := q.tokenPrices(id, books)
		if err != nil {
			return nil, err
		}
		out.Prices = append(out.Prices, tp)
	}
	return out, nil
}

func (q *reader) tokenPrices(id machine.Hash, books BookSource) (*pb.TokenPrices, error) {
	tp := &pb.TokenPrices{TokenId: clone(id[:])}
	m, outcome, found, err := q.token(id)
	if !found || err != nil {
		return tp, err
	}
	tp.Found = true
	bids, asks, _ := tokenLevels(books, m, outcome)
	if b := pbLevels(bids, outcome, 1); len(b) > 0 {
		tp.BestBid = b[0].Price
	}
	if a := pbLevels(asks, outcome, 1); len(a) > 0 {
		tp.BestAsk = a[0].Price
	}
	price, side, err := q.lastTrade(m, outcome)
	tp.LastTradePrice, tp.LastTradeSide = price, pb.Side(side)
	return tp, err
}

func (q *reader) balance(bq *pb.BalanceQuery) (*pb.Balance, error) {
	acct, err := addrArg(bq.GetAccount(), "account")
	if err != nil {
		return nil, err
	}
	var token machine.Hash
	isToken := len(bq.GetTokenId()) > 0
	if isToken {
		if _, _, err := q.tokenArg(bq.GetTokenId(), "token_id"); err != nil {
			return nil, err
		}
		copy(token[:], bq.GetTokenId())
	}
	out := &pb.Balance{}
	_, err = q.get(q.key.balance(&acct, &token, isToken), func(v []byte) error {
		return decodeBalance(v, out)
	})
	if err != nil {
		return nil, err
	}
	for _, x := range []machine.Exchange{machine.ExchangeStandard, machine.ExchangeNegRisk} {
		ap := &pb.ExchangeApproval{Exchange: pb.Exchange(x)}
		if _, err := q.get(q.key.approval(&acct, x), func(v []byte) error { return decodeApproval(v, ap) }); err != nil {
			return nil, err
		}
		out.Approvals = append(out.Approvals, ap)
	}
	return out, nil
}

// marketList pages every market in the order the log listed them. The
// records are keyed by market index, which the core allocates upwards and
// never reuses; the cursor is the next page's first index plus one, so
// that it is never zero, in the encoding of every other cursor.
func (q *reader) marketList(mq *pb.MarketsQuery) (*pb.MarketPage, error) {
	start, err := decodeCursor(mq.GetCursor())
	if err != nil {
		return nil, err
	}
	if start > 0 {
		start--
	}
	if start > math.MaxUint32 {
		return nil, badCursor()
	}
	limit := pageLimit(mq.GetLimit())
	prefix := []byte{pMarket}
	it, err := q.iter(prefix, nil)
	if err != nil {
		return nil, err
	}
	out := &pb.MarketPage{}
	for ok := it.SeekGE(q.key.start(pMarket).u32(uint32(start)).bytes()); ok; ok = it.Next() {
		key := it.Key()
		if len(key) != 1+marketIndexLen {
			_ = it.Close()
			return nil, fmt.Errorf("%w: market key %x", ErrCorrupt, key)
		}
		i := binary.BigEndian.Uint32(key[1:])
		if len(out.Markets) == limit {
			out.NextCursor = encodeCursor(uint64(i) + 1)
			break
		}
		var m marketRec
		if err := decodeMarket(int32(i), it.Value(), &m); err != nil {
			_ = it.Close()
			return nil, err
		}
		out.Markets = append(out.Markets, marketInfo(&m.info))
	}
	return out, it.Close()
}
