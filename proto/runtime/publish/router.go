package publish

import (
	"sync"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/proto/journal"
)

// router hands results to the callers waiting for them, by command id.
// The result can arrive before the publish ack, so a caller registers
// before its command is even queued.
//
// Several callers may submit commands with one id at once (a client
// retrying an order while the first copy is in flight). Each copy is its
// own command in the log and gets its own result (the engine places the
// first and refuses the others as duplicates), so each result goes to one
// caller, the earliest registered: every caller learns the outcome of one
// copy, and only one caller hears that the order was placed.
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

// deliver gives res to the earliest caller still waiting on id.
func (rt *router) deliver(id string, res Result) {
	rt.mu.Lock()
	ws := rt.byID[id]
	if len(ws) == 0 {
		rt.mu.Unlock()
		return
	}
	w := ws[0]
	if len(ws) == 1 {
		delete(rt.byID, id)
	} else {
		rt.byID[id] = ws[1:]
	}
	rt.mu.Unlock()
	w.result <- &res
}

// onReply routes one framed EventBatch from the engine. A reply that fails
// its checks is logged and dropped; its callers then see ErrNoResult,
// which is the truth: their commands are in the log.
func (p *Publisher) onReply(m *nats.Msg) {
	eb, err := journal.DecodeEventBatch(m.Data)
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
