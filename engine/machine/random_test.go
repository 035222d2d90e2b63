package machine_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"pred.dev/engine/machine"
)

// source is where a workload draws its choices: a seeded generator for
// the randomized tests, the fuzzer's bytes for the fuzz target.
type source interface {
	IntN(n int) int
}

type byteSource struct{ b []byte }

func (s *byteSource) IntN(n int) int {
	if len(s.b) < 2 {
		return 0
	}
	v := int(binary.LittleEndian.Uint16(s.b))
	s.b = s.b[2:]
	return v % n
}

func (s *byteSource) done() bool { return len(s.b) < 2 }

// workload generates commands of every kind over a few markets and
// accounts, valid and invalid, with prices near a drifting mid so books
// fill and cross. It learns order ids from the events it is shown.
type workload struct {
	src source
	// aux is where the market makers' tools and the orders' request
	// options draw: src itself, or a second generator (TestRandomLockstep).
	aux      source
	nowMs    int64
	n        uint64
	markets  []wmarket
	accounts []machine.Address
	keys     []machine.KeyID
	ids      []machine.Hash
	// makers holds the maker of each order in ids.
	makers []machine.Address
	trades uint64
	// settling is where the workload's settler is in the trade ids.
	settling uint64
	// approved counts the approvals of the set-up: every account approves
	// both exchanges for USDW (unlimited) and shares.
	approved int
	// owed lists debts seen and not repaid yet: a wallet in debt trades
	// no more, so the workload has it pay back soon after.
	owed []machine.Command
}

type wmarket struct {
	id       machine.Hash
	tokens   [2]machine.Hash
	tickPips uint64
	fee      uint32
	mid      int // YES pips
	negRisk  bool
}

func newWorkload(src source) *workload {
	w := &workload{src: src, aux: src}
	for i := range 6 {
		var a machine.Address
		a[0], a[19] = 0xa0, byte(i)
		w.accounts = append(w.accounts, a)
	}
	for i := range 3 {
		var k machine.KeyID
		k[0], k[15] = 0xbe, byte(i+1)
		w.keys = append(w.keys, k)
	}
	return w
}

func (w *workload) hash(tag byte) machine.Hash {
	w.n++
	var h machine.Hash
	h[0] = tag
	binary.BigEndian.PutUint64(h[1:], w.n)
	binary.BigEndian.PutUint64(h[9:], w.n*0x9e3779b97f4a7c15)
	return h
}

func (w *workload) pick(weights ...int) int {
	total := 0
	for _, x := range weights {
		total += x
	}
	r := w.src.IntN(total)
	for i, x := range weights {
		if r < x {
			return i
		}
		r -= x
	}
	return 0
}

// next returns the next command. The first ones create markets and fund
// accounts so the rest has something to work on.
func (w *workload) next() machine.Command {
	w.nowMs += int64(w.src.IntN(400))
	var c machine.Command
	switch {
	case len(w.markets) < 2:
		c = w.createMarket()
	case w.n < 20:
		c = w.credit(machine.KindFaucet)
	case len(w.owed) > 0 && w.src.IntN(5) == 0:
		c = w.owed[0]
		w.owed = w.owed[1:]
	case w.approved < 4*len(w.accounts):
		i := w.approved
		w.approved++
		c = machine.Command{Kind: machine.KindCollateralApproval, ID: w.hash(7), Account: w.accounts[i/4],
			Args: &machine.Args{Exchange: machine.Exchange(1 + i%2), Approved: true}}
		if i%4 >= 2 {
			c.Kind = machine.KindSharesApproval
		}
	default:
		c = w.any()
	}
	c.TimeMs = w.nowMs
	return c
}

