// Package chainwatch brings what happens on the chain to the proxy wallets
// into the command log, so the engine stays the one ledger: SafeFactory
// ProxyCreation events become WalletDeployed commands, USDW and
// conditional-token transfers into a proxy wallet become Deposits, transfers
// out of one become WithdrawalObserved (splits and merges made outside the
// exchange are such transfers too: collateral out and both tokens in, or
// the reverse), and every USDW Approval and conditional-token
// ApprovalForAll that names one of the exchanges, of any wallet, becomes a
// CollateralApproval or SharesApproval: the engine refuses orders the
// chain would not let the exchange settle.
//
// It follows blocks a configured number of confirmations behind the head,
// so a reorganisation of the last blocks never reaches the log, and keeps
// its cursor (the next block and the hash of the last one handled) in a
// NATS key-value bucket, written only after the commands of the blocks it
// covers are acknowledged by the log. A crash in between sends them again:
// every command's id is derived from the chain event (transaction hash, log
// index and, for a batch transfer, the element), and the engine applies an
// id once. A reorganisation deeper than the confirmations is detected (the
// handled block's hash changed), logged, counted and rescanned.
//
// Not every transfer is a deposit or a withdrawal. The exchange's own
// settlement (a transaction in which an exchange emitted OrderFilled or
// OrdersMatched) moves balances the engine already moved when it matched,
// and a redemption of resolved positions (PayoutRedemption) pays what the
// engine paid when the market resolved: the transfers of such a
// transaction are skipped. Transfers between addresses that are not proxy
// wallets, and tokens no exchange registered, are ignored with a logged
// reason and counted.
package chainwatch

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
)

// Appender appends a command to the log and returns once the log has
// acknowledged it: pred.dev/proto/runtime/publish's Publisher.
type Appender interface {
	Append(ctx context.Context, cmd *pb.Command) (uint64, error)
}

// Config tunes a Watcher.
type Config struct {
	// Deployment names the contracts watched; its Block is where the
	// watcher starts when it has no cursor (the backfill from the start).
	Deployment *deploy.Deployment
	// Confirmations: a block is handled once this many blocks follow it
	// (0: at once, for a chain that never reorganises).
	Confirmations uint64
	// PollInterval is the wait between looks at the head when caught up.
	PollInterval time.Duration
	// BlockRangeMax bounds the blocks of one eth_getLogs call (endpoints
	// refuse large ranges) and so the commands of one step.
	BlockRangeMax uint64
	// ReorgRewind is how many blocks are scanned again when a handled
	// block turns out to have been replaced.
	ReorgRewind uint64
	// Bucket and Key name the cursor in NATS KV.
	Bucket, Key string
	// Replicas of the bucket: 1 on one node, 3 in a cluster.
	Replicas int
	// Registerer takes the metrics (none if nil).
	Registerer prometheus.Registerer
}

// Defaults of Config.
const (
	DefaultConfirmations = 2
	DefaultPollInterval  = time.Second
	DefaultBlockRangeMax = 2_000
	DefaultReorgRewind   = 64
	DefaultBucket        = journal.SettlerChainwatchBucket
	// LogsMax bounds the logs (so the commands) one step handles; a range
	// with more is halved until it fits or is a single block.
	LogsMax    = 10_000
	DefaultKey = "cursor"
)

// DefaultConfig returns the defaults with the deployment.
func DefaultConfig(d *deploy.Deployment) Config {
	return Config{Deployment: d, Confirmations: DefaultConfirmations, PollInterval: DefaultPollInterval,
		BlockRangeMax: DefaultBlockRangeMax, ReorgRewind: DefaultReorgRewind, Bucket: DefaultBucket, Key: DefaultKey, Replicas: 1}
}

// Cursor is where the watcher stands: the next block to handle and the
// hash of the one before it (zero before the first).
type Cursor struct {
	Next     uint64      `json:"next"`
	LastHash common.Hash `json:"lastHash"`
}

