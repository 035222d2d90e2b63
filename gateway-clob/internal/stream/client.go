package stream

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"sync"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/wsfeed"
)

// Channel names (metrics labels and the subscribed answer).
const (
	ChannelMarket = "market"
	ChannelUser   = "user"
)

// client is one connection's subscription: on /ws/market the tokens it
// follows, on /ws/user its account and market filter. seq counts its
// messages.
type client struct {
	hub  *Hub
	conn *wsfeed.Conn
	user bool
	// accountOf picks the wallet of a /ws/user connection's key.
	accountOf func(auth.Identity) (common.Address, error)

	mu       sync.Mutex
	wallet   [20]byte // /ws/user: the account followed
	authed   bool
	authDone chan struct{} // closed once authenticated (/ws/user)
	started  bool          // a subscribe was answered: from is for the first only
	tokens   map[[32]byte]bool
	markets  map[[32]byte]bool // /ws/market: markets of the tokens; /ws/user: the filter
	assets   []string          // the subscribed answer's lists
	mkts     []string
	seq      uint64
	// routed is where the hub's index files the client (routes).
	routed routed
	// While a resume replays, the live positions are held.
	replaying bool
	held      [][]item
	heldAt    []uint64
}

func newClient(h *Hub, conn *wsfeed.Conn, user bool) *client {
	return &client{hub: h, conn: conn, user: user, tokens: map[[32]byte]bool{}, markets: map[[32]byte]bool{},
		authDone: make(chan struct{})}
}

// deliver hands the client a position's messages (the hub's lock held).
func (c *client) deliver(position uint64, items []item) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.replaying {
		if len(c.held) >= c.hub.cfg.ReplayBufferPositions {
			c.conn.Fail(errcode.Errorf(errcode.StreamSlowConsumer, "the live positions held while the resume replays passed %d: resume from a later position", c.hub.cfg.ReplayBufferPositions))
			return
		}
		c.held, c.heldAt = append(c.held, items), append(c.heldAt, position)
		return
	}
	c.sendLocked(position, items)
}

// wants reports whether the client's subscription takes it.
func (c *client) wants(it *item) bool {
	if c.user {
		switch it.scope {
		case toMarket:
			return len(c.markets) == 0 || c.markets[it.market]
		case toAccount:
			return it.account == c.wallet && (len(c.markets) == 0 || it.market == [32]byte{} || c.markets[it.market])
		}
		return false
	}
	switch it.scope {
	case toMarket:
		return c.markets[it.market]
	case toToken:
		return c.tokens[it.token]
	}
	return false
}

// sendLocked sends the items of a position the client wants as one frame
// (nothing when it wants none).
func (c *client) sendLocked(position uint64, items []item) {
	if frame := c.frameLocked(items); frame != nil {
		c.conn.Send(position, frame)
	}
}

// frameLocked is the frame of the items the client wants, numbered, or
// nil.
func (c *client) frameLocked(items []item) []byte {
	var frame []byte
	for i := range items {
		it := &items[i]
		if !c.wants(it) {
			continue
		}
		if frame == nil {
			frame = append(make([]byte, 0, 512), '[')
		} else {
			frame = append(frame, ',')
		}
		c.seq++
		frame = it.withSeq(frame, c.seq)
	}
	if frame == nil {
		return nil
	}
	return append(frame, ']')
}

// onMessage serves one client request.
func (c *client) onMessage(ctx context.Context, data []byte) {
	req, err := parseRequest(data, c.user, c.hub.feed.Limits().SubscriptionsMax)
	if err != nil {
		c.conn.SendError(req.id, coded(err))
		return
	}
	if c.user && req.typ == clobapi.StreamAuth {
		c.authenticate(ctx, req)
		return
	}
	c.mu.Lock()
	authed := c.authed
	c.mu.Unlock()
	if c.user && !authed {
		c.conn.SendError(req.id, errcode.Errorf(errcode.Unauthorized, "authenticate first: send the L2 headers with the upgrade or {\"type\":\"auth\",\"auth\":{...}}"))
		return
	}
	if req.typ == clobapi.StreamUnsubscribe {
		c.unsubscribe(req)
		return
	}
	if err := c.subscribe(ctx, req); err != nil {
		c.conn.SendError(req.id, coded(err))
	}
}

