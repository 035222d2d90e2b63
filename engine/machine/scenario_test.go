package machine

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pred.dev/engine/book"

	scenariofile "pred.dev/proto/runtime/scenario"
)

// Scenario files in testdata/scenarios describe matching rules as scripts:
// blocks of commands, a "----" line, and the events and views they must
// produce. Each file runs twice, on the ladder book and on the reference
// book, and both must print exactly what the file says. Invariants are
// checked after every command. After changing behaviour on purpose, run
// `go test ./machine -run TestScenarios -rewrite` and read the diff before
// committing it.

func TestScenarios(t *testing.T) {
	scenariofile.Run(t, "testdata/scenarios/*.txt", scenariofile.Options{},
		func(t *testing.T, path string, blocks []scenariofile.Block) []string {
			got := runScenario(t, path, blocks, false)
			// The reference book must print exactly what the ladder does,
			// and so what the file says.
			ref := runScenario(t, path, blocks, true)
			for i, b := range blocks {
				if ref[i] != got[i] {
					t.Errorf("%s:%d (reference book):\n%s\n---- ladder\n%s---- reference\n%s", path, b.Line,
						strings.Join(b.Commands, "\n"), got[i], ref[i])
				}
			}
			return got
		})
}

// scenario interprets script lines against a machine. Names stand for
// accounts, markets, orders and keys; ids are derived from the names.
type scenario struct {
	t       *testing.T
	cfg     Config
	m       *Machine
	nowMs   int64
	cmds    int
	places  int
	names   map[Hash]string
	accts   map[Address]string
	keys    map[KeyID]string
	markets map[string]Hash
	out     []Event
}

func nameHash(s string) Hash { return sha256.Sum256([]byte(s)) }

func (s *scenario) orderID(n string) Hash {
	h := nameHash("order:" + n)
	s.names[h] = n
	return h
}

func (s *scenario) acct(n string) Address {
	h := nameHash("acct:" + n)
	a := Address(h[:20])
	s.accts[a] = n
	return a
}

func (s *scenario) key(n string) KeyID {
	h := nameHash("key:" + n)
	k := KeyID(h[:16])
	s.keys[k] = n
	return k
}

func runScenario(t *testing.T, path string, blocks []scenariofile.Block, reference bool) []string {
	cfg := DefaultConfig()
	s := &scenario{t: t, names: map[Hash]string{}, accts: map[Address]string{},
		keys: map[KeyID]string{}, markets: map[string]Hash{}}
	cfg.FeeAccount = s.acct("fees")
	if reference {
		cfg.ReferenceBook = true
	}
	s.cfg = cfg
	s.m = New(cfg)
	got := make([]string, len(blocks))
	for i, b := range blocks {
		var sb strings.Builder
		for _, line := range b.Commands {
			s.exec(&sb, line)
		}
		got[i] = sb.String()
	}
	return got
}