// Watcher follows the chain and appends what it sees to the log.
type Watcher struct {
	cfg   Config
	chain txn.Backend
	log   Appender
	kv    jetstream.KeyValue
	zl    *zap.Logger
	m     *metrics

	cursor Cursor
	rev    uint64
	// mu guards proxies and tokens against readers on other goroutines
	// (the reconciliation); the goroutine that steps writes them and reads
	// them without it.
	mu      sync.RWMutex
	proxies map[common.Address]bool
	tokens  map[common.Hash]bool
	nc      *nats.Conn // the engine's queries
	// cmdFence reads the CMD stream's last sequence from its leader, for
	// a cursor another watcher moved (adopt).
	cmdFence *leaderread.Fence
	// next mirrors cursor.Next for other goroutines (WaitHandled).
	next atomic.Uint64
	// handled is the last block handled and the CMD sequence of the last
	// command appended up to it, for other goroutines (Handled).
	hmu          sync.Mutex
	handledBlock uint64
	handledSeq   uint64
	lastSeq      uint64
}

// Handled returns the last block the watcher handled and the CMD stream
// sequence of the last command it appended for that block or an earlier
// one (0 if none since it started): an engine that has applied the log
// through seq has every deposit and withdrawal the chain holds through
// block. It is safe to call from any goroutine.
func (w *Watcher) Handled() (block, seq uint64) {
	w.hmu.Lock()
	defer w.hmu.Unlock()
	return w.handledBlock, w.handledSeq
}

// StartWaitMax bounds how long New rides out NATS or the chain not
// answering at the start (natscheck.RetryWaitMax: longer than a
// cluster's elections after a node is lost); then New fails, and the
// settler exits for its supervisor to start it again.
const StartWaitMax = natscheck.RetryWaitMax

// startRetryPause spaces New's attempts.
const startRetryPause = 500 * time.Millisecond

// errChainRead marks a failed read of the chain: at the start it is
// retried, as NATS's transient failures are.
var errChainRead = errors.New("reading the chain")

// New opens (or creates) the cursor's bucket and rebuilds the sets of
// proxy wallets and registered tokens from the chain up to the cursor.
// While NATS or the chain does not answer (JetStream electing the
// bucket's leader, a node restarting) it tries again, for at most
// StartWaitMax, logging each failure; a refusal (the bucket at another
// replica count, a cursor it cannot read) fails at once. A settler
// whose watcher failed once at its start used to settle on without it
// (without GET /reconcile) until it stopped.
func New(ctx context.Context, cfg Config, chain txn.Backend, js jetstream.JetStream, appender Appender, zl *zap.Logger) (*Watcher, error) {
	if cfg.Deployment == nil {
		return nil, errors.New("chainwatch: no deployment")
	}
	if cfg.PollInterval <= 0 || cfg.BlockRangeMax == 0 || cfg.Bucket == "" || cfg.Key == "" {
		return nil, fmt.Errorf("chainwatch: incomplete config %+v (start from DefaultConfig)", cfg)
	}
	w := &Watcher{cfg: cfg, chain: chain, log: appender, zl: zl.Named("chainwatch"), m: newMetrics(cfg.Registerer),
		nc: js.Conn(), cmdFence: leaderread.NewFence(js, journal.CommandStream)}
	deadline := time.Now().Add(StartWaitMax)
	for {
		err := w.start(ctx, js)
		if err == nil {
			break
		}
		retryable := natscheck.Transient(err) || errors.Is(err, errChainRead)
		if !retryable || ctx.Err() != nil || time.Now().After(deadline) {
			return nil, err
		}
		w.zl.Warn("cannot start: NATS or the chain does not answer yet; retrying", zap.Error(err),
			zap.Duration("gives_up_after", StartWaitMax))
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(startRetryPause):
		}
	}
	w.zl.Info("started", zap.Uint64("next_block", w.cursor.Next), zap.Int("proxy_wallets", len(w.proxies)),
		zap.Int("tokens", len(w.tokens)), zap.Uint64("confirmations", w.cfg.Confirmations))
	return w, nil
}

// start is one attempt of New: the bucket, the cursor, the wallets and
// tokens up to it.
func (w *Watcher) start(ctx context.Context, js jetstream.JetStream) error {
	kv, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{Bucket: w.cfg.Bucket,
		Description: "the settler's chain watcher cursor", Replicas: max(w.cfg.Replicas, 1)})
	if err != nil {
		return fmt.Errorf("chainwatch: cursor bucket: %w", err)
	}
	w.kv, w.proxies, w.tokens = kv, map[common.Address]bool{}, map[common.Hash]bool{}
	if err := w.loadCursor(ctx); err != nil {
		return err
	}
	if err := w.backfill(ctx, w.cfg.Deployment.Block); err != nil {
		return err
	}
	w.adopt(ctx)
	return nil
}

