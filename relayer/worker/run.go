package worker

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/runtime/follow"
	"pred.dev/relayer/onchain"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
)

// Errors that end a run.
var (
	// ErrFenced: another worker wrote a nonce record this one meant to
	// write; this one stops and campaigns again.
	ErrFenced = errors.New("worker: another worker holds the hot key")
	// ErrCrashed: a test's Crash hook stopped the worker.
	ErrCrashed = errors.New("worker: crashed (test)")
)

// Worker is the transaction worker. Run it with Run (under a lease, see
// Campaign); it is not safe to run twice at once.
type Worker struct {
	cfg     Config
	st      *store.Store
	chain   onchain.Chain
	b       onchain.Backend
	log     *zap.Logger
	m       *Metrics
	hot     common.Address
	signer  types.Signer
	chainID *big.Int

	feeMu           sync.Mutex
	feeBase, feeTip *big.Int
	feeAt           time.Time
}

// New returns a worker paying with cfg.HotKey on chain b.
func New(cfg Config, st *store.Store, b onchain.Backend, m *Metrics, log *zap.Logger) (*Worker, error) {
	if cfg.HotKey == nil {
		return nil, errors.New("worker: no hot key")
	}
	cfg = cfg.withDefaults()
	if log == nil {
		log = zap.NewNop()
	}
	if m == nil {
		m = NewMetrics(nil)
	}
	id := new(big.Int).SetUint64(cfg.Env.ChainID)
	return &Worker{cfg: cfg, st: st, chain: onchain.Chain{B: b}, b: b, log: log, m: m,
		hot: crypto.PubkeyToAddress(cfg.HotKey.PublicKey), signer: types.LatestSignerForChainID(id), chainID: id}, nil
}

// HotAddress is the hot key's address.
func (w *Worker) HotAddress() common.Address { return w.hot }

// item is a queued submission the worker has read.
type item struct {
	seq   uint64
	sub   *store.Submission
	req   *request.Request
	retry time.Time
}

// flight is a hot-key nonce not yet final.
type flight struct {
	n   *store.Nonce
	rev uint64
	sub *store.Submission
	// state is what the worker knows; written what the record says.
	state   relayerapi.State
	written relayerapi.State
	hash    common.Hash // the attempt shown (mined, or the latest)
	block   uint64
	bhash   common.Hash
	reason  string
	wallet  common.Address
	sent    bool // the node took an attempt since this run began
	sentAt  time.Time
	misses  int
	mined   time.Time
	// reorgs counts the times a block that held it left the chain.
	reorgs uint32
	// dirty: the record lags what the worker knows.
	dirty bool
}

// run is one run's state, owned by its goroutine.
type run struct {
	w         *Worker
	next      uint64
	flights   map[uint64]*flight
	byTx      map[string]uint64
	busy      map[common.Address]uint64
	held      map[common.Address][]*item
	undecided map[uint64]bool
	retries   []*item
	lastSeq   uint64
	cursor    uint64
	cursorAt  time.Time
}

// Run works until ctx ends (nil), another worker is found writing (ErrFenced)
// or the store or the queue fails.
func (w *Worker) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := w.newRun()
	if err := r.recover(ctx); err != nil {
		return err
	}
	msgs, ferr, err := r.follow(ctx)
	if err != nil {
		return err
	}
	w.m.leader.Set(1)
	defer w.m.leader.Set(0)
	return r.loop(ctx, msgs, ferr)
}

func (w *Worker) newRun() *run {
	return &run{w: w, flights: map[uint64]*flight{}, byTx: map[string]uint64{}, busy: map[common.Address]uint64{},
		held: map[common.Address][]*item{}, undecided: map[uint64]bool{}}
}

// follow reads the queue from the cursor on: its messages come on msgs,
// and its end on the error channel.
func (r *run) follow(ctx context.Context) (<-chan jetstream.Msg, <-chan error, error) {
	msgs := make(chan jetstream.Msg)
	fol, err := follow.New(ctx, r.w.st.JetStream(), store.SubmitStream, follow.Options{Start: follow.FromSeq(r.cursor), PullMax: 256})
	if err != nil {
		return nil, nil, err
	}
	ferr := make(chan error, 1)
	go func() {
		ferr <- fol.Run(ctx, func(m jetstream.Msg) error {
			select {
			case msgs <- m:
				return nil
			case <-ctx.Done():
				return follow.ErrStop
			}
		})
	}()
	return msgs, ferr, nil
}

// loop takes queue messages while fewer than MaxInFlight are in flight,
// and looks at the chain every Poll.
func (r *run) loop(ctx context.Context, msgs <-chan jetstream.Msg, ferr <-chan error) error {
	w := r.w
	tick := time.NewTicker(w.cfg.Poll)
	defer tick.Stop()
	for {
		var in <-chan jetstream.Msg
		if len(r.flights) < w.cfg.MaxInFlight {
			in = msgs
		}
		var err error
		select {
		case <-ctx.Done():
			r.saveCursor(context.Background(), true)
			return nil
		case err = <-ferr:
			if err == nil && ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("worker: following the queue: %w", err)
		case m := <-in:
			err = r.receive(ctx, m)
		case <-tick.C:
			err = r.track(ctx)
		}
		if err != nil {
			return err
		}
	}
}