// exec runs one script line and writes what it produced.
func (s *scenario) exec(w *strings.Builder, line string) {
	f := strings.Fields(line)
	args, opts := splitOpts(f[1:])
	switch f[0] {
	case "at":
		sec, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			s.t.Fatalf("at %q: %v", f[1], err)
		}
		s.nowMs = int64(sec * 1000)
		return
	case "config":
		// Only as a file's first command: it replaces the empty machine.
		if v, ok := opts["cancel-list-max"]; ok {
			s.cfg.CancelListMax = int(num(s.t, v))
		}
		if v, ok := opts["groups-max"]; ok {
			s.cfg.GroupsMax = int(num(s.t, v))
		}
		s.m = New(s.cfg)
		return
	case "book":
		s.printBook(w, args[0])
		return
	case "balances":
		s.printBalances(w, args[0])
		return
	case "group":
		// group <acct> <id>: the group's limit, fills in its window and
		// state.
		limit, filled, win, tripped, ok := s.m.GroupState(s.acct(args[0]), uint32(num(s.t, args[1])))
		// Groups, which queries list, must report the same group.
		listed := false
		for _, g := range s.m.Groups(s.acct(args[0]), nil) {
			if g.ID == uint32(num(s.t, args[1])) {
				listed = true
				if g != (GroupInfo{ID: g.ID, Limit: limit, Filled: filled, WindowSec: win, Tripped: tripped}) {
					s.t.Errorf("Groups lists %+v, GroupState says limit=%d filled=%d window=%d tripped=%v", g, limit, filled, win, tripped)
				}
			}
		}
		if listed != ok {
			s.t.Errorf("group %s %s: listed by Groups %v, found by GroupState %v", args[0], args[1], listed, ok)
		}
		if !ok {
			fmt.Fprintf(w, "group %s %s none\n", args[0], args[1])
			return
		}
		fmt.Fprintf(w, "group %s %s limit=%s filled=%s window=%ds tripped=%v\n", args[0], args[1], decimal(limit),
			decimal(filled), win, tripped)
		return
	case "queue":
		// queue <order>: its queue position (shares ahead, the level's
		// total); the reference book's run must print the same.
		ahead, level, ok := s.m.QueuePosition(s.orderID(args[0]))
		if _, live := s.m.OrderMaker(s.orderID(args[0])); live != ok {
			s.t.Errorf("queue %s: OrderMaker finds it %v, QueuePosition %v", args[0], live, ok)
		}
		if !ok {
			w.WriteString("queue " + args[0] + " not live\n")
			return
		}
		fmt.Fprintf(w, "queue %s ahead=%s level=%s\n", args[0], decimal(ahead), decimal(level))
		return
	case "unchanged":
		// unchanged <command line>: runs it and says whether the state
		// hash moved, for a refusal that must change nothing.
		before := s.m.StateHash()
		s.exec(w, strings.Join(f[1:], " "))
		if s.m.StateHash() == before {
			w.WriteString("state unchanged\n")
		} else {
			w.WriteString("state changed\n")
		}
		return
	case "approve-all":
		// Each account lets both exchanges move its USDW (unlimited) and
		// its shares: what a wallet's one-time approval transaction does.
		for _, a := range args {
			for _, x := range []string{"", " negrisk"} {
				s.exec(w, "approve "+a+" usdw unlimited"+x)
				s.exec(w, "approve "+a+" shares"+x)
			}
		}
		return
	}
	c := s.command(f[0], args, opts)
	c.TimeMs = s.nowMs
	s.out = s.m.Apply(&c, s.out[:0])
	for _, e := range s.out {
		w.WriteString(s.format(e) + "\n")
	}
	if err := s.m.CheckInvariants(); err != nil {
		s.t.Fatalf("after %q: %v", line, err)
	}
}

func splitOpts(f []string) (args []string, opts map[string]string) {
	opts = map[string]string{}
	for _, a := range f {
		if k, v, ok := strings.Cut(a, "="); ok {
			opts[k] = v
		} else if a == "post" || a == "negrisk" || a == "proxy" || a == "revoke" || a == "coh" {
			opts[a] = "true"
		} else {
			args = append(args, a)
		}
	}
	return args, opts
}