func (w *workload) any() machine.Command {
	if w.aux.IntN(100) < 10 {
		return w.withAux(w.tool)
	}
	switch w.pick(55, 12, 3, 2, 1, 3, 6, 3, 2, 1, 2, 1, 1, 1, 4, 1, 1, 3, 1, 1, 2, 5) {
	case 0:
		return w.place()
	case 1:
		return w.cancel(1)
	case 2:
		return w.cancel(1 + w.src.IntN(5))
	case 3:
		return w.cancelMarket()
	case 4:
		return machine.Command{Kind: machine.KindCancelAll, ID: w.hash(9), Account: w.account()}
	case 5:
		return machine.Command{Kind: machine.KindHeartbeat, ID: w.hash(9), Owner: w.keys[w.src.IntN(len(w.keys))]}
	case 6:
		w.nowMs += int64(w.src.IntN(15_000))
		return machine.Command{Kind: machine.KindTick, ID: w.hash(9)}
	case 7:
		return w.credit(machine.KindDeposit)
	case 8:
		return w.money(machine.KindWithdraw)
	case 9:
		return w.credit(machine.KindFaucet)
	case 10:
		return w.lifecycle()
	case 11:
		return w.configure()
	case 12:
		return w.createMarket()
	case 13:
		return w.resolve()
	case 14:
		return w.tradeStatus()
	case 15:
		return w.duplicate()
	case 17:
		return w.money(machine.KindWithdrawalObserved)
	case 18:
		return w.money(machine.KindWithdrawalReleased)
	case 19:
		return machine.Command{Kind: machine.KindWalletDeployed, ID: w.hash(9), Account: w.account()}
	case 20:
		return w.money(machine.KindDeposit)
	case 21:
		return w.approval()
	default:
		return machine.Command{Kind: machine.Kind(w.src.IntN(40)), ID: w.hash(9)}
	}
}

// tool is a command of the market makers' tools: a decrease, a replace,
// an order group set, reset or delete. The tools draw from the workload's second
// source (withAux), so that adding them left the commands of the first
// one as they were, and the coverage the seeds were checked for with it.
func (w *workload) tool() machine.Command {
	switch w.pick(4, 6, 3) {
	case 0:
		return w.decrease()
	case 1:
		return w.replace()
	default:
		// An order group of 1 or 2 (3 is never set: orders naming it
		// are refused) with a small limit, or its reset or delete (a
		// delete of 0, 3 or a deleted group is refused).
		c := machine.Command{Kind: machine.KindSetGroup, ID: w.hash(9), Account: w.account(),
			Args: &machine.Args{Group: uint32(w.src.IntN(3)), WindowSec: uint32(w.src.IntN(70))}}
		c.Amount = uint64(w.src.IntN(300)) * machine.LotUnits * 10
		if w.src.IntN(10) == 0 {
			c.Amount++
		}
		switch w.src.IntN(6) {
		case 0, 1:
			c.Kind = machine.KindResetGroup
		case 2:
			c.Kind = machine.KindDeleteGroup
		}
		return c
	}
}

// withAux runs fn with the workload drawing from its second source.
func (w *workload) withAux(fn func() machine.Command) machine.Command {
	src := w.src
	w.src = w.aux
	defer func() { w.src = src }()
	return fn()
}

func (w *workload) account() machine.Address { return w.accounts[w.src.IntN(len(w.accounts))] }

func (w *workload) market() *wmarket { return &w.markets[w.src.IntN(len(w.markets))] }

// marketsMax bounds the markets a workload creates; after that a create
// reuses an existing id and must be refused. Only the first market may use
// the finest tick: its ladder is half a megabyte, and the lockstep keeps
// three machines.
const marketsMax = 40

func (w *workload) createMarket() machine.Command {
	if len(w.markets) >= marketsMax {
		m := w.market()
		return machine.Command{Kind: machine.KindCreateMarket, ID: w.hash(9), Args: &machine.Args{Market: m.id, Tokens: m.tokens,
			Params: machine.MarketParams{TickSize: 10_000, MinSize: machine.UnitsPerShare, MaxSize: machine.UnitsPerShare}}}
	}
	ticks := []uint64{10_000, 10_000, 1_000, 100_000, 100}
	if len(w.markets) > 0 {
		ticks = ticks[:4]
	}
	tick := ticks[w.src.IntN(len(ticks))]
	m := wmarket{id: w.hash(1), tokens: [2]machine.Hash{w.hash(2), w.hash(3)}, tickPips: tick / machine.MicroPerPip,
		fee: uint32(w.src.IntN(3) * 50), mid: 5_000, negRisk: len(w.markets) == 1 || w.src.IntN(4) == 0}
	w.markets = append(w.markets, m)
	return machine.Command{Kind: machine.KindCreateMarket, ID: w.hash(9), Args: &machine.Args{Market: m.id, Tokens: m.tokens,
		Params: machine.MarketParams{TickSize: tick, MinSize: machine.UnitsPerShare, MaxSize: 500 * machine.UnitsPerShare,
			FeeRateBps: m.fee, NegRisk: m.negRisk}}}
}

