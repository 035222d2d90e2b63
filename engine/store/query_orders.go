package store

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// readOrder reads an order's body and its latest state.
func (q *reader) readOrder(id machine.Hash, o *orderRec) (bool, error) {
	found, err := q.get(q.key.start(pOrder).hash(&id).bytes(), func(v []byte) error {
		return decodeOrder(id, v, o)
	})
	if !found || err != nil {
		return false, err
	}
	_, err = q.get(q.key.start(pOrderState).hash(&id).bytes(), func(v []byte) error {
		return decodeState(v, &o.state)
	})
	return true, err
}

// orderTradeIDs lists an order's trades, oldest first, at most
// OrderTradeIDsMax of them.
func (q *reader) orderTradeIDs(id machine.Hash) ([]uint64, error) {
	if q.tradeIDs == nil {
		it, err := q.iter([]byte{pOrderTrades}, nil)
		if err != nil {
			return nil, err
		}
		q.tradeIDs = it
	}
	prefix := q.key.start(pOrderTrades).hash(&id).bytes()
	var ids []uint64
	for ok := q.tradeIDs.SeekGE(prefix); ok && len(ids) < OrderTradeIDsMax; ok = q.tradeIDs.Next() {
		k := q.tradeIDs.Key()
		if !bytes.HasPrefix(k, prefix) {
			break
		}
		ids = append(ids, beUint64(k[len(prefix):]))
	}
	return ids, q.tradeIDs.Error()
}

func (q *reader) orderRecord(o *orderRec) (*pb.OrderRecord, error) {
	m, err := q.market(o.market)
	if err != nil {
		return nil, err
	}
	tradeIDs, err := q.orderTradeIDs(o.id)
	if err != nil {
		return nil, err
	}
	token := m.info.Tokens[o.outcome-1]
	// A decreased order's size now: what it can fill is that, not its
	// signed size.
	size := o.size
	if _, err := q.get(q.key.start(pOrderSize).hash(&o.id).bytes(), func(v []byte) error {
		if len(v) != 8 {
			return fmt.Errorf("store: order size record of %d bytes", len(v))
		}
		size = beUint64(v)
		return nil
	}); err != nil {
		return nil, err
	}
	r := &pb.OrderRecord{
		OrderId:      clone(o.id[:]),
		OrderSeq:     o.seq,
		Market:       clone(m.info.ID[:]),
		TokenId:      clone(token[:]),
		Outcome:      pb.Outcome(o.outcome),
		Account:      clone(o.account[:]),
		Owner:        optional(o.owner[:]),
		Side:         pb.Side(o.side),
		OrderType:    pb.OrderType(o.typ),
		PostOnly:     o.postOnly,
		Price:        o.price,
		Size:         o.size,
		SizeMatched:  size - o.state.remaining,
		Status:       pb.OrderStatus(o.state.status),
		CancelCause:  pb.CancelCause(o.state.cause),
		FeeRateBps:   o.feeBps,
		Expiration:   o.expiration,
		CreatedMs:    o.createdMs,
		UpdatedMs:    o.state.updatedMs,
		TradeIds:     tradeIDs,
		CurrentSize:  size,
		SelfTrade:    pb.SelfTradePrevention(o.selfTrade),
		CancelOnHalt: o.cancelOnHalt,
		Group:        o.group,
	}
	if o.state.status == machine.StatusInvalid {
		r.RejectReason = pb.RejectReason(o.state.reason)
	}
	if o.hasSigned {
		r.Signed = signedOrder(o, token)
	}
	return r, nil
}

func signedOrder(o *orderRec, token machine.Hash) *pb.SignedOrder {
	s := &o.signed
	return &pb.SignedOrder{
		Salt:          s.Salt,
		Maker:         clone(o.account[:]),
		Signer:        clone(s.Signer[:]),
		Taker:         clone(s.Taker[:]),
		TokenId:       clone(token[:]),
		MakerAmount:   o.makerAmount,
		TakerAmount:   o.takerAmount,
		Expiration:    o.expiration,
		Nonce:         s.Nonce,
		FeeRateBps:    o.feeBps,
		Side:          pb.Side(o.side),
		SignatureType: s.SignatureType,
		Signature:     clone(s.Signature[:]),
		ScopeId:       string(s.ScopeID),
	}
}