// resolve turns a request's ids into tokens (and their markets) the hub
// knows; an unknown id refuses the whole request.
func (c *client) resolve(req request) (map[[32]byte][32]byte, error) {
	h := c.hub
	h.mu.RLock()
	defer h.mu.RUnlock()
	out := map[[32]byte][32]byte{} // token -> market
	for i, t := range req.tokens {
		m, _, ok := h.proj.token(t)
		if !ok {
			return nil, errcode.Errorf(errcode.TokenNotFound, "token %s not found: no market trades it; take token ids from the market's clobTokenIds", req.assets[i])
		}
		out[t] = m.id
	}
	for i, id := range req.markets {
		m, ok := h.proj.markets[id]
		if !ok {
			return nil, errcode.Errorf(errcode.MarketNotFound, "market %s not found: no market has this condition id", req.mkts[i])
		}
		if !c.user {
			out[m.yes], out[m.no] = m.id, m.id
		}
	}
	return out, nil
}

func (c *client) subscribe(ctx context.Context, req request) error {
	if err := c.hub.await(ctx, 0); err != nil {
		return err
	}
	toks, err := c.resolve(req)
	if err != nil {
		return err
	}
	c.mu.Lock()
	started := c.started
	n := len(union(c.assets, req.assets)) + len(union(c.mkts, req.mkts))
	c.mu.Unlock()
	if n > c.hub.feed.Limits().SubscriptionsMax {
		return tooMany(c.hub.feed.Limits().SubscriptionsMax)
	}
	if req.from != nil {
		if started {
			return errcode.Errorf(errcode.StreamInvalidRequest, "from is for a connection's first subscribe: a later subscribe starts with a snapshot")
		}
		return c.resume(ctx, req, toks, *req.from)
	}
	c.live(req, toks)
	return nil
}

// add records a request's ids in the subscription (c.mu held).
func (c *client) add(req request, toks map[[32]byte][32]byte) {
	c.started = true
	c.assets, c.mkts = union(c.assets, req.assets), union(c.mkts, req.mkts)
	for t, m := range toks {
		c.tokens[t], c.markets[m] = true, true
	}
	if c.user {
		for _, m := range req.markets {
			c.markets[m] = true
		}
	}
}

// live subscribes from the hub's position: a snapshot of each new token's
// book on /ws/market, nothing before the next position on /ws/user.
func (c *client) live(req request, toks map[[32]byte][32]byte) {
	h := c.hub
	h.mu.Lock() // no position is applied between the snapshot and the registration
	defer h.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	var snap []item
	if !c.user {
		for _, t := range sortedTokens(toks) {
			if c.tokens[t] {
				continue
			}
			m, no, _ := h.proj.token(t)
			snap = append(snap, bookItem(h.proj.position, m, no, h.proj.timeMs))
		}
	}
	c.add(req, toks)
	c.answerLocked(req.id, h.proj.position)
	if len(snap) > 0 {
		c.sendLocked(h.proj.position, snap)
	}
	h.register(c)
}

func (c *client) unsubscribe(req request) {
	h := c.hub
	h.mu.Lock() // the hub's lock first, as the hub's deliveries take them
	defer h.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range req.tokens {
		delete(c.tokens, t)
	}
	for _, id := range req.markets {
		if m, ok := h.proj.markets[id]; ok && !c.user {
			delete(c.tokens, m.yes)
			delete(c.tokens, m.no)
		}
		delete(c.markets, id)
	}
	if !c.user { // the markets of the tokens left
		clear(c.markets)
		for t := range c.tokens {
			if m, _, ok := h.proj.token(t); ok {
				c.markets[m.id] = true
			}
		}
	}
	c.assets = slices.DeleteFunc(c.assets, func(s string) bool { return slices.Contains(req.assets, s) })
	c.mkts = slices.DeleteFunc(c.mkts, func(s string) bool { return slices.Contains(req.mkts, s) })
	if _, ok := h.clients[c]; ok {
		h.routes.reroute(c)
	}
	c.answerLocked(req.id, c.conn.Position())
}

// answerLocked sends the subscribed answer: what the connection follows
// now, from position.
func (c *client) answerLocked(id string, position uint64) {
	ch := ChannelMarket
	if c.user {
		ch = ChannelUser
	}
	msg := clobapi.SubscribedMessage{StreamHeader: clobapi.StreamHeader{Type: clobapi.MsgSubscribed, Position: position},
		ID: id, Channel: ch, AssetIDs: nonNil(c.assets), Markets: nonNil(c.mkts)}
	b, _ := json.Marshal(msg)
	c.conn.SendControl(b)
}

func (c *client) sendControl(msg any) {
	b, _ := json.Marshal(msg)
	c.conn.SendControl(b)
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// sortedTokens orders a request's tokens by their decimal id, so that
// snapshots come in the same order on every replica.
func sortedTokens(toks map[[32]byte][32]byte) [][32]byte {
	out := make([][32]byte, 0, len(toks))
	for t := range toks {
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b [32]byte) int { return bytes.Compare(a[:], b[:]) })
	return out
}