// WaitHandled returns once the watcher has handled block (its commands
// are in the log, so anything appended after this call is applied after
// them), or when ctx ends. It is safe to call from any goroutine.
func (w *Watcher) WaitHandled(ctx context.Context, block uint64) error {
	for w.next.Load() <= block {
		select {
		case <-ctx.Done():
			return fmt.Errorf("chainwatch: block %d not handled (at %d): %w", block, w.next.Load(), ctx.Err())
		case <-time.After(waitPoll):
		}
	}
	return nil
}

// waitPoll is how often WaitHandled looks at the cursor.
const waitPoll = 10 * time.Millisecond

// Cursor returns where the watcher stands (not safe beside Run).
func (w *Watcher) Cursor() Cursor { return w.cursor }

// IsProxy reports whether addr is a proxy wallet the watcher has seen
// deployed (up to its cursor).
func (w *Watcher) IsProxy(addr common.Address) bool {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.proxies[addr]
}

// Proxies returns the proxy wallets seen deployed, in no particular order.
func (w *Watcher) Proxies() []common.Address {
	w.mu.RLock()
	defer w.mu.RUnlock()
	out := make([]common.Address, 0, len(w.proxies))
	for a := range w.proxies {
		out = append(out, a)
	}
	return out
}

// Tokens returns the token ids the exchanges registered, in no order.
func (w *Watcher) Tokens() []common.Hash {
	w.mu.RLock()
	defer w.mu.RUnlock()
	out := make([]common.Hash, 0, len(w.tokens))
	for t := range w.tokens {
		out = append(out, t)
	}
	return out
}

func (w *Watcher) loadCursor(ctx context.Context) error {
	e, err := w.kv.Get(ctx, w.cfg.Key)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		w.cursor, w.rev = Cursor{Next: w.cfg.Deployment.Block}, 0
		w.next.Store(w.cursor.Next)
		return nil
	case err != nil:
		return fmt.Errorf("chainwatch: read cursor: %w", err)
	}
	if err := json.Unmarshal(e.Value(), &w.cursor); err != nil {
		return fmt.Errorf("chainwatch: cursor %q: %w", e.Value(), err)
	}
	w.rev = e.Revision()
	w.next.Store(w.cursor.Next)
	return nil
}

func (w *Watcher) saveCursor(ctx context.Context, c Cursor) error {
	b, _ := json.Marshal(c)
	var rev uint64
	var err error
	if w.rev == 0 {
		rev, err = w.kv.Create(ctx, w.cfg.Key, b)
	} else {
		// Update at the revision read: two watchers on one cursor would
		// otherwise both advance it; the second fails here, and Run reads
		// the cursor again before its next step (resync).
		rev, err = w.kv.Update(ctx, w.cfg.Key, b, w.rev)
	}
	if errors.Is(err, jetstream.ErrKeyRevisionMismatch) || errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("chainwatch: write cursor: %w: %w", ErrRaced, err)
	}
	if err != nil {
		return fmt.Errorf("chainwatch: write cursor: %w", err)
	}
	w.cursor, w.rev = c, rev
	w.next.Store(c.Next)
	w.m.cursor.Set(float64(c.Next))
	return nil
}

// ErrRaced is the error of a step whose cursor another watcher advanced first: the
// normal state of two settlers, each running a watcher on the same
// cursor (so that the chain is followed while either lives). The loser's
// commands were the winner's too, under the same ids, so the engine
// refuses them as duplicates; the loser reads the cursor again and goes
// on from it. Not an error: counted, logged at debug.
var ErrRaced = errors.New("another watcher advanced the cursor first")

// resync reads the cursor again after a failed step: if another writer
// moved it (a second watcher on the same bucket), this one goes on from
// there, with the wallets and tokens created up to it.
func (w *Watcher) resync(ctx context.Context) error {
	had := w.cursor.Next
	if err := w.loadCursor(ctx); err != nil {
		return err
	}
	if w.cursor.Next > had {
		w.zl.Debug("the cursor moved under this watcher (another one writes it); going on from it",
			zap.Uint64("had", had), zap.Uint64("next_block", w.cursor.Next))
		if err := w.backfill(ctx, had); err != nil {
			return err
		}
		w.adopt(ctx)
	}
	return nil
}

