package stream

import (
	"slices"
	"testing"
)

// TestRoutesPickEveryClientThatWants: for every kind of message and
// subscription, the index's candidates are exactly the registered
// clients that want one of the position's messages.
func TestRoutesPickEveryClientThatWants(t *testing.T) {
	m1, m2 := [32]byte{1}, [32]byte{2}
	t1, t2 := [32]byte{11}, [32]byte{21} // a token of m1, of m2
	w1, w2 := [20]byte{1}, [20]byte{2}
	book := func(tokens ...[32]byte) *client {
		c := &client{tokens: map[[32]byte]bool{}, markets: map[[32]byte]bool{}}
		for _, tok := range tokens {
			c.tokens[tok] = true
			c.markets[map[[32]byte][32]byte{t1: m1, t2: m2}[tok]] = true
		}
		return c
	}
	user := func(w [20]byte, markets ...[32]byte) *client {
		c := &client{user: true, wallet: w, tokens: map[[32]byte]bool{}, markets: map[[32]byte]bool{}}
		for _, m := range markets {
			c.markets[m] = true
		}
		return c
	}
	clients := []*client{book(t1), book(t2), book(t1, t2), user(w1), user(w1, m2), user(w2, m1)}
	r := newRoutes()
	for _, c := range clients {
		r.reroute(c)
	}
	items := []item{
		{scope: toMarket, market: m1},
		{scope: toMarket, market: m2},
		{scope: toToken, market: m1, token: t1},
		{scope: toToken, market: m2, token: t2},
		{scope: toAccount, account: w1, market: m1},
		{scope: toAccount, account: w1, market: m2},
		{scope: toAccount, account: w2},
	}
	check := func(what string, items []item) {
		t.Helper()
		got := r.candidates(items)
		for _, c := range clients {
			wants := slices.ContainsFunc(items, func(it item) bool { return c.wants(&it) })
			if wants && !slices.Contains(got, c) {
				t.Errorf("%s: a client that wants the position is not a candidate: %+v", what, c.routed)
			}
		}
		if len(got) != len(slices.Compact(slices.Clone(got))) {
			t.Errorf("%s: a candidate is picked twice", what)
		}
	}
	for i := range items {
		check("one message", items[i:i+1])
	}
	check("every message", items)
	// An unsubscribed token leaves its market's index; a removed client
	// leaves every index.
	c := clients[2]
	delete(c.tokens, t2)
	delete(c.markets, m2)
	r.reroute(c)
	if slices.Contains(r.candidates(items[3:4]), c) {
		t.Error("a client is still a candidate for a token it unsubscribed")
	}
	for _, c := range clients {
		r.remove(c)
	}
	if got := r.candidates(items); len(got) != 0 || len(r.market) != 0 || len(r.account) != 0 || len(r.everyMarket) != 0 {
		t.Errorf("after every client left: %d candidates, index %v %v %v", len(got), r.market, r.account, r.everyMarket)
	}
}