// approval changes what an account lets an exchange move: shares approved
// or revoked, a USDW allowance unlimited, revoked or finite (often below
// what the account's BUY orders lock), now and then malformed.
func (w *workload) approval() machine.Command {
	c := machine.Command{Kind: machine.KindCollateralApproval, ID: w.hash(7), Account: w.account(),
		Args: &machine.Args{Exchange: machine.Exchange(1 + w.src.IntN(2))}}
	switch w.src.IntN(6) {
	case 0, 1:
		c.Kind, c.Args.Approved = machine.KindSharesApproval, w.src.IntN(3) > 0
	case 2:
		c.Args.Approved = true
	case 3:
		c.Amount = uint64(w.src.IntN(5_000)) * machine.UnitsPerShare / 10
	case 4:
		c.Amount = 0
	default:
		c.Args.Exchange = machine.Exchange(w.src.IntN(4) * 3) // 0, 3, 6, 9: none is an exchange
	}
	return c
}

func (w *workload) credit(kind machine.Kind) machine.Command {
	amount := uint64(1+w.src.IntN(2_000)) * machine.UnitsPerShare / 10
	if w.src.IntN(30) == 0 {
		amount = 0
	}
	id := w.hash(4)
	if w.src.IntN(40) == 0 && len(w.ids) > 0 {
		id = w.ids[w.src.IntN(len(w.ids))] // a spent id
	}
	return machine.Command{Kind: kind, ID: id, Account: w.account(), Amount: amount}
}

// money is a credit, reservation, observed withdrawal or release of
// collateral or, half the time, of a market token's shares (now and then
// of a token no market has).
func (w *workload) money(kind machine.Kind) machine.Command {
	c := w.credit(kind)
	c.Amount *= uint64(1 + w.src.IntN(3))
	if kind == machine.KindWithdrawalObserved {
		c.Amount /= 8 // a wallet moves part of what it holds
		switch w.src.IntN(24) {
		case 0, 1, 2, 3, 4, 5:
			c.Amount *= 24 // more than a wallet has free: it eats into locks
		case 6:
			c.Amount *= 200 // more than it has: the rest becomes debt
		}
	}
	// A wallet holds a few shares of a few tokens: an observed transfer
	// out of shares is mostly of shares it does not have, a debt.
	tokens := 2
	if kind == machine.KindWithdrawalObserved {
		tokens = 10
	}
	if w.src.IntN(tokens) == 0 {
		m := w.market()
		c.Args = &machine.Args{Token: m.tokens[w.src.IntN(2)]}
		if kind == machine.KindWithdrawalObserved {
			c.Amount /= 20
		}
		if w.src.IntN(20) == 0 {
			c.Args.Token = w.hash(2)
		}
	}
	return c
}