func (s *scenario) command(verb string, a []string, o map[string]string) Command {
	s.cmds++
	c := Command{ID: nameHash(fmt.Sprintf("cmd:%d", s.cmds)), Args: &Args{}}
	if id, ok := o["id"]; ok {
		c.ID = nameHash("cmd:" + id)
	}
	switch verb {
	case "market", "configure":
		c.Kind = map[string]Kind{"market": KindCreateMarket, "configure": KindConfigureMarket}[verb]
		c.Args.Market = s.market(a[0])
		c.Args.Tokens = [2]Hash{nameHash(a[0] + ".yes"), nameHash(a[0] + ".no")}
		c.Args.Params = MarketParams{TickSize: units(s.t, or(o["tick"], "0.01")), MinSize: units(s.t, or(o["min"], "5")),
			MaxSize: units(s.t, or(o["max"], "100000")), FeeRateBps: uint32(num(s.t, or(o["fee"], "0"))), NegRisk: o["negrisk"] != ""}
	case "deposit", "faucet", "withdraw", "withdrawal", "release":
		// withdraw reserves (an API withdrawal); withdrawal is a transfer
		// out observed on chain; release returns a reservation. token=
		// names a market token (m1.yes); without it they move USDW.
		c.Kind = map[string]Kind{"deposit": KindDeposit, "faucet": KindFaucet, "withdraw": KindWithdraw,
			"withdrawal": KindWithdrawalObserved, "release": KindWithdrawalReleased}[verb]
		c.Account, c.Amount = s.acct(a[0]), units(s.t, a[1])
		if tok, ok := o["token"]; ok {
			c.Args.Token = nameHash(tok)
		}
	case "deployed":
		c.Kind, c.Account = KindWalletDeployed, s.acct(a[0])
	case "approve":
		// approve <acct> usdw <amount>|unlimited [negrisk]: the USDW
		// allowance; approve <acct> shares [revoke] [negrisk]:
		// ApprovalForAll. Without negrisk, the standard exchange.
		c.Account = s.acct(a[0])
		c.Args.Exchange = ExchangeStandard
		if o["negrisk"] != "" {
			c.Args.Exchange = ExchangeNegRisk
		}
		if x, ok := o["exchange"]; ok {
			c.Args.Exchange = Exchange(num(s.t, x))
		}
		switch a[1] {
		case "usdw":
			c.Kind = KindCollateralApproval
			if a[2] == "unlimited" {
				c.Args.Approved = true
			} else {
				c.Amount = units(s.t, a[2])
			}
		case "shares":
			c.Kind, c.Args.Approved = KindSharesApproval, o["revoke"] == ""
		default:
			s.t.Fatalf("approve %q: usdw or shares", a[1])
		}
	case "place":
		s.place(&c, a, o)
	case "replace":
		// replace <acct> ... old=<order>: a place of a new order that
		// replaces old (the place's arguments and options).
		s.place(&c, a, o)
		c.Kind = KindReplace
		if old, ok := o["old"]; ok {
			c.OrderIDs = []Hash{s.orderID(old)}
		}
	case "set-group", "reset-group", "delete-group":
		// set-group <acct> <group> limit=<shares> [window=<seconds>];
		// reset-group <acct> <group>; delete-group <acct> <group>.
		c.Kind = map[string]Kind{"set-group": KindSetGroup, "reset-group": KindResetGroup,
			"delete-group": KindDeleteGroup}[verb]
		c.Account, c.Args.Group = s.acct(a[0]), uint32(num(s.t, a[1]))
		if v, ok := o["limit"]; ok {
			c.Amount = units(s.t, v)
		}
		if v, ok := o["window"]; ok {
			c.Args.WindowSec = uint32(num(s.t, v))
		}
	case "decrease":
		// decrease <acct> <order> by=<shares> | to=<shares>
		c.Kind, c.Account = KindDecrease, s.acct(a[0])
		c.OrderIDs = []Hash{s.orderID(a[1])}
		if v, ok := o["to"]; ok {
			c.Amount, c.ReduceTo = units(s.t, v), true
		} else {
			c.Amount = units(s.t, o["by"])
		}
	case "cancel", "cancel-list":
		c.Kind = map[string]Kind{"cancel": KindCancel, "cancel-list": KindCancelList}[verb]
		c.Account = s.acct(a[0]) // "cancel a" with no id is a malformed command
		for _, n := range a[1:] {
			c.OrderIDs = append(c.OrderIDs, s.orderID(n))
		}
	case "cancel-market":
		c.Kind, c.Account = KindCancelMarket, s.acct(a[0])
		if a[1] != "-" {
			c.Args.Market = s.market(a[1])
		}
		if tok, ok := o["token"]; ok {
			c.Args.Token = nameHash(tok)
		}
	case "cancel-all":
		c.Kind, c.Account = KindCancelAll, s.acct(a[0])
	case "heartbeat":
		c.Kind = KindHeartbeat
		if len(a) > 0 {
			c.Owner = s.key(a[0])
		}
	case "tick":
		c.Kind = KindTick
	case "halt", "resume", "clear", "close":
		c.Kind = map[string]Kind{"halt": KindHaltMarket, "resume": KindResumeMarket,
			"clear": KindClearMarket, "close": KindCloseMarket}[verb]
		c.Args.Market = s.market(a[0])
	case "resolve":
		c.Kind, c.Args.Market = KindResolveMarket, s.market(a[0])
		for _, p := range a[1:] {
			c.Args.Payout = append(c.Args.Payout, uint32(num(s.t, p)))
		}
	case "trade-status":
		// "7" is trade_id 7; "7,8,9" trade_ids 7, 8 and 9; "7+8,9"
		// trade_id 7 and trade_ids 8 and 9.
		c.Kind = KindSetTradeStatus
		one, list, plus := strings.Cut(a[0], "+")
		if !plus && strings.Contains(one, ",") {
			one, list = "", one
		}
		if one != "" {
			c.Args.TradeID = uint64(num(s.t, one))
		}
		if list != "" {
			for _, id := range strings.Split(list, ",") {
				c.Args.TradeIDs = append(c.Args.TradeIDs, uint64(num(s.t, id)))
			}
		}
		c.Args.TradeStatus = TradeStatus(slices.Index([]string{"", "matched", "submitted", "mined", "confirmed", "retrying", "failed", "synthetic", "bogus"}, a[1]))
		c.Args.TxHash = nameHash("tx:" + a[0])
	case "bogus":
		c.Kind = Kind(200)
	default:
		s.t.Fatalf("unknown scenario command %q", verb)
	}
	return c
}

