package bench

import (
	"testing"

	"github.com/shopspring/decimal"

	"pred.dev/engine/loadgen"
	"pred.dev/scripts/bench/internal/peerbook"
)

// TestPeerTrades: the peer book fills a crossing order against a resting
// one, and on the matcher's stream its orders trade with no error, so the
// comparison is of working books.
func TestPeerTrades(t *testing.T) {
	w := loadgen.Generate(loadgen.Single(2_000))
	prep, cmds, err := peerStream(w)
	if err != nil {
		t.Fatal(err)
	}
	// One share at 0.52 each way, as toPeer writes them.
	qty, price := decimal.New(100, -lotDecimals), decimal.New(5_200, -pipDecimals)
	ask := peerCmd{side: peerbook.Sell, id: "ask", qty: qty, price: price}
	bid := peerCmd{side: peerbook.Buy, id: "bid", qty: qty, price: price}
	ob := peerbook.NewOrderBook()
	if n, err := applyPeer(ob, &ask); err != nil || n != 0 {
		t.Fatalf("the resting order: %d trades, %v", n, err)
	}
	if n, err := applyPeer(ob, &bid); err != nil || n != 1 {
		t.Fatalf("the crossing order: %d trades, %v; want 1", n, err)
	}
	if ob.Order("ask") != nil || ob.Order("bid") != nil {
		t.Errorf("an order of the same size rests after filling: %v", ob)
	}
	run, err := runPeer(prep, cmds)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d of %d commands traded in the peer book", run.trades, len(cmds))
	if run.trades == 0 || run.elapsed <= 0 {
		t.Errorf("peer run %+v: want trades", run)
	}
}

// TestClassify: every kind of the matcher's figures occurs in the
// single-book stream.
func TestClassify(t *testing.T) {
	w := loadgen.Generate(loadgen.Single(2_000))
	kinds, err := classify(w)
	if err != nil {
		t.Fatal(err)
	}
	var n [kindCount]int
	for _, k := range kinds {
		n[k]++
	}
	for k, c := range n {
		t.Logf("%s: %d", cmdKindNames[k], c)
		if c == 0 {
			t.Errorf("no %s in the stream", cmdKindNames[k])
		}
	}
}