// adopt makes the blocks below a cursor read from the bucket (another
// watcher's work, or this one's before a restart) this watcher's handled
// blocks, for Handled. Whoever wrote the cursor appended the commands of
// those blocks before writing it, so the CMD stream's last sequence, read
// from the stream's leader after the cursor, covers them. Without this,
// a watcher that always lost the race to the other settler's never moved
// its handled block, and the reconciliation of the settler leading with
// it compared at a block that stood still while trades went on settling
// (a cluster run waited on 4 wallets unsettled at block 61 until it gave
// up). A failed read leaves the handled block where it was: Handled
// lags, which the reconciliation reports as unsettled, never as wrong.
func (w *Watcher) adopt(ctx context.Context) {
	if w.cursor.Next == 0 {
		return
	}
	seq, err := w.cmdFence.Seq(ctx)
	if err != nil {
		w.zl.Warn("the log's position for a cursor read from the bucket is unknown; the handled block stays behind it",
			zap.Uint64("next_block", w.cursor.Next), zap.Error(err))
		return
	}
	w.hmu.Lock()
	defer w.hmu.Unlock()
	if block := w.cursor.Next - 1; block > w.handledBlock {
		w.handledBlock, w.handledSeq = block, max(w.handledSeq, seq)
	}
}

// backfill reads the wallets and tokens created in blocks from start up
// to the cursor, in ranges of BlockRangeMax blocks; it appends nothing
// (their commands were appended when those blocks were handled). At a
// start it reads from the deployment's block; after another watcher moved
// the cursor, only the blocks it moved over (read whole each time, that
// cost grew with the chain, every block, with two watchers).
func (w *Watcher) backfill(ctx context.Context, start uint64) error {
	for from := start; from < w.cursor.Next; from += w.cfg.BlockRangeMax {
		to := min(from+w.cfg.BlockRangeMax, w.cursor.Next) - 1
		logs, err := w.chain.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(from),
			ToBlock: new(big.Int).SetUint64(to), Addresses: w.registries(), Topics: [][]common.Hash{{topicProxyCreation, topicTokenRegistered}}})
		if err != nil {
			return fmt.Errorf("chainwatch: backfill %d..%d: %w: %w", from, to, errChainRead, err)
		}
		for i := range logs {
			w.learn(&logs[i])
		}
	}
	return nil
}

// Run follows the chain until ctx ends, stepping at once while behind and
// every PollInterval when caught up. A failing step (the chain or NATS
// down) is logged, counted and retried after PollInterval; nothing is
// skipped.
func (w *Watcher) Run(ctx context.Context) error {
	for {
		caughtUp, err := w.Step(ctx)
		if ctx.Err() != nil {
			return nil
		}
		switch {
		case errors.Is(err, ErrRaced):
			w.m.raced.Inc()
			w.zl.Debug("step raced; reading the cursor again", zap.Error(err), zap.Uint64("next_block", w.cursor.Next))
		case err != nil:
			w.m.errors.Inc()
			w.zl.Warn("step failed; retrying", zap.Error(err), zap.Uint64("next_block", w.cursor.Next))
		}
		if err != nil {
			if err := w.resync(ctx); err != nil && ctx.Err() == nil {
				w.zl.Warn("reading the cursor again failed; retrying", zap.Error(err))
			}
		}
		if caughtUp || err != nil {
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(w.cfg.PollInterval):
			}
		}
	}
}

