package chaos

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/scripts/devnet"
)

// The cluster run's load: pairs of traders, each a proxy wallet onboarded
// through the Relayer API and funded by the faucet as a user would
// (cluster.NewTraders), cross one-share orders through the load
// balancer with the Go SDK, a YES bid at 0.40 against a NO bid at 0.60
// (a MINT trade each, which settles on chain). Every POST /order is one
// fresh signed order, sent once: its outcome is recorded, not retried,
// so that a fault shows as the orders it refused or delayed.

// The load's orders.
const (
	// yesPrice and noPrice make every pair of orders cross.
	yesPrice, noPrice = "0.40", "0.60"
	// orderTimeout bounds one POST /order.
	orderTimeout = 30 * time.Second
	// placeRetries is how often an order whose outcome the client never
	// learned is sent again, retryPause apart.
	placeRetries = 2
	retryPause   = 500 * time.Millisecond
)

// traderFundsUSDW is each trader's faucet credit: far more than the
// orders of a run lock.
const traderFundsUSDW = "100000"

// loadTrader is one trader of the load.
type loadTrader struct {
	c *client.Client
	// id names the trader in the history.
	id   int
	hist *history
}

// orderRecord is one POST /order of the load.
type orderRecord struct {
	// Sent and Done bound the request; ID is the order's EIP-712 hash,
	// which is also its command's id in the log.
	Sent, Done time.Time
	ID         common.Hash
	// Accepted: the API answered success; Err is why not.
	Accepted bool
	Err      string
}

// recorder keeps every order's record, safe for the load's goroutines.
type recorder struct{ timeline[orderRecord] }

func (r orderRecord) at() time.Time { return r.Sent }

// acceptedSince reports whether an order sent at or after t was accepted.
func (r *recorder) acceptedSince(t time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.items) - 1; i >= 0; i-- {
		if rec := r.items[i]; rec.Accepted && !rec.Sent.Before(t) {
			return true
		}
	}
	return false
}

// runLoad has each pair of traders cross orders on market m, each
// trader waiting pause between its orders, until ctx ends.
func runLoad(ctx context.Context, traders []*loadTrader, m devnet.Market, pause time.Duration, rec *recorder) {
	size := strconv.FormatUint(max(m.MinSize/1_000_000, 1), 10)
	var wg sync.WaitGroup
	for i, t := range traders {
		token, price := m.YesTokenID(), yesPrice
		if i%2 == 1 {
			token, price = m.NoTokenID(), noPrice
		}
		args := client.OrderArgs{TokenID: token, Side: "BUY", Price: price, Size: size, FeeRateBps: m.FeeRateBps, NegRisk: m.NegRisk}
		wg.Go(func() {
			for n := 0; ctx.Err() == nil; n++ {
				o := t.place(ctx, args)
				rec.add(o)
				t.followUp(ctx, o, n%2 == 1)
				select {
				case <-ctx.Done():
				case <-time.After(pause):
				}
			}
		})
	}
	wg.Wait()
}

// place signs a fresh order and posts it once.
func (t *loadTrader) place(ctx context.Context, a client.OrderArgs) orderRecord {
	req, id, err := t.c.BuildOrder(a)
	if err != nil {
		return orderRecord{Sent: time.Now(), Done: time.Now(), Err: err.Error()}
	}
	rec := orderRecord{Sent: time.Now(), ID: common.HexToHash(id)}
	// The order is sent even as the load stops (not ctx): an order cut
	// off by the end of the run is not a fault's.
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer cancel()
	resp, err := t.c.PostOrder(pctx, req)
	rec.Done = time.Now()
	out := placeOutcome(resp, err)
	t.hist.add(histOp{Client: t.id, Kind: opPlace, Order: rec.ID, Call: rec.Sent, Return: rec.Done,
		Out: out, Err: errString(err)})
	// A client that never learned the outcome sends the same signed
	// order again, as the API's message tells it to after polling: the
	// exchange must place it once. The retries are in the history only;
	// the fault's figures count the first try.
	for try := 0; out == outUnknown && try < placeRetries; try++ {
		if sleep(ctx, retryPause) != nil {
			break
		}
		out = t.retry(ctx, req, rec.ID)
	}
	switch {
	case err != nil:
		rec.Err = err.Error()
	case !resp.Success:
		rec.Err = "success false: " + resp.ErrorMsg
	default:
		rec.Accepted = true
	}
	return rec
}

// retry posts the signed order req again and records the answer.
func (t *loadTrader) retry(ctx context.Context, req *clobapi.PostOrderRequest, id common.Hash) outcome {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer cancel()
	call := time.Now()
	resp, err := t.c.PostOrder(rctx, req)
	out := placeOutcome(resp, err)
	t.hist.add(histOp{Client: t.id, Kind: opPlace, Order: id, Call: call, Return: time.Now(), Out: out, Err: errString(err)})
	return out
}

// followUp reads the order just placed and, if cancel, cancels it and
// reads it again: the cancel races the partner's crossing order, so some
// cancel a live order and some find it matched.
func (t *loadTrader) followUp(ctx context.Context, o orderRecord, cancel bool) {
	if o.ID == (common.Hash{}) {
		return
	}
	t.read(ctx, o.ID)
	if !cancel {
		return
	}
	t.cancel(ctx, o.ID)
	t.read(ctx, o.ID)
}

// read records one GET /order/{id}.
func (t *loadTrader) read(ctx context.Context, id common.Hash) {
	op := histOp{Client: t.id, Kind: opRead, Order: id, Call: time.Now()}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer cancel()
	o, err := t.c.GetOrder(rctx, id.Hex())
	op.Return = time.Now()
	readOutcome(&op, o, err)
	t.hist.add(op)
}

// cancel records one DELETE /order.
func (t *loadTrader) cancel(ctx context.Context, id common.Hash) {
	op := histOp{Client: t.id, Kind: opCancel, Order: id, Call: time.Now()}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer cancel()
	resp, err := t.c.CancelOrder(cctx, id.Hex())
	op.Return = time.Now()
	op.Out, op.Err = cancelOutcome(resp, err, id), errString(err)
	t.hist.add(op)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
