package stream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"

	"pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
)

// Market streams the CLOB's market channel at baseURL (the REST API's,
// "http://127.0.0.1:8080"): a book snapshot of each token, then its
// changes, trades and market status. Book returns each token's book.
func Market(ctx context.Context, baseURL string, sub Subscription, opts ...Option) *Stream {
	return newStream(ctx, newCLOBChannel(strings.TrimRight(baseURL, "/"), clobapi.StreamMarketPath, sub, nil), opts)
}

// User streams the CLOB's user channel with c's L2 credentials (signed
// anew for each connection): the caller's orders, trades, balances,
// transfers and every market's status changes. It has no snapshot: read
// REST first, then stream WithFrom the position the REST answer is at,
// or from now.
func User(ctx context.Context, c *clob.Client, sub Subscription, opts ...Option) *Stream {
	return newStream(ctx, newCLOBChannel(c.BaseURL(), clobapi.StreamUserPath, sub, c), opts)
}

// clobChannel is /ws/market or /ws/user.
type clobChannel struct {
	base, path string
	sub        Subscription
	user       *clob.Client
	// stale are the tokens whose book went wrong, awaiting a snapshot
	// (under the Stream's mu): a new connection asks for them again.
	stale map[string]bool
	// resyncs bounds the new snapshots asked for (under the Stream's mu).
	resyncs resyncLog
}

func newCLOBChannel(base, path string, sub Subscription, user *clob.Client) *clobChannel {
	return &clobChannel{base: base, path: path, sub: sub, user: user, stale: map[string]bool{}, resyncs: resyncLog{}}
}

func (c *clobChannel) url(*uint64) string { return c.base + c.path }

func (c *clobChannel) header() (http.Header, error) {
	if c.user == nil {
		return nil, nil
	}
	return c.user.StreamHeaders(c.path)
}

func (c *clobChannel) hello(s *Stream, from *uint64) []any {
	reqs := []any{clobapi.StreamRequest{Type: clobapi.StreamSubscribe, AssetIDs: c.sub.AssetIDs, Markets: c.sub.Markets, From: from}}
	if from == nil {
		return reqs // every book comes with the snapshot
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range slices.Sorted(maps.Keys(c.stale)) {
		reqs = append(reqs, resyncRequests(id)...)
	}
	return reqs
}

func (c *clobChannel) ping() any { return clobapi.StreamRequest{Type: clobapi.StreamPing} }

// frame reads one frame of the CLOB: a JSON array of messages.
func (c *clobChannel) frame(s *Stream, data []byte) (frameResult, error) {
	raws, err := splitFrame(data)
	if err != nil {
		return frameResult{}, err
	}
	var res frameResult
	for _, raw := range raws {
		var h clobapi.StreamHeader
		if err := json.Unmarshal(raw, &h); err != nil {
			return frameResult{}, fmt.Errorf("stream: a message without a header: %w", err)
		}
		m, err := decodeCLOB(h.Type, raw)
		if err != nil {
			return frameResult{}, err
		}
		if m == nil {
			continue // a ping, a pong, or a type this client does not know
		}
		if err := c.apply(s, h, m, &res); err != nil {
			return frameResult{}, err
		}
		res.msgs = append(res.msgs, m)
	}
	return res, nil
}

// apply folds one message into the Stream's state: its position, the
// books, and the requests a wrong book calls for. Its error is final: a
// book that keeps disagreeing.
func (c *clobChannel) apply(s *Stream, h clobapi.StreamHeader, m any, res *frameResult) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch m := m.(type) {
	case *clobapi.SubscribedMessage:
		// The user channel starts after the position it names; the
		// market channel's position comes with its snapshots.
		if c.user != nil && !s.status.HasPosition {
			res.pos, res.hasPos = h.Position, true
		}
		return nil
	case *clobapi.ErrorMessage:
		return nil
	case *clobapi.GapMessage:
		// The positions of the gap are lost: every book is wrong until
		// the snapshots that follow, which ask for the stale ones too.
		s.status.Gaps++
		clear(s.books)
		clear(c.stale)
		return nil
	case *clobapi.BookMessage:
		b, err := fromSnapshot(m)
		delete(s.books, m.AssetID)
		delete(c.stale, m.AssetID)
		if err == nil {
			s.books[m.AssetID] = b
		} else if err := c.resync(s, m.AssetID, err, res); err != nil {
			return err
		}
	case *clobapi.PriceChangeMessage:
		// A snapshot at a position reflects every change up to it: one
		// the server replays from before it is already in the book.
		if b, ok := s.books[m.AssetID]; ok && m.Position > b.Position {
			if err := b.apply(m); err != nil {
				delete(s.books, m.AssetID)
				if err := c.resync(s, m.AssetID, err, res); err != nil {
					return err
				}
			}
		}
	}
	res.pos, res.hasPos = max(res.pos, h.Position), true
	return nil
}

// resync asks for a new snapshot of a token whose book went wrong:
// unsubscribe it and subscribe it again without From; past the resync
// limit, it ends the Stream instead.
func (c *clobChannel) resync(s *Stream, assetID string, err error, res *frameResult) error {
	var mm *HashMismatchError
	if errors.As(err, &mm) {
		s.status.HashMismatches++
	}
	s.status.LastError = err
	if !c.resyncs.allow(assetID, s.cfg.now(), s.cfg.resyncsMax, s.cfg.resyncWindow) {
		return &FinalError{Err: &ResyncLimitError{AssetID: assetID, Resyncs: s.cfg.resyncsMax, Window: s.cfg.resyncWindow, Err: err}}
	}
	c.stale[assetID] = true
	res.send = append(res.send, resyncRequests(assetID)...)
	return nil
}

// resyncRequests unsubscribe a token and subscribe it again without From,
// which sends its snapshot.
func resyncRequests(assetID string) []any {
	ids := []string{assetID}
	return []any{clobapi.StreamRequest{Type: clobapi.StreamUnsubscribe, AssetIDs: ids},
		clobapi.StreamRequest{Type: clobapi.StreamSubscribe, AssetIDs: ids}}
}

// decodeCLOB decodes a message of the CLOB's streams by its type; nil for
// the keep-alive and for types this client does not know (a newer
// server's), which it skips.
func decodeCLOB(typ string, raw []byte) (any, error) {
	var m any
	switch typ {
	case clobapi.MsgSubscribed:
		m = new(clobapi.SubscribedMessage)
	case clobapi.MsgError:
		m = new(clobapi.ErrorMessage)
	case clobapi.MsgGap:
		m = new(clobapi.GapMessage)
	case clobapi.MsgBook:
		m = new(clobapi.BookMessage)
	case clobapi.MsgPriceChange:
		m = new(clobapi.PriceChangeMessage)
	case clobapi.MsgLastTrade:
		m = new(clobapi.LastTradeMessage)
	case clobapi.MsgMarket:
		m = new(clobapi.MarketMessage)
	case clobapi.MsgOrder:
		m = new(clobapi.OrderMessage)
	case clobapi.MsgTrade:
		m = new(clobapi.TradeMessage)
	case clobapi.MsgBalance:
		m = new(clobapi.BalanceMessage)
	case clobapi.MsgTransfer:
		m = new(clobapi.TransferMessage)
	default:
		return nil, nil
	}
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, fmt.Errorf("stream: %s message: %w", typ, err)
	}
	return m, nil
}
