package stream

import (
	"context"
	"fmt"
	"maps"

	"go.uber.org/zap"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// resume subscribes from position p: the client is registered at the
// hub's position now, H, with the live positions after H held; the
// positions p+1..H are replayed from the log, producing what a client
// connected all along received; then the held positions follow. Nothing
// is sent twice and nothing is skipped. A p the log no longer holds, or
// more than ResumePositionsMax behind, gets a gap and a snapshot at H.
func (c *client) resume(ctx context.Context, req request, toks map[[32]byte][32]byte, p uint64) error {
	h := c.hub
	if err := h.await(ctx, p); err != nil {
		return err
	}
	h.mu.Lock()
	at := h.proj.position
	replay := h.proj.copyFor(toks, c.user)
	c.mu.Lock()
	c.add(req, toks)
	c.replaying = true
	c.answerLocked(req.id, p)
	c.mu.Unlock()
	h.register(c)
	h.mu.Unlock()

	first, err := h.firstSeq(ctx)
	if err != nil {
		return c.abandon(err)
	}
	var hist []positioned
	if p+1 >= first && at-p <= h.cfg.ResumePositionsMax {
		rctx, cancel := context.WithTimeout(ctx, h.cfg.ResumeTimeout)
		hist, err = h.history(rctx, p, at)
		cancel()
		if err != nil {
			return c.abandon(err)
		}
	}
	if uint64(len(hist)) != at-p {
		c.gap(p, at, first, replay)
	} else {
		h.feed.Metrics().ResumeReplays.WithLabelValues(c.channel()).Inc()
		c.replay(ctx, replay, hist)
	}
	c.flushHeld(ctx)
	return nil
}

// flushHeld sends the live positions held during the replay, the
// client's lock released while it waits for room (the hub delivers
// meanwhile, and keeps holding), until none is left: then the client is
// live.
func (c *client) flushHeld(ctx context.Context) {
	for {
		c.mu.Lock()
		if len(c.held) == 0 {
			c.held, c.heldAt, c.replaying = nil, nil, false
			c.mu.Unlock()
			return
		}
		at, frame := c.heldAt[0], c.frameLocked(c.held[0])
		c.held, c.heldAt = c.held[1:], c.heldAt[1:]
		c.mu.Unlock()
		if frame != nil && !c.conn.SendWait(ctx, at, frame) {
			return
		}
	}
}

// sendWait sends a replayed position's frame, waiting for room: history
// comes faster than any socket takes it.
func (c *client) sendWait(ctx context.Context, position uint64, items []item) bool {
	c.mu.Lock()
	frame := c.frameLocked(items)
	c.mu.Unlock()
	return frame == nil || c.conn.SendWait(ctx, position, frame)
}

// abandon ends a resume that could not read the log: the client resumes
// again later.
func (c *client) abandon(err error) error {
	c.hub.log.Warn("a resume could not read the event log", zap.Error(err))
	c.conn.Fail(errcode.Errorf(errcode.EngineUnavailable, "the event log could not be read to resume: reconnect and resume again"))
	return nil
}

// replay sends the positions of hist, applied to the projection at the
// last of them rewound to the first.
func (c *client) replay(ctx context.Context, rp *projection, hist []positioned) {
	for i := len(hist) - 1; i >= 0; i-- {
		rp.revert(hist[i].batch)
	}
	for _, ps := range hist {
		if !c.sendWait(ctx, ps.seq, rp.apply(ps.seq, ps.batch)) {
			return
		}
	}
}

// gap tells the client positions p+1..at will not come, then (on
// /ws/market) sends the snapshot of its tokens at at.
func (c *client) gap(p, at, first uint64, rp *projection) {
	reason := fmt.Sprintf("the resume is more than %d positions behind", c.hub.cfg.ResumePositionsMax)
	if p+1 < first {
		reason = fmt.Sprintf("the event log starts at position %d", first)
	}
	c.hub.feed.Metrics().Gaps.WithLabelValues(c.channel()).Inc()
	c.sendControl(clobapi.GapMessage{StreamHeader: clobapi.StreamHeader{Type: clobapi.MsgGap, Position: at},
		From: p + 1, To: at, Reason: reason})
	if c.user {
		return
	}
	var snap []item
	for _, t := range c.sortedTokens() {
		m, no, ok := rp.token(t)
		if ok {
			snap = append(snap, bookItem(at, m, no, rp.timeMs))
		}
	}
	c.sendWait(context.Background(), at, snap)
}

func (c *client) sortedTokens() [][32]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := map[[32]byte][32]byte{}
	for t := range c.tokens {
		m[t] = [32]byte{}
	}
	return sortedTokens(m)
}

func (c *client) channel() string {
	if c.user {
		return ChannelUser
	}
	return ChannelMarket
}

// copyFor copies what a resume replays of the projection: the markets of
// the tokens (their books), and every token's market for routing.
func (p *projection) copyFor(toks map[[32]byte][32]byte, user bool) *projection {
	out := &projection{markets: map[[32]byte]*market{}, tokens: maps.Clone(p.tokens), position: p.position, timeMs: p.timeMs}
	if user {
		return out
	}
	for _, id := range toks {
		if _, done := out.markets[id]; done {
			continue
		}
		m := *p.markets[id]
		m.book, m.seededSeq = m.book.clone(), 0
		out.markets[id] = &m
	}
	return out
}
