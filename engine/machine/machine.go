// Package machine is the matching engine's pure core: a deterministic state
// machine over markets, order books, orders and the ledger.
//
// Apply takes one command and appends the events it causes. The package
// does no I/O, reads no clock, draws no randomness and starts no goroutine:
// time arrives in each command, and the same commands in the same order
// always give the same events and the same StateHash. The engine's shell
// feeds it from the command log, persists what Changes reports and
// publishes the events. A test fails if this package imports anything that
// could break that promise or ranges over a map, whose order is random.
// Built with the pred_invariants tag (make test does), Apply checks every
// invariant after every command (CheckInvariants).
package machine

import (
	"pred.dev/engine/book"
	"pred.dev/proto/rules"
)

// Config holds the rules that are not part of any command. Every engine
// replaying a log must use the same Config, or their states diverge.
type Config struct {
	// FeeAccount receives every taker fee.
	FeeAccount Address
	// HeartbeatTimeoutMs is how long an API key that started heartbeats may
	// stay silent before its orders are cancelled on the next tick.
	HeartbeatTimeoutMs int64
	// FeeRateMaxBps is the highest fee rate an order may sign
	// (rules.FeeRateMaxBps in production).
	FeeRateMaxBps uint32
	// GroupsMax bounds the order groups of one account.
	GroupsMax int
	// CancelListMax bounds the ids of one cancel-list command
	// (rules.CancelOrdersMax in production).
	CancelListMax int
	// CreditMax bounds a single deposit or faucet credit, in base units.
	CreditMax uint64
	// OrderSlots and IDsCapacity size the order pool and the set of seen
	// order ids up front, so that a warm engine never allocates for them.
	OrderSlots       int
	IDsCapacity      int
	AccountsCapacity int
	// IDSetSeed scatters ids and addresses in the engine's hash tables.
	// The shell passes a random value so clients cannot aim keys at one
	// probe chain; it changes performance only, never results.
	IDSetSeed uint64
	// ReferenceBook gives every market the naive reference book instead of
	// the ladder; tests run both in lockstep.
	ReferenceBook bool
}

// GroupsMaxDefault is the production bound on an account's order groups.
const GroupsMaxDefault = 32

// DefaultConfig returns the production rules.
func DefaultConfig() Config {
	return Config{
		HeartbeatTimeoutMs: 10_000,
		FeeRateMaxBps:      rules.FeeRateMaxBps,
		CancelListMax:      rules.CancelOrdersMax,
		GroupsMax:          GroupsMaxDefault,
		CreditMax:          1_000_000_000 * UnitsPerShare,
		OrderSlots:         1 << 12,
		IDsCapacity:        1 << 14,
		AccountsCapacity:   1 << 10,
	}
}

// Machine is the engine's whole state. It is not safe for concurrent use:
// one goroutine applies commands, and readers get copies from the shell.
type Machine struct {
	cfg Config

	nowMs        int64
	nextOrderSeq uint64
	nextTradeID  uint64
	// creditedUnits and withdrawnUnits count collateral that entered and
	// left the exchange, for the conservation invariant.
	creditedUnits  uint64
	withdrawnUnits uint64

	markets   []market
	marketIdx map[Hash]int32
	tokens    index32 // token id -> market<<1 | outcome

	accounts   []account
	accountIdx index32
	positions  []position
	positionAt index16 // account<<32 | asset -> position
	feeAccount int32

	owners   []owner
	ownerIdx map[KeyID]int32
	// beating lists, by owner index, the owners whose dead-man switch runs.
	beating []int32

	// tradeFloor and trades remember each trade's settlement status and
	// fill with memory bounded by the trades in flight: every trade below
	// tradeFloor has a final status, and trades[i] is trade tradeFloor+i
	// (see tradestatus.go).
	tradeFloor uint64
	trades     []tradeEntry

	pool    *book.Pool[order]
	free    []int32
	live    index16 // order id -> slot of resting orders
	expiry  expiryHeap
	seen    idSet
	seenSum [2]uint64

	// Per-command scratch: the events being appended to, the positions
	// touched and the book levels changed, whose final values are emitted
	// once at the end.
	out     []Event
	touched []int32
	levels  []levelNote
	epoch   uint32

	changes changeSet
	// tripped lists the order groups that reached their limit in this
	// command, whose orders go when its matching is done.
	tripped []trippedGroup

	// booksBefore holds every book level before the command, for the
	// check of its BookChanged events (pred_invariants only).
	booksBefore []levelNote
}

type tokenRef struct {
	market  int32
	outcome uint8 // 0 YES, 1 NO
}

func (m *Machine) token(id Hash) (tokenRef, bool) {
	v, ok := m.tokens.get(hashKey(&id))
	return tokenRef{market: v >> 1, outcome: uint8(v & 1)}, ok
}

func (m *Machine) addTokens(i int32, tokens [2]Hash) {
	m.tokens.put(hashKey(&tokens[0]), i<<1)
	m.tokens.put(hashKey(&tokens[1]), i<<1|1)
}

