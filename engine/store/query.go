package store

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/cockroachdb/pebble/v2"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
)

// BookSource gives queries the books, which live in memory only. The
// service implements it from snapshots it takes on the apply goroutine.
type BookSource interface {
	// Levels returns a market's YES book, best price first on both sides,
	// and the engine time of the snapshot; ok is false for a market it
	// has no book of. Query only reads the slices.
	Levels(market machine.Hash) (bids, asks []machine.Level, timeMs int64, ok bool)
}

// Limits of the queries.
const (
	// PageLimitDefault is the page size when a query asks for 0 items.
	PageLimitDefault = 100
	// PageLimitMax caps any page size asked for.
	PageLimitMax = 1000
	// PageScanMax bounds the index entries one page examines, so a filter
	// that matches little cannot turn a query into a scan of the whole
	// history; the page then comes back short with a cursor to continue.
	PageScanMax = 10_000
	// PricesTokensMax is the most tokens one prices query may name: the
	// gateways' batch limit of price requests.
	PricesTokensMax = rules.TokenBatchMax
	// OrderTradeIDsMax caps the trade ids listed with one order, oldest
	// first; a client wanting more reads the wallet's trades.
	OrderTradeIDsMax = 1000
)

// queryError is an answer the client caused: a code and a message saying
// what to change.
type queryError struct {
	code pb.QueryErrorCode
	msg  string
}

func (e *queryError) Error() string { return e.msg }

func notFound(format string, args ...any) error {
	return &queryError{code: pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND, msg: fmt.Sprintf(format, args...)}
}

func invalid(format string, args ...any) error {
	return &queryError{code: pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID, msg: fmt.Sprintf(format, args...)}
}

// Query answers one query from a consistent snapshot of the database; the
// answer's seq is the log position of that snapshot. Call it from any
// goroutine, but not during or after Close.
//
// The caller waits for min_seq before calling. StatusQuery gets the
// applied position and time only; the caller adds what lives in the
// engine (leader, state hash, counts). Choices the protocol leaves open:
//   - lists run newest first, but markets oldest first (a catalogue walk
//     then meets the markets listed meanwhile at its end); a page may come
//     back short (at most PageScanMax entries are examined per page) with
//     a cursor to go on, and the end is an empty next_cursor;
//   - trades: after_ms and before_ms are exclusive bounds, from_id
//     inclusive; a token filter applies to the wallet's own side of each
//     trade, or to either side when listing everyone's;
//   - orders: an expired GTD order is CANCELED with no cancel cause;
//   - a balance of a wallet the engine never saw is zero, not an error;
//   - price history is kept per minute: see priceHistory.
func (db *DB) Query(req *pb.QueryRequest, books BookSource) *pb.QueryResponse {
	q := db.newReader()
	defer q.close()
	resp := &pb.QueryResponse{}
	err := q.loadApplied()
	if err == nil {
		resp.Seq = q.pos.seq
		err = q.answer(req, books, resp)
	}
	if err != nil {
		resp.Result = nil
		resp.Error = db.queryError(req, err)
	}
	return resp
}

func (db *DB) queryError(req *pb.QueryRequest, err error) *pb.QueryError {
	var qe *queryError
	if errors.As(err, &qe) {
		return &pb.QueryError{Code: qe.code, Message: qe.msg}
	}
	db.log.Error("query failed", zap.String("query", fmt.Sprintf("%T", req.GetQuery())), zap.Error(err))
	return &pb.QueryError{Code: pb.QueryErrorCode_QUERY_ERROR_CODE_INTERNAL, Message: "internal error reading the store"}
}

