package loadgen

import (
	"pred.dev/engine/machine"
)

// setup creates the markets, deploys, funds and approves every user's
// proxy wallet and the inventory minter's, and gives each user of a market shares of
// both tokens by minting pairs with the minter. Inventory is large enough
// that no measured order is ever refused for funds.
func (g *gen) setup() {
	cfg := g.cfg
	minter := cfg.Users
	for u := 0; u <= cfg.Users; u++ {
		// Users trade from proxy wallets, the exchange's normal maker, so
		// the measured orders take the deployment check as real ones do.
		g.apply(machine.Command{Kind: machine.KindWalletDeployed, ID: g.id(), Account: UserAddress(u)})
		g.apply(machine.Command{Kind: machine.KindFaucet, ID: g.id(), Account: UserAddress(u), Amount: 1 << 50})
		// Every wallet lets the exchange move its USDW and shares, as
		// the one-time approval transaction of a real wallet does.
		g.apply(machine.Command{Kind: machine.KindCollateralApproval, ID: g.id(), Account: UserAddress(u),
			Args: &machine.Args{Exchange: machine.ExchangeStandard, Approved: true}})
		g.apply(machine.Command{Kind: machine.KindSharesApproval, ID: g.id(), Account: UserAddress(u),
			Args: &machine.Args{Exchange: machine.ExchangeStandard, Approved: true}})
	}
	g.weigh()
	g.books = make([]bookState, cfg.Markets)
	g.users = make([][]int, cfg.Markets)
	g.tokens = make([][2]machine.Hash, cfg.Markets)
	for i := range cfg.Markets {
		id, yes, no := marketID(i)
		g.tokens[i] = [2]machine.Hash{yes, no}
		g.books[i].index = map[machine.Hash]int{}
		g.apply(machine.Command{Kind: machine.KindCreateMarket, ID: g.id(), Args: &machine.Args{Market: id,
			Tokens: [2]machine.Hash{yes, no}, Params: machine.MarketParams{TickSize: tickSize, MinSize: unit, MaxSize: 1_000_000 * unit}}})
		for k := range cfg.UsersPerMarket {
			u := (i*cfg.UsersPerMarket + k) % cfg.Users
			g.users[i] = append(g.users[i], u)
			for _, o := range []machine.Outcome{machine.Yes, machine.No} {
				g.mint(i, u, minter, o, 100_000)
			}
		}
	}
}

// mint gives user u `shares` of outcome o, the minter taking the other.
func (g *gen) mint(market, u, minter int, o machine.Outcome, shares uint64) {
	other := machine.Yes + machine.No - o
	g.apply(g.order(market, minter, machine.Buy, other, mid*100, shares*100, machine.GTC))
	g.apply(g.order(market, u, machine.Buy, o, mid*100, shares*100, machine.GTC))
}

// order builds a place command. price is in YES-terms pips and lots in
// hundredths of a share.
func (g *gen) order(market, u int, side machine.Side, o machine.Outcome, yesPips int, lots uint64, typ machine.OrderType) machine.Command {
	own := uint64(yesPips)
	if o == machine.No {
		own = machine.PipsPerUnit - own
	}
	shares, coll := lots*machine.LotUnits, lots*own
	spec := machine.OrderSpec{Maker: UserAddress(u), TokenID: g.tokens[market][o-1], Side: side, Type: typ,
		MakerAmount: coll, TakerAmount: shares, SignatureType: machine.SignatureProxy}
	if side == machine.Sell {
		spec.MakerAmount, spec.TakerAmount = shares, coll
	}
	return machine.Command{Kind: machine.KindPlace, ID: g.id(), Order: spec}
}

// op generates one operation of the exchange-core mix. When a book is
// below its target the mix leans to new orders, above it to cancels, which
// keeps the resting count steady without changing the overall shares much.
func (g *gen) op() {
	i := g.pickMarket()
	b := &g.books[i]
	r := g.rng.IntN(100)
	switch {
	case len(b.live) == 0 || r < 9 || (r < 15 && len(b.live) < g.target[i]):
		g.placeGTC(i)
	case r < 12:
		g.placeFAK(i)
	case r < 18:
		g.cancel(i)
	default:
		g.replace(i)
	}
}

// side picks what an order does in YES terms: bids are BUY YES or SELL
// NO, asks SELL YES or BUY NO.
func (g *gen) side() (machine.Side, machine.Outcome, bool) {
	side := machine.Buy
	if g.rng.IntN(2) == 0 {
		side = machine.Sell
	}
	o := machine.Yes
	if g.rng.IntN(2) == 0 {
		o = machine.No
	}
	bid := (side == machine.Buy) == (o == machine.Yes)
	return side, o, bid
}