// place builds an order near the market's mid; a few percent are invalid
// in one way or another.
func (w *workload) place() machine.Command {
	m := w.market()
	m.mid = min(max(m.mid+(w.src.IntN(5)-2)*int(m.tickPips), 2_000), 8_000)
	outcome := w.src.IntN(2)
	side := machine.Buy + machine.Side(w.src.IntN(2))
	yes := m.mid + (w.src.IntN(21)-10)*int(m.tickPips)
	yes = yes / int(m.tickPips) * int(m.tickPips)
	own := uint64(yes)
	if outcome == 1 {
		own = machine.PipsPerUnit - own
	}
	if w.src.IntN(30) == 0 {
		own += uint64(w.src.IntN(3)) // off the grid
	}
	lots := uint64(50 + w.src.IntN(3_000))
	if w.src.IntN(40) == 0 {
		lots = uint64(w.src.IntN(200_000))
	}
	spec := machine.OrderSpec{Maker: w.account(), TokenID: m.tokens[outcome], Side: side, FeeRateBps: m.fee + uint32(w.src.IntN(2)*25),
		Type:        []machine.OrderType{machine.GTC, machine.GTC, machine.GTC, machine.GTD, machine.FOK, machine.FAK, machine.FAK, 0}[w.src.IntN(8)],
		MakerAmount: lots * own, TakerAmount: lots * machine.LotUnits}
	if side == machine.Sell {
		spec.MakerAmount, spec.TakerAmount = spec.TakerAmount, spec.MakerAmount
	}
	if spec.Type == machine.GTD {
		spec.Expiration = uint64(w.nowMs/1000) + 30 + uint64(w.src.IntN(200))
	}
	spec.PostOnly = w.src.IntN(8) == 0
	spec.SelfTrade = []machine.SelfTrade{0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 7}[w.aux.IntN(11)] // 7 is no mode: refused
	spec.CancelOnHalt = w.aux.IntN(3) == 0
	spec.Group = []uint32{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3}[w.aux.IntN(20)]
	if w.src.IntN(4) == 0 {
		spec.SignatureType = machine.SignatureProxy // refused until the maker is deployed
	}
	if w.src.IntN(50) == 0 && m.fee > 0 {
		spec.FeeRateBps = m.fee - 1
	}
	c := machine.Command{Kind: machine.KindPlace, ID: w.hash(5), Order: spec}
	if k := w.src.IntN(len(w.keys) + 1); k < len(w.keys) {
		c.Owner = w.keys[k]
	}
	return c
}

// decrease lowers an order (mostly one the workload saw accepted, often
// of another account, so refused) by or to a size, now and then by an
// amount that is not whole lots or to more than it has.
func (w *workload) decrease() machine.Command {
	c := machine.Command{Kind: machine.KindDecrease, ID: w.hash(9), Account: w.account()}
	c.OrderIDs = []machine.Hash{w.hash(6)}
	if len(w.ids) > 0 && w.src.IntN(10) > 0 {
		c.OrderIDs[0] = w.ids[w.recent()]
		if w.src.IntN(3) > 0 {
			c.Account = w.makers[w.recent()]
		}
	}
	c.ReduceTo = w.src.IntN(2) == 0
	c.Amount = uint64(w.src.IntN(3_000)) * machine.LotUnits
	if w.src.IntN(20) == 0 {
		c.Amount += uint64(1 + w.src.IntN(int(machine.LotUnits)-1))
	}
	if w.src.IntN(10) == 0 {
		c.OrderIDs = nil // malformed
	}
	return c
}

// replace is a place that replaces an order the workload saw accepted,
// whose maker it mostly takes as the new order's, so that many replaces
// find their old order live and theirs.
func (w *workload) replace() machine.Command {
	c := w.place()
	c.Kind = machine.KindReplace
	c.OrderIDs = []machine.Hash{w.hash(6)}
	if len(w.ids) > 0 && w.src.IntN(10) > 0 {
		i := w.recent()
		c.OrderIDs[0] = w.ids[i]
		if w.src.IntN(5) > 0 {
			c.Order.Maker = w.makers[i]
		}
	}
	if w.src.IntN(30) == 0 && len(w.ids) > 0 {
		c.ID = w.ids[w.src.IntN(len(w.ids))] // a spent id
	}
	return c
}

// recent picks one of the last orders the workload saw accepted, which
// are more often still live than the older ones. Once ids is full, new
// ids overwrite random entries, and the pick is any.
func (w *workload) recent() int {
	n := len(w.ids)
	if n >= 4_000 {
		return w.src.IntN(n)
	}
	return n - 1 - w.src.IntN(min(n, 16))
}

