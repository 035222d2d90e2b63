package bench

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/shopspring/decimal"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/scripts/bench/internal/peerbook"
)

// peerCmd is one command of the matcher's stream as the peer book
// (github.com/i25959341/orderbook, copied in internal/peerbook) takes it:
// a limit order on one book in YES terms, or a cancel. Every input is
// built before the timed loop, as the matcher's commands are.
type peerCmd struct {
	cancel bool
	// fak: what the order does not fill at once is cancelled, as the
	// matcher's fill-and-kill rests nothing (the peer has no such type).
	fak   bool
	side  peerbook.Side
	id    string
	qty   decimal.Decimal
	price decimal.Decimal
}

// peerStream translates a single-market workload for the peer: its
// setup's and warm-up's orders (the matcher's prepared book) and its
// measured commands. A BUY of NO at p is a SELL of YES at 1-p in the
// one book, as the matcher matches them; ledger commands (faucets,
// approvals, the market's creation) have no peer counterpart.
func peerStream(w *loadgen.Workload) (prep, cmds []peerCmd, err error) {
	var yes machine.Hash
	markets := 0
	for i := range w.Setup {
		if c := &w.Setup[i]; c.Kind == machine.KindCreateMarket {
			yes, markets = c.Args.Tokens[0], markets+1
		}
	}
	if markets != 1 {
		return nil, nil, fmt.Errorf("bench: the peer book takes one market's stream, not %d markets'", markets)
	}
	for _, part := range [][]machine.Command{w.Setup, w.Warm} {
		for i := range part {
			if c := &part[i]; c.Kind == machine.KindPlace || c.Kind == machine.KindCancel {
				prep = append(prep, toPeer(c, yes))
			}
		}
	}
	cmds = make([]peerCmd, len(w.Commands))
	for i := range w.Commands {
		c := &w.Commands[i]
		if c.Kind != machine.KindPlace && c.Kind != machine.KindCancel {
			return nil, nil, fmt.Errorf("bench: command %d of the stream is of kind %d, neither a place nor a cancel", i, c.Kind)
		}
		cmds[i] = toPeer(c, yes)
	}
	return prep, cmds, nil
}

// toPeer translates a place or a cancel; yes is the market's YES token.
func toPeer(c *machine.Command, yes machine.Hash) peerCmd {
	if c.Kind == machine.KindCancel {
		return peerCmd{cancel: true, id: string(c.OrderIDs[0][:])}
	}
	o := &c.Order
	shares, coll := o.TakerAmount, o.MakerAmount
	if o.Side == machine.Sell {
		shares, coll = o.MakerAmount, o.TakerAmount
	}
	lots := shares / machine.LotUnits
	pips := coll / lots // the order's own price per share, in pips
	isYes := o.TokenID == yes
	if !isYes {
		pips = machine.PipsPerUnit - pips
	}
	side := peerbook.Sell
	if (o.Side == machine.Buy) == isYes {
		side = peerbook.Buy
	}
	return peerCmd{fak: o.Type == machine.FAK, side: side, id: string(c.ID[:]),
		qty: decimal.New(int64(lots), -lotDecimals), price: decimal.New(int64(pips), -pipDecimals)}
}

// lotDecimals and pipDecimals place the decimal point: a lot is a
// hundredth of a share and a pip a ten-thousandth of a unit of
// collateral (machine.PipsPerUnit).
const (
	lotDecimals = 2
	pipDecimals = 4
)

// peerRun is one pass of the peer book over a stream.
type peerRun struct {
	elapsed time.Duration
	// trades counts the orders that traded on arrival: the book works.
	trades int
}

// runPeer applies prep to a fresh peer book untimed, then times cmds.
func runPeer(prep, cmds []peerCmd) (peerRun, error) {
	ob := peerbook.NewOrderBook()
	for i := range prep {
		if _, err := applyPeer(ob, &prep[i]); err != nil {
			return peerRun{}, fmt.Errorf("bench: the peer book's preparation, order %d: %w", i, err)
		}
	}
	runtime.GC()
	var firstErr error
	trades := 0
	start := time.Now()
	for i := range cmds {
		n, err := applyPeer(ob, &cmds[i])
		if err != nil && firstErr == nil {
			firstErr = fmt.Errorf("bench: the peer book, command %d: %w", i, err)
		}
		if n > 0 {
			trades++
		}
	}
	elapsed := time.Since(start)
	return peerRun{elapsed: elapsed, trades: trades}, firstErr
}

// applyPeer applies one command and returns how many resting orders it
// traded with (the peer lists a partly filled maker as partial, and
// itself last among those done when it filled completely).
func applyPeer(ob *peerbook.OrderBook, c *peerCmd) (int, error) {
	if c.cancel {
		ob.CancelOrder(c.id)
		return 0, nil
	}
	done, partial, _, err := ob.ProcessLimitOrder(c.side, c.id, c.qty, c.price)
	if err != nil {
		return 0, err
	}
	if c.fak {
		ob.CancelOrder(c.id)
	}
	n := len(done)
	if n > 0 && done[n-1].ID() == c.id {
		n-- // the order itself, filled
	}
	if partial != nil && partial.ID() != c.id {
		n++
	}
	return n, nil
}

// errPeerIdle is a peer run in which no order traded: not a working book.
var errPeerIdle = errors.New("bench: no order traded in the peer book")
