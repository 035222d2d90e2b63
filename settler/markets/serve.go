package markets

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/lease"
)

// RequestMax bounds one request's chain work, whatever deadline it
// carries: a market's two transactions, or the faucet's three, mined.
const RequestMax = 2 * time.Minute

// subscribeWaitMax bounds the wait for the server to have the
// subscriptions of a term.
const subscribeWaitMax = 5 * time.Second

// campaignPause is the wait after a lost term before campaigning again.
const campaignPause = 100 * time.Millisecond

// LeaseConfig is the markets service's lease: of several settlers, the
// holder serves.
type LeaseConfig struct {
	// TTL: a dead holder is replaced this long after its last renewal.
	TTL time.Duration
	// Holder is this process's name in the lease.
	Holder string
	// Replicas of the lease's bucket (1 single node, 3 cluster).
	Replicas int
}

// Serve answers the markets subjects on nc whenever this process holds
// the lease (in its own bucket on nc's JetStream), until ctx ends: it
// subscribes when it takes the lease, with a fresh sender at the chain's
// pending nonce, and unsubscribes, ending the requests in flight, when it
// loses it; a request while nobody holds it finds no responder
// (SETTLER_UNAVAILABLE at the caller).
func (m *Markets) Serve(ctx context.Context, nc *nats.Conn, lc LeaseConfig, log *zap.Logger) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	l, err := lease.Open(ctx, js, lease.Config{Bucket: journal.SettlerMarketsLeaseBucket, Key: journal.SettlerMarketsLeaseKey,
		Holder: lc.Holder, TTL: lc.TTL, Replicas: lc.Replicas, Logger: log.Named("lease")})
	if err != nil {
		return fmt.Errorf("markets: %w", err)
	}
	return lease.Campaign(ctx, l, "markets", func(ctx context.Context) error { return m.term(ctx, nc, log) }, nil, log, campaignPause)
}

// term serves while ctx lasts: one term of the lease.
func (m *Markets) term(ctx context.Context, nc *nats.Conn, log *zap.Logger) error {
	if err := m.begin(ctx); err != nil {
		return err
	}
	var inflight sync.WaitGroup
	handle := func(h handler) nats.MsgHandler {
		return func(msg *nats.Msg) {
			inflight.Add(1)
			go func() {
				defer inflight.Done()
				m.answer(ctx, msg, h, log)
			}()
		}
	}
	var subs []*nats.Subscription
	defer func() {
		for _, s := range subs {
			_ = s.Unsubscribe()
		}
		inflight.Wait()
	}()
	for subject, h := range map[string]handler{
		journal.SettlerPrepareMarketSubject: m.servePrepare,
		journal.SettlerReportPayoutsSubject: m.serveReport,
		journal.SettlerFundSubject:          m.serveFund,
	} {
		s, err := nc.Subscribe(subject, handle(h))
		if err != nil {
			return fmt.Errorf("markets: subscribe %s: %w", subject, err)
		}
		subs = append(subs, s)
	}
	// The subscriptions reach the server before the service says it serves.
	if err := nc.FlushTimeout(subscribeWaitMax); err != nil {
		return fmt.Errorf("markets: subscribing: %w", err)
	}
	log.Info("serving the markets' chain side", zap.String("oracle", m.oracle.Hex()), zap.Bool("faucet", m.cfg.Faucet))
	m.serving.Store(true)
	defer m.serving.Store(false)
	<-ctx.Done()
	return nil
}

// Serving says whether this process answers the markets subjects now.
func (m *Markets) Serving() bool { return m.serving.Load() }

// handler serves one request's payload within ctx and returns the
// encoded response.
type handler func(ctx context.Context, data []byte) []byte

// answer runs h within the request's deadline and the term.
func (m *Markets) answer(term context.Context, msg *nats.Msg, h handler, log *zap.Logger) {
	ctx, cancel := context.WithTimeout(term, RequestMax)
	defer cancel()
	out := h(ctx, msg.Data)
	if err := msg.Respond(out); err != nil && !errors.Is(err, nats.ErrMsgNoReply) {
		log.Warn("markets: answering a request", zap.String("subject", msg.Subject), zap.Error(err))
	}
}

// withDeadline narrows ctx to a request's deadline, Unix milliseconds
// (0: none).
func withDeadline(ctx context.Context, unixMs int64) (context.Context, context.CancelFunc) {
	if unixMs <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, time.UnixMilli(unixMs))
}

// servingPoll is how often WaitServing looks.
const servingPoll = 10 * time.Millisecond

// WaitServing returns once this process serves, or with ctx's error: for
// a process that serves beside its own callers (the devnet lists its demo
// markets right after the start).
func (m *Markets) WaitServing(ctx context.Context) error {
	t := time.NewTicker(servingPoll)
	defer t.Stop()
	for !m.Serving() {
		select {
		case <-ctx.Done():
			return context.Cause(ctx)
		case <-t.C:
		}
	}
	return nil
}