// tradeStatus reports a trade's status the way a settler would, mostly
// about the trades it is working through, oldest first, so that trades
// become final in order and the machine forgets them; the statuses are
// random, so many reports are refused.
func (w *workload) tradeStatus() machine.Command {
	id := w.settling + uint64(w.src.IntN(4))
	if w.src.IntN(8) == 0 {
		id = uint64(w.src.IntN(int(w.trades) + 2))
	}
	if w.settling < w.trades && w.src.IntN(4) == 0 {
		w.settling++
	}
	a := &machine.Args{TradeID: id, TradeStatus: machine.TradeStatus(w.src.IntN(9))}
	if w.src.IntN(3) == 0 { // the trades of a settlement call together
		if w.src.IntN(2) == 0 {
			a.TradeID = 0
		}
		for range w.src.IntN(4) {
			a.TradeIDs = append(a.TradeIDs, id+1+uint64(w.src.IntN(6)))
		}
	}
	return machine.Command{Kind: machine.KindSetTradeStatus, ID: w.hash(9), Args: a}
}

// duplicate resubmits a past order id.
func (w *workload) duplicate() machine.Command {
	c := w.place()
	if len(w.ids) > 0 {
		c.ID = w.ids[w.src.IntN(len(w.ids))]
	}
	return c
}

func (w *workload) cancel(n int) machine.Command {
	c := machine.Command{Kind: machine.KindCancelList, ID: w.hash(9), Account: w.account()}
	if n == 1 {
		c.Kind = machine.KindCancel
	}
	for range n {
		if len(w.ids) > 0 && w.src.IntN(10) > 0 {
			c.OrderIDs = append(c.OrderIDs, w.ids[w.src.IntN(len(w.ids))])
		} else {
			c.OrderIDs = append(c.OrderIDs, w.hash(6))
		}
	}
	return c
}

func (w *workload) cancelMarket() machine.Command {
	m := w.market()
	args := &machine.Args{Market: m.id}
	switch w.src.IntN(3) {
	case 0:
		args.Token = m.tokens[w.src.IntN(2)]
	case 1:
		args.Market, args.Token = machine.Hash{}, m.tokens[w.src.IntN(2)]
	}
	return machine.Command{Kind: machine.KindCancelMarket, ID: w.hash(9), Account: w.account(), Args: args}
}

func (w *workload) lifecycle() machine.Command {
	kinds := []machine.Kind{machine.KindHaltMarket, machine.KindResumeMarket, machine.KindResumeMarket, machine.KindClearMarket, machine.KindCloseMarket}
	return machine.Command{Kind: kinds[w.src.IntN(len(kinds))], ID: w.hash(9), Args: &machine.Args{Market: w.market().id}}
}

func (w *workload) configure() machine.Command {
	m := w.market()
	ticks := []uint64{100_000, 10_000, 1_000, 100, 3}
	tick := ticks[w.src.IntN(len(ticks))]
	if tick%machine.MicroPerPip == 0 {
		m.tickPips = tick / machine.MicroPerPip
	}
	m.fee = uint32(w.src.IntN(3) * 50)
	return machine.Command{Kind: machine.KindConfigureMarket, ID: w.hash(9), Args: &machine.Args{Market: m.id,
		Params: machine.MarketParams{TickSize: tick, MinSize: machine.UnitsPerShare, MaxSize: 500 * machine.UnitsPerShare,
			FeeRateBps: m.fee, NegRisk: m.negRisk}}}
}

func (w *workload) resolve() machine.Command {
	payouts := [][]uint32{{1, 0}, {0, 1}, {1, 1}, {3, 7}, {0, 0}, {1}}
	return machine.Command{Kind: machine.KindResolveMarket, ID: w.hash(9),
		Args: &machine.Args{Market: w.market().id, Payout: payouts[w.src.IntN(len(payouts))]}}
}

