package stream

// routes indexes the registered clients by what they follow, so that a
// position's messages visit their subscribers only. Without it every
// position visited every connection: with 5,000 book subscribers spread
// over a dozen tokens, a position of one market paid for 5,000 filters
// to reach the few hundred that wanted it, all under the hub's lock.
//
// The index only narrows the candidates; client.wants still decides each
// message, so an index that says too much costs time, never correctness.
// It is changed under the hub's write lock, with the client's lock held,
// wherever a subscription changes (reroute).
type routes struct {
	// market: /ws/market clients following a token of the market, and
	// /ws/user clients filtering on it.
	market map[[32]byte]map[*client]struct{}
	// everyMarket: /ws/user clients without a market filter.
	everyMarket map[*client]struct{}
	// account: /ws/user clients by wallet.
	account map[[20]byte]map[*client]struct{}

	// picked and order are the candidates of the position being
	// delivered, reused from one position to the next.
	picked map[*client]struct{}
	order  []*client
}

func newRoutes() *routes {
	return &routes{market: map[[32]byte]map[*client]struct{}{}, everyMarket: map[*client]struct{}{},
		account: map[[20]byte]map[*client]struct{}{}, picked: map[*client]struct{}{}}
}

// routed is where a client is in the index, to take it out again.
type routed struct {
	markets     [][32]byte
	everyMarket bool
	account     *[20]byte
}

// reroute files c (its lock held) under what it follows now.
func (r *routes) reroute(c *client) {
	r.remove(c)
	var at routed
	for m := range c.markets {
		add(r.market, m, c)
		at.markets = append(at.markets, m)
	}
	if c.user {
		if len(c.markets) == 0 {
			r.everyMarket[c] = struct{}{}
			at.everyMarket = true
		}
		w := c.wallet
		add(r.account, w, c)
		at.account = &w
	}
	c.routed = at
}

// remove takes c out of the index.
func (r *routes) remove(c *client) {
	for _, m := range c.routed.markets {
		del(r.market, m, c)
	}
	if c.routed.everyMarket {
		delete(r.everyMarket, c)
	}
	if c.routed.account != nil {
		del(r.account, *c.routed.account, c)
	}
	c.routed = routed{}
}

// candidates are the clients that may want one of items.
func (r *routes) candidates(items []item) []*client {
	clear(r.picked)
	r.order = r.order[:0]
	pick := func(set map[*client]struct{}) {
		for c := range set {
			if _, ok := r.picked[c]; !ok {
				r.picked[c] = struct{}{}
				r.order = append(r.order, c)
			}
		}
	}
	every := false
	for i := range items {
		it := &items[i]
		switch it.scope {
		case toMarket:
			pick(r.market[it.market])
			every = true
		case toToken:
			pick(r.market[it.market])
		case toAccount:
			pick(r.account[it.account])
		}
	}
	if every {
		pick(r.everyMarket)
	}
	return r.order
}

func add[K comparable](idx map[K]map[*client]struct{}, k K, c *client) {
	set, ok := idx[k]
	if !ok {
		set = map[*client]struct{}{}
		idx[k] = set
	}
	set[c] = struct{}{}
}

func del[K comparable](idx map[K]map[*client]struct{}, k K, c *client) {
	if set, ok := idx[k]; ok {
		delete(set, c)
		if len(set) == 0 {
			delete(idx, k)
		}
	}
}
