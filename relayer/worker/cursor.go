package worker

import (
	"context"

	"go.uber.org/zap"
)

// saveCursor writes the queue position below which everything is decided.
func (r *run) saveCursor(ctx context.Context, force bool) {
	w := r.w
	c := r.lastSeq + 1
	if r.lastSeq == 0 {
		c = r.cursor
	}
	for seq := range r.undecided {
		c = min(c, seq)
	}
	if c <= r.cursor || !force && w.cfg.Now().Sub(r.cursorAt) < w.cfg.CursorEvery {
		return
	}
	if err := w.st.SetCursor(ctx, c); err != nil {
		w.log.Warn("queue cursor not written", zap.Error(err))
		return
	}
	r.cursor, r.cursorAt = c, w.cfg.Now()
	w.m.cursor.Set(float64(c))
}
