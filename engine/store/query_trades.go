package store

import (
	"fmt"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// owner returns the API key that placed an order, from its body; orders
// carry it, trades do not (a maker's key is not in the trade event, and
// the write path never reads).
func (q *reader) owner(id machine.Hash) (machine.KeyID, error) {
	if k, ok := q.owners[id]; ok {
		return k, nil
	}
	var o orderRec
	if _, err := q.readOrder(id, &o); err != nil {
		return machine.KeyID{}, err
	}
	if q.owners == nil {
		q.owners = map[machine.Hash]machine.KeyID{}
	}
	q.owners[id] = o.owner
	return o.owner, nil
}

func (q *reader) readTrade(id uint64, t *tradeRec) (bool, error) {
	return q.get(q.key.start(pTrade).desc(id).bytes(), func(v []byte) error {
		return decodeTrade(id, v, t)
	})
}

func (q *reader) tradeRecord(t *tradeRec) (*pb.TradeRecord, error) {
	m, err := q.market(t.market)
	if err != nil {
		return nil, err
	}
	st := tradeStatus{status: machine.TradeMatched, updatedMs: t.timeMs}
	if _, err := q.get(q.key.start(pTradeStatus).u64(t.id).bytes(), func(v []byte) error {
		return decodeTradeStatus(v, &st)
	}); err != nil {
		return nil, err
	}
	takerOwner, err := q.owner(t.takerOrder)
	if err != nil {
		return nil, err
	}
	makerOwner, err := q.owner(t.makerOrder)
	if err != nil {
		return nil, err
	}
	return &pb.TradeRecord{
		TradeId:      t.id,
		Market:       clone(m.info.ID[:]),
		MatchType:    pb.MatchType(t.matchType),
		TakerOrderId: clone(t.takerOrder[:]),
		MakerOrderId: clone(t.makerOrder[:]),
		TakerAccount: clone(t.takerAccount[:]),
		MakerAccount: clone(t.makerAccount[:]),
		TakerTokenId: clone(m.info.Tokens[t.takerOutcome-1][:]),
		MakerTokenId: clone(m.info.Tokens[t.makerOutcome-1][:]),
		TakerSide:    pb.Side(t.takerSide),
		MakerSide:    pb.Side(t.makerSide),
		TakerPrice:   t.takerPrice,
		MakerPrice:   t.makerPrice,
		Size:         t.size,
		Fee:          t.fee,
		FeeRateBps:   t.feeBps,
		TimeMs:       t.timeMs,
		Status:       pb.TradeStatus(st.status),
		TxHash:       optional(st.txHash[:]),
		UpdatedMs:    st.updatedMs,
		TakerOwner:   optional(takerOwner[:]),
		MakerOwner:   optional(makerOwner[:]),
	}, nil
}

// tradeFilter is what a list of trades keeps. For a wallet, the token
// filter applies to the wallet's own side of each trade; for everyone's
// trades, to either side.
type tradeFilter struct {
	wallet   *machine.Address
	market   *marketRec
	outcome  machine.Outcome
	afterMs  int64
	beforeMs int64
}

// keeps reports whether t matches, and stop when no older trade can:
// trade ids and times rise together.
func (f *tradeFilter) keeps(t *tradeRec) (keep, stop bool) {
	if f.afterMs != 0 && t.timeMs <= f.afterMs {
		return false, true
	}
	if f.beforeMs != 0 && t.timeMs >= f.beforeMs {
		return false, false
	}
	if f.market != nil && t.market != f.market.index {
		return false, false
	}
	if f.outcome == 0 {
		return true, false
	}
	switch {
	case f.wallet == nil:
		return t.takerOutcome == f.outcome || t.makerOutcome == f.outcome, false
	case *f.wallet == t.takerAccount:
		return t.takerOutcome == f.outcome, false
	default:
		return t.makerOutcome == f.outcome, false
	}
}

func (q *reader) trades(tq *pb.TradesQuery) (*pb.TradePage, error) {
	var f tradeFilter
	var err error
	if f.market, f.outcome, err = q.marketFilter(tq.GetMarket(), tq.GetTokenId()); err != nil {
		return nil, err
	}
	f.afterMs, f.beforeMs = tq.GetAfterMs(), tq.GetBeforeMs()
	if f.afterMs != 0 && f.beforeMs != 0 && f.afterMs >= f.beforeMs {
		return nil, invalid("after_ms (%d) must be below before_ms (%d)", f.afterMs, f.beforeMs)
	}
	cursor, err := decodeCursor(tq.GetCursor())
	if err != nil {
		return nil, err
	}
	l := listing{prefix: []byte{pTrade}, cursor: cursor, minSeq: tq.GetFromId(), limit: pageLimit(tq.GetLimit())}
	if len(tq.GetAccount()) > 0 {
		acct, err := addrArg(tq.GetAccount(), "account")
		if err != nil {
			return nil, err
		}
		f.wallet = &acct
		l.prefix = clone(q.key.start(pWalletTrades).addr(&acct).bytes())
	}
	return q.tradeListing(l, &f)
}

func (q *reader) tradeListing(l listing, f *tradeFilter) (*pb.TradePage, error) {
	page := &pb.TradePage{}
	global := f.wallet == nil
	var t tradeRec
	next, err := q.run(l, func(id uint64, _, value []byte) (bool, bool, error) {
		var err error
		if global {
			err = decodeTrade(id, value, &t)
		} else {
			var found bool
			if found, err = q.readTrade(id, &t); err == nil && !found {
				err = fmt.Errorf("%w: wallet entry of trade %d without its trade", ErrCorrupt, id)
			}
		}
		if err != nil {
			return false, false, err
		}
		keep, stop := f.keeps(&t)
		if !keep {
			return false, stop, nil
		}
		r, err := q.tradeRecord(&t)
		if err != nil {
			return false, false, err
		}
		page.Trades = append(page.Trades, r)
		return true, false, nil
	})
	page.NextCursor = next
	return page, err
}

func transferRecord(t *transferRec, m *marketRec) *pb.TransferRecord {
	r := &pb.TransferRecord{Seq: t.seq, Account: clone(t.account[:]), Kind: pb.TransferKind(t.kind),
		Amount: t.amount, Ref: optional(t.ref[:]), TimeMs: t.timeMs, TradeId: t.tradeID}
	if t.token != (machine.Hash{}) {
		r.TokenId = clone(t.token[:])
	}
	if m != nil {
		r.Market = clone(m.info.ID[:])
	}
	return r
}

func (q *reader) transfers(tq *pb.TransfersQuery) (*pb.TransferPage, error) {
	cursor, err := decodeCursor(tq.GetCursor())
	if err != nil {
		return nil, err
	}
	l := listing{prefix: []byte{pTransfer}, cursor: cursor, limit: pageLimit(tq.GetLimit())}
	global := len(tq.GetAccount()) == 0
	if !global {
		acct, err := addrArg(tq.GetAccount(), "account")
		if err != nil {
			return nil, err
		}
		l.prefix = clone(q.key.start(pWalletXfers).addr(&acct).bytes())
	}
	page := &pb.TransferPage{}
	var t transferRec
	next, err := q.run(l, func(seq uint64, _, value []byte) (bool, bool, error) {
		var err error
		if global {
			err = decodeTransfer(seq, value, &t)
		} else {
			err = q.readTransfer(seq, &t)
		}
		if err != nil {
			return false, false, err
		}
		var m *marketRec
		if t.market >= 0 {
			if m, err = q.market(t.market); err != nil {
				return false, false, err
			}
		}
		page.Transfers = append(page.Transfers, transferRecord(&t, m))
		return true, false, nil
	})
	page.NextCursor = next
	return page, err
}

func (q *reader) readTransfer(seq uint64, t *transferRec) error {
	found, err := q.get(q.key.start(pTransfer).desc(seq).bytes(), func(v []byte) error {
		return decodeTransfer(seq, v, t)
	})
	if err == nil && !found {
		err = fmt.Errorf("%w: wallet entry of transfer %d without its transfer", ErrCorrupt, seq)
	}
	return err
}