func (q *reader) answer(req *pb.QueryRequest, books BookSource, resp *pb.QueryResponse) error {
	var err error
	switch x := req.GetQuery().(type) {
	case *pb.QueryRequest_Book:
		var r *pb.Book
		r, err = q.book(x.Book, books)
		resp.Result = &pb.QueryResponse_Book{Book: r}
	case *pb.QueryRequest_Market:
		var r *pb.MarketInfo
		r, err = q.marketQuery(x.Market)
		resp.Result = &pb.QueryResponse_Market{Market: r}
	case *pb.QueryRequest_Prices:
		var r *pb.Prices
		r, err = q.prices(x.Prices, books)
		resp.Result = &pb.QueryResponse_Prices{Prices: r}
	case *pb.QueryRequest_Order:
		var r *pb.OrderRecord
		r, err = q.orderQuery(x.Order)
		resp.Result = &pb.QueryResponse_Order{Order: r}
	case *pb.QueryRequest_Orders:
		var r *pb.OrderPage
		r, err = q.orders(x.Orders)
		resp.Result = &pb.QueryResponse_Orders{Orders: r}
	case *pb.QueryRequest_Trades:
		var r *pb.TradePage
		r, err = q.trades(x.Trades)
		resp.Result = &pb.QueryResponse_Trades{Trades: r}
	case *pb.QueryRequest_Transfers:
		var r *pb.TransferPage
		r, err = q.transfers(x.Transfers)
		resp.Result = &pb.QueryResponse_Transfers{Transfers: r}
	case *pb.QueryRequest_Balance:
		var r *pb.Balance
		r, err = q.balance(x.Balance)
		resp.Result = &pb.QueryResponse_Balance{Balance: r}
	case *pb.QueryRequest_PriceHistory:
		var r *pb.PriceHistory
		r, err = q.priceHistory(x.PriceHistory)
		resp.Result = &pb.QueryResponse_PriceHistory{PriceHistory: r}
	case *pb.QueryRequest_Status:
		resp.Result = &pb.QueryResponse_Status{Status: &pb.EngineStatus{AppliedSeq: q.pos.seq, TimeMs: q.pos.timeMs}}
	case *pb.QueryRequest_Markets:
		var r *pb.MarketPage
		r, err = q.marketList(x.Markets)
		resp.Result = &pb.QueryResponse_Markets{Markets: r}
	default:
		err = invalid("the request names no query; set one of book, market, markets, prices, order, orders, trades, transfers, balance, price_history, status")
	}
	return err
}

// reader serves one query from one snapshot, caching what several items
// of a page share.
type reader struct {
	db      *DB
	snap    *pebble.Snapshot
	key     keyBuf
	pos     applied
	markets map[int32]*marketRec
	owners  map[machine.Hash]machine.KeyID
	// tradeIDs is one iterator reused for every order's trade ids.
	tradeIDs *pebble.Iterator
}

func (db *DB) newReader() *reader {
	return &reader{db: db, snap: db.pdb.NewSnapshot(), markets: map[int32]*marketRec{}}
}

func (q *reader) close() {
	if q.tradeIDs != nil {
		_ = q.tradeIDs.Close()
	}
	_ = q.snap.Close()
}

// get calls fn with the value of key if it exists; the value is only valid
// during fn.
func (q *reader) get(key []byte, fn func(v []byte) error) (bool, error) {
	v, closer, err := q.snap.Get(key)
	if errors.Is(err, pebble.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer closer.Close()
	return true, fn(v)
}

func (q *reader) loadApplied() error {
	q.pos = applied{}
	_, err := q.get(appliedKey, func(v []byte) error { return decodeApplied(v, &q.pos) })
	return err
}

// iter opens an iterator over keys starting with prefix, below hi if set.
func (q *reader) iter(prefix, hi []byte) (*pebble.Iterator, error) {
	if hi == nil {
		hi = prefixEnd(prefix)
	}
	return q.snap.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: hi})
}

// Parsing of request fields.

func hashArg(b []byte, field string) (machine.Hash, error) {
	var h machine.Hash
	if len(b) != hashLen {
		return h, invalid("%s must be %d bytes, got %d", field, hashLen, len(b))
	}
	copy(h[:], b)
	return h, nil
}

func addrArg(b []byte, field string) (machine.Address, error) {
	var a machine.Address
	if len(b) != addrLen {
		return a, invalid("%s must be a %d-byte address, got %d bytes", field, addrLen, len(b))
	}
	copy(a[:], b)
	return a, nil
}

// pageLimit applies the default and the cap to a requested page size.
func pageLimit(n uint32) int {
	switch {
	case n == 0:
		return PageLimitDefault
	case n > PageLimitMax:
		return PageLimitMax
	}
	return int(n)
}

var cursorEncoding = base64.RawURLEncoding

// cursorLen is the length of an encoded 8-byte cursor.
var cursorLen = cursorEncoding.EncodedLen(seqLen)

func encodeCursor(seq uint64) string {
	var b [seqLen]byte
	binary.BigEndian.PutUint64(b[:], seq)
	return cursorEncoding.EncodeToString(b[:])
}

// decodeCursor returns the sequence a page resumes at, 0 for none.
func decodeCursor(c string) (uint64, error) {
	if c == "" {
		return 0, nil
	}
	var b [seqLen]byte
	if len(c) != cursorLen {
		return 0, badCursor()
	}
	if n, err := cursorEncoding.Decode(b[:], []byte(c)); err != nil || n != seqLen {
		return 0, badCursor()
	}
	seq := binary.BigEndian.Uint64(b[:])
	if seq == 0 {
		return 0, badCursor()
	}
	return seq, nil
}

func badCursor() error {
	return invalid("cursor is not one this service issued: pass next_cursor from the previous page unchanged, or leave it empty for the first page")
}

func clone(b []byte) []byte { return append([]byte(nil), b...) }

// optional returns nil for an all-zero value, so unset ids stay unset.
func optional(b []byte) []byte {
	for _, c := range b {
		if c != 0 {
			return clone(b)
		}
	}
	return nil
}