// observe learns accepted order ids, the trade count and the debts from
// the events m emitted.
func (w *workload) observe(m *machine.Machine, events []machine.Event) {
	for i := range events {
		switch e := &events[i]; e.Kind {
		case machine.EvTransfer:
			if e.TransferKind != machine.TransferDebt || m.Account(e.Account) == m.Config().FeeAccount {
				continue
			}
			repay := machine.Command{Kind: machine.KindDeposit, ID: w.hash(4), Account: m.Account(e.Account), Amount: e.Amount}
			if e.Asset > 0 {
				repay.Args = &machine.Args{Token: w.markets[(e.Asset-1)/2].tokens[(e.Asset-1)%2]}
			}
			w.owed = append(w.owed, repay)
		case machine.EvOrderAccepted:
			if len(w.ids) < 4_000 {
				w.ids = append(w.ids, e.OrderID)
				w.makers = append(w.makers, m.Account(e.Account))
			} else {
				i := w.src.IntN(len(w.ids))
				w.ids[i], w.makers[i] = e.OrderID, m.Account(e.Account)
			}
		case machine.EvTrade:
			w.trades = e.Seq
		}
	}
}

// smallConfig sizes the machine's tables for test workloads: the defaults
// preallocate megabytes, and the lockstep builds machines often.
func smallConfig() machine.Config {
	cfg := machine.DefaultConfig()
	cfg.OrderSlots, cfg.IDsCapacity, cfg.AccountsCapacity = 64, 256, 16
	return cfg
}

func referenceConfig() machine.Config {
	cfg := smallConfig()
	cfg.ReferenceBook = true
	return cfg
}

// store is an in-memory stand-in for the key/value records the shell
// keeps in Pebble: it applies what Changes reports.
type store map[string][]byte

func (s store) write(m *machine.Machine) {
	m.Changes(func(k, v []byte) {
		if v == nil {
			delete(s, string(k))
		} else {
			s[string(k)] = bytes.Clone(v)
		}
	})
}

func (s store) restore(t testing.TB, cfg machine.Config) *machine.Machine {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	m := machine.New(cfg)
	for _, k := range keys {
		if err := m.Load([]byte(k), s[k]); err != nil {
			t.Fatalf("load %x: %v", k, err)
		}
	}
	return m
}

// lockstep applies the same commands to the ladder machine, the reference
// machine and a machine periodically restored from the ladder's persisted
// records, and fails at the first difference in events or state hash, or
// the first broken invariant.
type lockstep struct {
	t          testing.TB
	fast, ref  *machine.Machine
	restored   *machine.Machine
	db         store
	outs       [3][]machine.Event
	step       int
	checkpoint int
	// prev is the command before this one: the ladder machine is hinted
	// with it again (a stale hint) and with the command itself, as the
	// shell hints the next command; the others are not hinted at all, so
	// a hint that changed anything shows as a difference.
	prev machine.Command
}

func newLockstep(t testing.TB, checkpoint int) *lockstep {
	return &lockstep{t: t, fast: machine.New(smallConfig()), ref: machine.New(referenceConfig()),
		db: store{}, checkpoint: checkpoint}
}

func (l *lockstep) apply(c *machine.Command) []machine.Event {
	l.step++
	l.fast.Prefetch(&l.prev)
	l.fast.Prefetch(c)
	l.prev = *c
	l.outs[0] = l.fast.Apply(c, l.outs[0][:0])
	l.outs[1] = l.ref.Apply(c, l.outs[1][:0])
	if l.restored != nil {
		l.outs[2] = l.restored.Apply(c, l.outs[2][:0])
	}
	l.compare(c)
	if l.step%l.checkpoint == 0 {
		l.db.write(l.fast)
		l.restored = l.db.restore(l.t, smallConfig())
		if got, want := l.restored.StateHash(), l.fast.StateHash(); got != want {
			l.t.Fatalf("step %d: restored state hash %x, want %x\n%s", l.step, got[:8], want[:8],
				diffLines(machine.DumpState(l.fast), machine.DumpState(l.restored)))
		}
	}
	return l.outs[0]
}