// passivePrice returns a YES-terms tick on the order's side of the mid,
// crossing it by one tick now and then so some orders trade.
func (g *gen) passivePrice(bid bool) int {
	d := g.rng.IntN(spreadTicks) - 1
	if bid {
		return mid - d
	}
	return mid + 1 + d
}

func (g *gen) placeGTC(i int) {
	side, o, bid := g.side()
	u := g.users[i][g.rng.IntN(len(g.users[i]))]
	c := g.order(i, u, side, o, g.passivePrice(bid)*100, uint64(5+g.rng.IntN(96))*100, machine.GTC)
	g.track(i, c, u)
}

// placeFAK crosses the spread by a few ticks, so it trades.
func (g *gen) placeFAK(i int) {
	side, o, bid := g.side()
	u := g.users[i][g.rng.IntN(len(g.users[i]))]
	p := mid + 3
	if !bid {
		p = mid - 2
	}
	g.apply(g.order(i, u, side, o, p*100, uint64(5+g.rng.IntN(46))*100, machine.FAK))
}

func (g *gen) cancel(i int) {
	b := &g.books[i]
	lo := b.live[g.rng.IntN(len(b.live))]
	g.apply(machine.Command{Kind: machine.KindCancel, ID: g.id(), Account: UserAddress(lo.user), OrderIDs: []machine.Hash{lo.id}})
}

// replace cancels a live order and places the same order a few ticks away.
func (g *gen) replace(i int) {
	b := &g.books[i]
	lo := b.live[g.rng.IntN(len(b.live))]
	if !g.cfg.AtomicReplace {
		g.apply(machine.Command{Kind: machine.KindCancel, ID: g.id(), Account: UserAddress(lo.user), OrderIDs: []machine.Hash{lo.id}})
	}
	p := lo.price + g.rng.IntN(7) - 3
	bid := (lo.side == machine.Buy) == (lo.outcome == machine.Yes)
	if bid {
		p = min(max(p, mid-spreadTicks), mid+1)
	} else {
		p = max(min(p, mid+1+spreadTicks), mid)
	}
	c := g.order(i, lo.user, lo.side, lo.outcome, p*100, lo.lots, machine.GTC)
	if g.cfg.AtomicReplace {
		c.Kind, c.OrderIDs = machine.KindReplace, []machine.Hash{lo.id}
	}
	g.track(i, c, lo.user)
}

// track applies a GTC place and remembers the order if it rests.
func (g *gen) track(i int, c machine.Command, u int) {
	g.apply(c)
	if !g.restingAfter(c.ID) {
		return
	}
	yes := int(c.Order.MakerAmount / (c.Order.TakerAmount / machine.LotUnits))
	if c.Order.Side == machine.Sell {
		yes = int(c.Order.TakerAmount / (c.Order.MakerAmount / machine.LotUnits))
	}
	o := machine.Yes
	if c.Order.TokenID == g.tokens[i][1] {
		o = machine.No
		yes = machine.PipsPerUnit - yes
	}
	b := &g.books[i]
	b.index[c.ID] = len(b.live)
	b.live = append(b.live, liveOrder{id: c.ID, user: u, side: c.Order.Side, outcome: o, price: yes / 100,
		lots: g.remainingOf(c.ID)})
	g.market[c.ID] = i
}

// restingAfter reports whether the last command's order rests, from its
// events: accepted and neither filled nor cancelled.
func (g *gen) restingAfter(id machine.Hash) bool {
	accepted := false
	for i := range g.out {
		e := &g.out[i]
		if e.OrderID != id {
			continue
		}
		switch e.Kind {
		case machine.EvOrderAccepted:
			accepted = true
		case machine.EvOrderFilled, machine.EvOrderCancelled, machine.EvOrderRejected:
			return false
		}
	}
	return accepted
}

// remainingOf returns the lots left of the last command's order.
func (g *gen) remainingOf(id machine.Hash) uint64 {
	var lots uint64
	for i := range g.out {
		e := &g.out[i]
		switch {
		case e.Kind == machine.EvOrderAccepted && e.OrderID == id:
			lots = e.Size / machine.LotUnits
		case e.Kind == machine.EvTrade && e.OrderID == id:
			lots = e.Remaining / machine.LotUnits
		}
	}
	return lots
}