// Step handles the next range of confirmed blocks, at most BlockRangeMax,
// and reports whether it has caught up with the confirmed head.
func (w *Watcher) Step(ctx context.Context) (caughtUp bool, err error) {
	head, err := w.chain.BlockNumber(ctx)
	if err != nil {
		return false, fmt.Errorf("head: %w", err)
	}
	w.m.head.Set(float64(head))
	if head < w.cfg.Confirmations {
		return true, nil
	}
	safe := head - w.cfg.Confirmations
	if err := w.checkReorg(ctx); err != nil {
		return false, err
	}
	from := w.cursor.Next
	if from > safe {
		return true, nil
	}
	to := min(safe, from+w.cfg.BlockRangeMax-1)
	var logs []types.Log
	for {
		logs, err = w.chain.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(from),
			ToBlock: new(big.Int).SetUint64(to), Addresses: w.watched(), Topics: [][]common.Hash{watchedTopics}})
		if err != nil {
			return false, fmt.Errorf("logs %d..%d: %w", from, to, err)
		}
		// A busy range is read again in halves, so that one step holds at
		// most LogsMax logs (and their commands) unless one block alone
		// has more.
		if len(logs) <= LogsMax || to == from {
			break
		}
		to = from + (to-from)/2
	}
	last, err := w.chain.HeaderByNumber(ctx, new(big.Int).SetUint64(to))
	if err != nil {
		return false, fmt.Errorf("header %d: %w", to, err)
	}
	cmds, err := w.commands(ctx, logs)
	if err != nil {
		return false, err
	}
	for _, c := range cmds {
		seq, err := w.log.Append(ctx, c.cmd)
		if err != nil {
			return false, fmt.Errorf("append %s: %w", c.what, err)
		}
		w.lastSeq = max(w.lastSeq, seq)
		w.m.commands.WithLabelValues(c.what).Inc()
	}
	if err := w.saveCursor(ctx, Cursor{Next: to + 1, LastHash: last.Hash()}); err != nil {
		return false, err
	}
	w.hmu.Lock()
	w.handledBlock, w.handledSeq = to, w.lastSeq
	w.hmu.Unlock()
	if len(cmds) > 0 {
		w.zl.Debug("blocks handled", zap.Uint64("from", from), zap.Uint64("to", to), zap.Int("commands", len(cmds)))
	}
	return to == safe, nil
}

// checkReorg compares the last handled block's hash with the chain's. The
// confirmations make a difference rare; when there is one, blocks were
// replaced after they were handled: their commands are in the log already
// (a transfer that no longer exists stays credited, which the
// reconciliation check reports), and the blocks are scanned again, so that
// what the new ones hold is appended (what both hold is refused by the
// engine as a duplicate id).
func (w *Watcher) checkReorg(ctx context.Context) error {
	if w.cursor.LastHash == (common.Hash{}) || w.cursor.Next == 0 {
		return nil
	}
	h, err := w.chain.HeaderByNumber(ctx, new(big.Int).SetUint64(w.cursor.Next-1))
	if err != nil {
		return fmt.Errorf("header %d: %w", w.cursor.Next-1, err)
	}
	if h.Hash() == w.cursor.LastHash {
		return nil
	}
	back := min(w.cfg.ReorgRewind, w.cursor.Next-w.cfg.Deployment.Block)
	w.m.reorgs.Inc()
	w.zl.Error("a handled block was replaced: a reorganisation deeper than the confirmations; scanning again",
		zap.Uint64("block", w.cursor.Next-1), zap.Stringer("had", w.cursor.LastHash), zap.Stringer("now", h.Hash()),
		zap.Uint64("rewind_blocks", back), zap.Uint64("confirmations", w.cfg.Confirmations))
	return w.saveCursor(ctx, Cursor{Next: w.cursor.Next - back})
}

// EventID is the command id of a chain event: keccak256 of the
// transaction hash, the log index and the element of a batch transfer
// (with a tag for the side, since one transfer between two proxy wallets
// is a withdrawal of one and a deposit of the other).
func EventID(tx common.Hash, logIndex uint, elem int, side byte) []byte {
	var b [32 + 8 + 8 + 1]byte
	copy(b[:32], tx[:])
	binary.BigEndian.PutUint64(b[32:], uint64(logIndex))
	binary.BigEndian.PutUint64(b[40:], uint64(elem))
	b[48] = side
	return crypto.Keccak256(b[:])
}

// DepositID is the command id of the deposit of a USDW transfer (not a
// batch) into a proxy wallet: what the watcher appends for it. A devnet
// faucet that credits the engine itself uses it, so the two are one.
func DepositID(tx common.Hash, logIndex uint) []byte { return EventID(tx, logIndex, 0, 'i') }

// watched are the contracts whose logs are read.
func (w *Watcher) watched() []common.Address {
	c := w.cfg.Deployment.Contracts
	return []common.Address{c.SafeFactory, c.Collateral, c.ConditionalTokens, c.Exchange, c.NegRiskExchange}
}

// registries are the contracts that create wallets and register tokens.
func (w *Watcher) registries() []common.Address {
	c := w.cfg.Deployment.Contracts
	return []common.Address{c.SafeFactory, c.Exchange, c.NegRiskExchange}
}

// errAmount marks a transfer too large for the ledger's 64-bit amounts.
var errAmount = errors.New("amount above 2^63")

func amount64(v *big.Int) (uint64, error) {
	if !v.IsInt64() || v.Sign() < 0 {
		return 0, errAmount
	}
	return v.Uint64(), nil
}