func (l *lockstep) compare(c *machine.Command) {
	if err := l.fast.CheckInvariants(); err != nil {
		l.t.Fatalf("step %d (%s): ladder: %v", l.step, c.Kind, err)
	}
	if err := l.ref.CheckInvariants(); err != nil {
		l.t.Fatalf("step %d (%s): reference: %v", l.step, c.Kind, err)
	}
	want := l.fast.StateHash()
	others := []*machine.Machine{l.ref, l.restored}
	for i, other := range others {
		if other == nil {
			continue
		}
		if err := sameEvents(l.outs[0], l.outs[i+1]); err != nil {
			l.t.Fatalf("step %d (%s): %s machine: %v", l.step, c.Kind, []string{"reference", "restored"}[i], err)
		}
		if got := other.StateHash(); got != want {
			l.t.Fatalf("step %d (%s): %s state hash %x, ladder %x", l.step, c.Kind, []string{"reference", "restored"}[i], got[:8], want[:8])
		}
	}
}

// sameQueuePositions checks QueuePosition on the ladder against the
// reference book for a few of the orders the workload knows, live or not.
func (l *lockstep) sameQueuePositions(w *workload) {
	for i := 0; i < len(w.ids) && i < 8; i++ {
		id := w.ids[(l.step*7+i*131)%len(w.ids)]
		a1, t1, ok1 := l.fast.QueuePosition(id)
		a2, t2, ok2 := l.ref.QueuePosition(id)
		if a1 != a2 || t1 != t2 || ok1 != ok2 {
			l.t.Fatalf("step %d: queue position of %x: ladder %d of %d (%v), reference %d of %d (%v)",
				l.step, id[:8], a1, t1, ok1, a2, t2, ok2)
		}
		if ok1 && (a1 >= t1 || t1 == 0) {
			l.t.Fatalf("step %d: queue position of %x: %d ahead of a level of %d", l.step, id[:8], a1, t1)
		}
	}
}

// diffLines shows the lines of two dumps that differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var out []string
	for i := range max(len(w), len(g)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			out = append(out, "want: "+a, "got:  "+b)
		}
	}
	return strings.Join(out, "\n")
}

func sameEvents(a, b []machine.Event) error {
	if len(a) != len(b) {
		return fmt.Errorf("%d events, ladder had %d", len(b), len(a))
	}
	for i := range a {
		if a[i] != b[i] {
			return fmt.Errorf("event %d: %+v, ladder had %+v", i, b[i], a[i])
		}
	}
	return nil
}