func (s *scenario) market(n string) Hash {
	h := nameHash("market:" + n)
	s.markets[n] = h
	return h
}

// place parses: place <acct> <buy|sell> <market>.<yes|no> <price> <size>
// [gtc|gtd|fok|fak] [post] [fee=bps] [exp=unix-seconds] [key=name]
// [id=name] [raw=makerAmount/takerAmount] [proxy] (signature type 2)
// [stp=resting|incoming|both|<number>] [coh] (cancel on halt) [group=n].
func (s *scenario) place(c *Command, a []string, o map[string]string) {
	s.places++
	c.Kind = KindPlace
	n := or(o["id"], fmt.Sprintf("o%d", s.places))
	c.ID = s.orderID(n)
	c.Owner = KeyID{}
	if k, ok := o["key"]; ok {
		c.Owner = s.key(k)
	}
	side := map[string]Side{"buy": Buy, "sell": Sell, "bogus": 7}[a[1]]
	price, size := units(s.t, a[3]), units(s.t, a[4])
	coll := price * size / UnitsPerShare
	c.Order = OrderSpec{Maker: s.acct(a[0]), TokenID: nameHash(a[2]), Side: side,
		Type: GTC, FeeRateBps: uint32(num(s.t, or(o["fee"], "0"))), PostOnly: o["post"] != "",
		Expiration: uint64(num(s.t, or(o["exp"], "0")))}
	if o["proxy"] != "" {
		c.Order.SignatureType = SignatureProxy
	}
	if v, ok := o["stp"]; ok {
		mode, known := map[string]SelfTrade{"resting": SelfTradeCancelResting, "incoming": SelfTradeCancelIncoming,
			"both": SelfTradeCancelBoth}[v]
		if !known {
			mode = SelfTrade(num(s.t, v))
		}
		c.Order.SelfTrade = mode
	}
	c.Order.CancelOnHalt = o["coh"] != ""
	if v, ok := o["group"]; ok {
		c.Order.Group = uint32(num(s.t, v))
	}
	c.Order.MakerAmount, c.Order.TakerAmount = coll, size
	if side == Sell {
		c.Order.MakerAmount, c.Order.TakerAmount = size, coll
	}
	if raw, ok := o["raw"]; ok {
		mk, tk, _ := strings.Cut(raw, "/")
		c.Order.MakerAmount, c.Order.TakerAmount = uint64(num(s.t, mk)), uint64(num(s.t, tk))
	}
	if len(a) > 5 {
		c.Order.Type = map[string]OrderType{"gtc": GTC, "gtd": GTD, "fok": FOK, "fak": FAK, "bogus": 9}[a[5]]
	}
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func num(t *testing.T, s string) int64 {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("number %q: %v", s, err)
	}
	return v
}