func (q *reader) orderQuery(oq *pb.OrderQuery) (*pb.OrderRecord, error) {
	id, err := hashArg(oq.GetOrderId(), "order_id")
	if err != nil {
		return nil, err
	}
	var o orderRec
	found, err := q.readOrder(id, &o)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("order %#x is not known", id)
	}
	return q.orderRecord(&o)
}

// orderFilter is what a list of orders keeps.
type orderFilter struct {
	market   *marketRec
	outcome  machine.Outcome
	openOnly bool
}

func (f *orderFilter) keeps(o *orderRec) bool {
	return (f.market == nil || o.market == f.market.index) &&
		(f.outcome == 0 || o.outcome == f.outcome) &&
		(!f.openOnly || o.state.status == machine.StatusLive)
}

func (q *reader) orders(oq *pb.OrdersQuery) (*pb.OrderPage, error) {
	var f orderFilter
	var err error
	if f.market, f.outcome, err = q.marketFilter(oq.GetMarket(), oq.GetTokenId()); err != nil {
		return nil, err
	}
	f.openOnly = oq.GetOpenOnly()
	cursor, err := decodeCursor(oq.GetCursor())
	if err != nil {
		return nil, err
	}
	limit := pageLimit(oq.GetLimit())
	if len(oq.GetAccount()) == 0 {
		return q.orderListing(listing{prefix: []byte{pAllOrders}, cursor: cursor, limit: limit}, &f)
	}
	acct, err := addrArg(oq.GetAccount(), "account")
	if err != nil {
		return nil, err
	}
	if f.openOnly {
		return q.openOrders(acct, &f, cursor, limit)
	}
	prefix := q.key.start(pWalletOrders).addr(&acct).bytes()
	return q.orderListing(listing{prefix: clone(prefix), cursor: cursor, limit: limit}, &f)
}

// orderListing pages through an index of orders whose keys end in the
// order id.
func (q *reader) orderListing(l listing, f *orderFilter) (*pb.OrderPage, error) {
	page := &pb.OrderPage{}
	var o orderRec
	next, err := q.run(l, func(_ uint64, key, _ []byte) (bool, bool, error) {
		id := machine.Hash(key[len(key)-hashLen:])
		found, err := q.readOrder(id, &o)
		if err != nil || !found || !f.keeps(&o) {
			return false, false, err
		}
		r, err := q.orderRecord(&o)
		if err != nil {
			return false, false, err
		}
		page.Orders = append(page.Orders, r)
		return true, false, nil
	})
	page.NextCursor = next
	return page, err
}

type openEntry struct {
	seq uint64
	id  machine.Hash
}

// openOrders pages through a wallet's open orders. The open index is keyed
// by order id, which the write path knows without reading, so its entries
// are gathered and sorted newest first here: a wallet has as many as it
// has orders in the books, never its whole history.
func (q *reader) openOrders(acct machine.Address, f *orderFilter, cursor uint64, limit int) (*pb.OrderPage, error) {
	q.key.start(pOpenOrders).addr(&acct)
	if f.market != nil {
		q.key.u32(uint32(f.market.index))
	}
	entries, err := q.openEntries(clone(q.key.bytes()), f.outcome, cursor)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(entries, func(a, b openEntry) int { return cmp.Compare(b.seq, a.seq) })
	page := &pb.OrderPage{}
	if len(entries) > limit {
		page.NextCursor = encodeCursor(entries[limit].seq)
		entries = entries[:limit]
	}
	var o orderRec
	for _, e := range entries {
		found, err := q.readOrder(e.id, &o)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, fmt.Errorf("%w: open entry of order %x without its order", ErrCorrupt, e.id)
		}
		r, err := q.orderRecord(&o)
		if err != nil {
			return nil, err
		}
		page.Orders = append(page.Orders, r)
	}
	return page, nil
}

func (q *reader) openEntries(prefix []byte, outcome machine.Outcome, cursor uint64) ([]openEntry, error) {
	it, err := q.iter(prefix, nil)
	if err != nil {
		return nil, err
	}
	var entries []openEntry
	for ok := it.First(); ok; ok = it.Next() {
		seq, out, err := decodeOpen(it.Value())
		if err != nil {
			_ = it.Close()
			return nil, err
		}
		if (outcome == 0 || out == outcome) && (cursor == 0 || seq <= cursor) {
			k := it.Key()
			entries = append(entries, openEntry{seq: seq, id: machine.Hash(k[len(k)-hashLen:])})
		}
	}
	return entries, it.Close()
}