// TestRandomLockstep drives the three machines with seeded random
// workloads of every command kind. A failure names the seed and step.
func TestRandomLockstep(t *testing.T) {
	// Short mode runs it whole (about 2 s): a shorter seed misses paths
	// (a GTD expiry) the checks below demand of every seed, and fewer
	// seeds miss the rarest tools, which the seeds must show together.
	seeds, steps := 12, 4_000
	// The market makers' tools meet live orders of their own account
	// rarely in the workload (most orders fill or go soon, and a halt is
	// rare): the seeds together must exercise each.
	var tools [7]int
	defer func() {
		if !t.Failed() && slices.Contains(tools[:], 0) {
			t.Errorf("in %d seeds: %d replaces, %d incoming orders stopped by their self-trade mode, "+
				"%d orders cancelled by a halt, %d decreases, %d orders cancelled by their group's limit, %d reversal legs, "+
				"%d orders cancelled by their group's delete",
				seeds, tools[0], tools[1], tools[2], tools[3], tools[4], tools[5], tools[6])
		}
	}()
	for seed := range seeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			l := newLockstep(t, 250)
			w := newWorkload(rand.New(rand.NewPCG(uint64(seed), 11)))
			w.aux = rand.New(rand.NewPCG(uint64(seed), 13))
			kinds := map[machine.EventKind]int{}
			// The money paths: refused undeployed makers, orders cancelled
			// by an observed withdrawal, reservations settled by one; the
			// approvals: orders refused or cancelled for want of one; and
			// the FAILED trades: reversed, some into debt.
			var notDeployed, withdrawalCancels, settled, notApproved, revoked, reversed, debts int
			// The market makers' tools: replaces applied, self-trade
			// modes that stopped an incoming order, halts that cancelled.
			var replaced, stpStops, haltCancels, groupCancels, deleteCancels int
			for range steps {
				c := w.next()
				for _, e := range l.apply(&c) {
					kinds[e.Kind]++
					switch {
					case e.Kind == machine.EvOrderAccepted && c.Kind == machine.KindReplace:
						replaced++
					case e.Kind == machine.EvOrderCancelled && e.Cause == machine.CauseSelfTrade && e.OrderID == c.ID:
						stpStops++
					case e.Kind == machine.EvOrderCancelled && e.Cause == machine.CauseHalted:
						haltCancels++
					case e.Kind == machine.EvOrderCancelled && e.Cause == machine.CauseGroupLimit:
						groupCancels++
					case e.Kind == machine.EvOrderCancelled && e.Cause == machine.CauseGroupDeleted:
						deleteCancels++
					case e.Kind == machine.EvOrderRejected && e.Reason == machine.ReasonMakerWalletNotDeployed:
						notDeployed++
					case e.Kind == machine.EvOrderRejected && (e.Reason == machine.ReasonCollateralNotApproved ||
						e.Reason == machine.ReasonSharesNotApproved):
						notApproved++
					case e.Kind == machine.EvOrderCancelled && e.Cause == machine.CauseWithdrawal:
						withdrawalCancels++
					case e.Kind == machine.EvOrderCancelled && e.Cause == machine.CauseApprovalRevoked:
						revoked++
					case e.Kind == machine.EvTransfer && e.TransferKind == machine.TransferWithdrawalSettled:
						settled++
					case e.Kind == machine.EvTransfer && e.TransferKind == machine.TransferReversalIn:
						reversed++
					case e.Kind == machine.EvTransfer && e.TransferKind == machine.TransferDebt:
						debts++
					}
				}
				w.observe(l.fast, l.outs[0])
				l.sameQueuePositions(w)
			}
			t.Logf("in %d steps: %d replaces, %d incoming orders stopped by their self-trade mode, %d orders cancelled by a halt",
				steps, replaced, stpStops, haltCancels)
			tools[0], tools[1], tools[2], tools[3] = tools[0]+replaced, tools[1]+stpStops, tools[2]+haltCancels,
				tools[3]+kinds[machine.EvOrderDecreased]
			tools[4] += groupCancels
			tools[6] += deleteCancels
			if notDeployed == 0 || withdrawalCancels == 0 || settled == 0 {
				t.Errorf("money paths in %d steps: %d undeployed makers refused, %d orders cancelled by withdrawals, %d reservations settled",
					steps, notDeployed, withdrawalCancels, settled)
			}
			t.Logf("in %d steps: %d orders refused and %d cancelled for want of an approval, %d reversal legs, %d debts", steps, notApproved, revoked, reversed, debts)
			// Reversal legs (a FAILED trade of the workload's random
			// settler) are the rarest path, a few per seed at most: the
			// seeds together must have some (tools[5]).
			tools[5] += reversed
			if notApproved == 0 || revoked == 0 || debts == 0 {
				t.Errorf("in %d steps: %d orders refused and %d cancelled for want of an approval, %d reversal legs, %d debts",
					steps, notApproved, revoked, reversed, debts)
			}
			// The workload must exercise everything it claims to.
			for k := machine.EvOrderAccepted; k <= machine.EvApprovalChanged; k++ {
				if kinds[k] == 0 {
					t.Errorf("no %s events in %d steps", k, steps)
				}
			}
		})
	}
}

// FuzzMachine lets the fuzzer choose the workload's every decision.
func FuzzMachine(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		b := make([]byte, 4_000)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := &byteSource{b: data}
		w := newWorkload(src)
		l := newLockstep(t, 64)
		// Every step hashes three machines; a bound on steps keeps an
		// execution in milliseconds however long the input grows.
		const stepsMax = 400
		for step := 0; step < stepsMax && !src.done(); step++ {
			c := w.next()
			l.apply(&c)
			w.observe(l.fast, l.outs[0])
		}
	})
}