// units parses a decimal string with up to 6 decimals into base units.
func units(t *testing.T, s string) uint64 {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 6 {
		t.Fatalf("%q has more than 6 decimals", s)
	}
	v := uint64(num(t, or(whole, "0"))) * UnitsPerShare
	if frac != "" {
		v += uint64(num(t, (frac + "000000")[:6]))
	}
	return v
}

// decimal formats base units as the shortest exact decimal.
func decimal(v uint64) string {
	s := fmt.Sprintf("%d.%06d", v/UnitsPerShare, v%UnitsPerShare)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

func (s *scenario) acctName(i int32) string {
	if i < 0 {
		return "-"
	}
	return s.accts[s.m.Account(i)]
}

func (s *scenario) assetName(asset int32) string {
	if asset == 0 {
		return "usdw"
	}
	mk := s.m.Market((asset - 1) / 2)
	for n, id := range s.markets {
		if id == mk.ID {
			return n + "." + Outcome((asset-1)%2+1).String()
		}
	}
	return "?"
}

func (s *scenario) marketName(i int32) string { return strings.Split(s.assetName(2*i+1), ".")[0] }

func (s *scenario) format(e Event) string {
	switch e.Kind {
	case EvOrderAccepted:
		x := fmt.Sprintf("accepted %s %s %s %s %s x%s %s seq=%d", s.names[e.OrderID], s.acctName(e.Account),
			e.Side, e.Outcome, decimal(e.Price), decimal(e.Size), e.OrderType, e.Seq)
		if e.PostOnly {
			x += " post"
		}
		if e.Owner >= 0 {
			x += " key=" + s.keys[s.m.Owner(e.Owner)]
		}
		if e.FeeRateBps != 0 {
			x += fmt.Sprintf(" fee=%d", e.FeeRateBps)
		}
		if e.Expiration != 0 {
			x += fmt.Sprintf(" exp=%d", e.Expiration)
		}
		if e.SelfTrade != SelfTradeCancelResting {
			x += " stp=" + e.SelfTrade.String()
		}
		if e.CancelOnHalt {
			x += " coh"
		}
		if e.Group != 0 {
			x += fmt.Sprintf(" group=%d", e.Group)
		}
		return x
	case EvOrderDecreased:
		return fmt.Sprintf("decreased %s %s size=%s rem=%s", s.names[e.OrderID], s.acctName(e.Account),
			decimal(e.Size), decimal(e.Remaining))
	case EvOrderRejected:
		return fmt.Sprintf("rejected %s %s", s.names[e.OrderID], e.Reason)
	case EvCommandRejected:
		if e.Seq != 0 {
			return fmt.Sprintf("command-rejected %s #%d", e.Reason, e.Seq)
		}
		return fmt.Sprintf("command-rejected %s", e.Reason)
	case EvOrderFilled:
		return fmt.Sprintf("filled %s %s", s.names[e.OrderID], s.acctName(e.Account))
	case EvOrderCancelled:
		return fmt.Sprintf("cancelled %s %s %s %s rem=%s", s.names[e.OrderID], s.acctName(e.Account), e.Cause, e.Status, decimal(e.Remaining))
	case EvOrderExpired:
		return fmt.Sprintf("expired %s %s rem=%s", s.names[e.OrderID], s.acctName(e.Account), decimal(e.Remaining))
	case EvTrade:
		return fmt.Sprintf("trade #%d %s %s taker=%s %s %s %s %s maker=%s %s %s %s %s size=%s fee=%s rem=%s/%s",
			e.Seq, s.marketName(e.Market), e.MatchType,
			s.names[e.OrderID], s.acctName(e.Account), e.Side, e.Outcome, decimal(e.Price),
			s.names[e.MakerOrderID], s.acctName(e.MakerAccount), e.MakerSide, e.MakerOutcome, decimal(e.MakerPrice),
			decimal(e.Size), decimal(e.Fee), decimal(e.Remaining), decimal(e.MakerRemaining))
	case EvBalanceChanged:
		x := fmt.Sprintf("balance %s %s %s locked=%s", s.acctName(e.Account), s.assetName(e.Asset), decimal(e.Balance), decimal(e.Locked))
		if e.Debt != 0 {
			x += " debt=" + decimal(e.Debt)
		}
		return x
	case EvApprovalChanged:
		usdw := decimal(e.Amount)
		if e.Unlimited {
			usdw = "unlimited"
		}
		return fmt.Sprintf("approval %s %s usdw=%s shares=%v", s.acctName(e.Account), e.Exchange, usdw, e.Approved)
	case EvMarketChanged:
		mk := s.m.Market(e.Market)
		p := mk.Params
		x := fmt.Sprintf("market %s %s cause=%s tick=%s min=%s max=%s fee=%d", s.marketName(e.Market), e.MarketStatus,
			e.Change, decimal(p.TickSize), decimal(p.MinSize), decimal(p.MaxSize), p.FeeRateBps)
		if mk.Status == MarketResolved {
			x += fmt.Sprintf(" payout=%d/%d", mk.Payout[0], mk.Payout[1])
		}
		return x
	case EvTransfer:
		x := fmt.Sprintf("transfer %s %s %s", s.acctName(e.Account), e.TransferKind, decimal(e.Amount))
		if e.Asset > 0 {
			x += " token=" + s.assetName(e.Asset)
		}
		if e.Market >= 0 {
			x += " market=" + s.marketName(e.Market)
		}
		if e.Seq != 0 {
			x += fmt.Sprintf(" trade=#%d", e.Seq)
		}
		return x
	case EvTradeStatusChanged:
		return fmt.Sprintf("trade-status #%d %s %s taker=%s maker=%s", e.Seq, e.TradeStatus, s.marketName(e.Market),
			s.acctName(e.Account), s.acctName(e.MakerAccount))
	case EvBookChanged:
		// A level's totals after the command, then before it, in the
		// spelling of the book command's levels.
		return fmt.Sprintf("book %s %s %s x%s (%d) was x%s (%d)", s.marketName(e.Market), e.BookSide, decimal(e.Price),
			decimal(e.Size), e.Orders, decimal(e.PrevSize), e.PrevOrders)
	}
	return "unknown event " + e.Kind.String()
}

// printBook shows a market's YES book: asks from the top down, then bids,
// each level with its orders oldest first (NO orders marked).
func (s *scenario) printBook(w *strings.Builder, n string) {
	i, ok := s.m.MarketIndex(s.markets[n])
	if !ok {
		w.WriteString("no market " + n + "\n")
		return
	}
	mk := &s.m.markets[i]
	var asks []string
	for _, side := range []book.Side{book.Ask, book.Bid} {
		for p, ok := mk.book.Best(side); ok; p, ok = mk.book.Worse(side, p) {
			qty, cnt := mk.book.Level(side, p)
			line := fmt.Sprintf("%s %s x%s (%d):", map[book.Side]string{book.Bid: "bid", book.Ask: "ask"}[side],
				decimal(uint64(p*mk.tickPips)*MicroPerPip), decimal(uint64(qty)*LotUnits), cnt)
			for o := mk.book.Head(side, p); o != book.Nil; o = mk.book.Next(o) {
				line += " " + s.names[s.m.pool.Get(o).id]
				if s.m.pool.Get(o).outcome == 1 {
					line += "(no)"
				}
			}
			if side == book.Ask {
				asks = append([]string{line}, asks...)
			} else {
				asks = append(asks, line)
			}
		}
	}
	if len(asks) == 0 {
		asks = []string{"empty"}
	}
	w.WriteString(strings.Join(asks, "\n") + "\n")
}

func (s *scenario) printBalances(w *strings.Builder, n string) {
	addr := s.acct(n)
	a, ok := s.m.account(addr)
	if !ok {
		w.WriteString("no account " + n + "\n")
		return
	}
	for _, p := range s.m.sortedPositions() {
		pos := &s.m.positions[p]
		if pos.account == a && (pos.balance != 0 || pos.asset == 0 || pos.debt != 0) {
			fmt.Fprintf(w, "%s %s locked=%s", s.assetName(pos.asset), decimal(uint64(pos.balance)), decimal(uint64(pos.locked)))
			if pos.debt != 0 {
				fmt.Fprintf(w, " debt=%s", decimal(uint64(pos.debt)))
			}
			w.WriteString("\n")
		}
	}
}
