package journal

import (
	"sync"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
)

// router hands results to the callers waiting for them, by command id.
// The result can arrive before the publish ack, so a caller registers
// before its command is even queued.
type router struct {
	mu   sync.Mutex
	byID map[string][]*waiter
}

type waiter struct {
	// result receives at most one result; buffered so delivery never blocks.
	result chan *Result
}

func (rt *router) add(id string) *waiter {
	w := &waiter{result: make(chan *Result, 1)}
	rt.mu.Lock()
	rt.byID[id] = append(rt.byID[id], w)
	rt.mu.Unlock()
	return w
}

// remove unregisters w if it is still waiting.
func (rt *router) remove(id string, w *waiter) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	ws := rt.byID[id]
	for i, x := range ws {
		if x == w {
			ws = append(ws[:i], ws[i+1:]...)
			break
		}
	}
	if len(ws) == 0 {
		delete(rt.byID, id)
		return
	}
	rt.byID[id] = ws
}

// deliver gives res to every caller waiting on id, each its own copy.
func (rt *router) deliver(id string, res Result) {
	rt.mu.Lock()
	ws := rt.byID[id]
	delete(rt.byID, id)
	rt.mu.Unlock()
	for _, w := range ws {
		r := res
		w.result <- &r
	}
}

// onReply routes one framed EventBatch from the engine. A reply that fails
// its checks is logged and dropped; its callers then see ErrNoResult,
// which is the truth: their commands are in the log.
func (p *Publisher) onReply(m *nats.Msg) {
	eb, err := DecodeEventBatch(m.Data)
	if err != nil {
		p.log.Error("undecodable engine result", zap.Error(err))
		return
	}
	eventCount := uint64(len(eb.GetEvents()))
	for _, cr := range eb.GetResults() {
		first, end := uint64(cr.GetFirstEvent()), uint64(cr.GetFirstEvent())+uint64(cr.GetEventCount())
		if end > eventCount {
			p.log.Error("engine result names events outside its batch",
				zap.Uint64("cmd_seq", eb.GetCommandSeq()), zap.Uint64("first", first),
				zap.Uint64("end", end), zap.Uint64("events", eventCount))
			continue
		}
		p.waiters.deliver(string(cr.GetCommandId()), Result{
			Seq:    eb.GetCommandSeq(),
			TimeMs: eb.GetTimeMs(),
			Events: eb.GetEvents()[first:end:end],
		})
	}
}