// New returns an empty machine.
func New(cfg Config) *Machine {
	m := &Machine{
		cfg:          cfg,
		nextOrderSeq: 1,
		nextTradeID:  1,
		tradeFloor:   1,
		marketIdx:    map[Hash]int32{},
		tokens:       newIndex32(64, cfg.IDSetSeed),
		accountIdx:   newIndex32(cfg.AccountsCapacity, cfg.IDSetSeed),
		positionAt:   newIndex16(4*cfg.AccountsCapacity, cfg.IDSetSeed),
		ownerIdx:     map[KeyID]int32{},
		pool:         book.NewPool[order](cfg.OrderSlots),
		free:         make([]int32, 0, cfg.OrderSlots),
		live:         newIndex16(cfg.OrderSlots, cfg.IDSetSeed),
		expiry:       expiryHeap{slots: make([]int32, 0, 64)},
		seen:         newIDSet(cfg.IDsCapacity, cfg.IDSetSeed),
		touched:      make([]int32, 0, 64),
		levels:       make([]levelNote, 0, 64),
		changes:      newChangeSet(),
	}
	m.feeAccount = m.accountFor(cfg.FeeAccount)
	return m
}

// Config returns the rules the machine runs with.
func (m *Machine) Config() Config { return m.cfg }

// NowMs returns engine time: the latest command time applied.
func (m *Machine) NowMs() int64 { return m.nowMs }

// Apply applies one command and appends its events to out.
func (m *Machine) Apply(c *Command, out []Event) []Event {
	first := len(out)
	if invariantsOn {
		m.booksBefore = m.appendBookLevels(m.booksBefore[:0])
	}
	m.out = out
	m.epoch++
	m.touched = m.touched[:0]
	m.levels = m.levels[:0]
	if c.TimeMs > m.nowMs {
		m.nowMs = c.TimeMs
	}
	// A GTD order is gone from the moment engine time reaches its
	// expiration: before any command at or after that time applies, so that
	// nothing trades with it, cancels it or clears it once it has expired.
	// Tick commands carry engine time forward when nothing else arrives.
	m.expireOrders()
	m.dispatch(c)
	m.emitBalances()
	m.emitBookChanges()
	out = m.out
	m.out = nil
	if invariantsOn {
		m.mustHoldInvariants(c, out[first:])
	}
	return out
}

// argKinds are the commands that read Command.Args.
const argKinds = 1<<KindCancelMarket | 1<<KindCreateMarket | 1<<KindConfigureMarket |
	1<<KindHaltMarket | 1<<KindResumeMarket | 1<<KindClearMarket | 1<<KindCloseMarket |
	1<<KindResolveMarket | 1<<KindSetTradeStatus | 1<<KindCollateralApproval | 1<<KindSharesApproval |
	1<<KindSetGroup | 1<<KindResetGroup | 1<<KindDeleteGroup

func (m *Machine) dispatch(c *Command) {
	if c.Kind < 32 && argKinds&(1<<c.Kind) != 0 && c.Args == nil {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	switch c.Kind {
	case KindPlace:
		m.place(c)
	case KindCancel:
		m.cancelOne(c)
	case KindCancelList:
		m.cancelList(c)
	case KindCancelMarket:
		m.cancelMarket(c)
	case KindCancelAll:
		m.cancelAll(c)
	case KindHeartbeat:
		m.heartbeat(c)
	case KindTick:
		m.tick()
	case KindCreateMarket:
		m.createMarket(c)
	case KindConfigureMarket:
		m.configureMarket(c)
	case KindHaltMarket, KindResumeMarket, KindClearMarket, KindCloseMarket:
		m.marketLifecycle(c)
	case KindResolveMarket:
		m.resolveMarket(c)
	case KindDeposit, KindFaucet:
		m.credit(c)
	case KindWithdraw:
		m.withdraw(c)
	case KindSetTradeStatus:
		m.setTradeStatus(c)
	case KindWalletDeployed:
		m.walletDeployed(c)
	case KindWithdrawalObserved:
		m.withdrawalObserved(c)
	case KindWithdrawalReleased:
		m.withdrawalReleased(c)
	case KindCollateralApproval, KindSharesApproval:
		m.approve(c)
	case KindDecrease:
		m.decrease(c)
	case KindReplace:
		m.replace(c)
	case KindSetGroup:
		m.setGroup(c)
	case KindResetGroup:
		m.resetGroup(c)
	case KindDeleteGroup:
		m.deleteGroup(c)
	default:
		m.rejectCommand(ReasonInvalidCommand)
	}
}

// newBook builds a market's book.
func (m *Machine) newBook(ticks int32) book.Book {
	if m.cfg.ReferenceBook {
		return book.NewReference(ticks)
	}
	return book.NewLadder(ticks, m.pool)
}

// emit appends a zeroed event of kind k and returns it for filling in.
func (m *Machine) emit(k EventKind) *Event {
	n := len(m.out)
	if n < cap(m.out) {
		m.out = m.out[:n+1]
		m.out[n] = Event{}
	} else {
		m.out = append(m.out, Event{})
	}
	e := &m.out[n]
	e.Kind = k
	e.Market, e.Account, e.MakerAccount, e.Owner, e.Asset = -1, -1, -1, -1, -1
	return e
}

func (m *Machine) rejectOrder(id Hash, r Reason) {
	e := m.emit(EvOrderRejected)
	e.OrderID = id
	e.Reason = r
}

func (m *Machine) rejectCommand(r Reason) {
	m.emit(EvCommandRejected).Reason = r
}
