package book

import (
	"math/rand/v2"
	"testing"
)

// TestBitmapSearch checks above and below against a plain scan over random
// sets, at every size the engine uses (10, 100, 1,000 and 10,000 ticks).
func TestBitmapSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int32{10, 100, 1_000, 10_000} {
		b := newBitmap(n)
		set := make([]bool, n)
		for range 20_000 {
			i := r.Int32N(n)
			if r.IntN(3) == 0 {
				b.clear(i)
				set[i] = false
			} else {
				b.set(i)
				set[i] = true
			}
			q := r.Int32N(n+2) - 1
			wantAbove, okAbove := int32(0), false
			for j := q + 1; j < n; j++ {
				if j >= 0 && set[j] {
					wantAbove, okAbove = j, true
					break
				}
			}
			wantBelow, okBelow := int32(0), false
			for j := min(q-1, n-1); j >= 0; j-- {
				if set[j] {
					wantBelow, okBelow = j, true
					break
				}
			}
			if got, ok := b.above(q); ok != okAbove || got != wantAbove {
				t.Fatalf("n=%d above(%d) = %d,%v want %d,%v", n, q, got, ok, wantAbove, okAbove)
			}
			if q >= 0 {
				if got, ok := b.below(q); ok != okBelow || got != wantBelow {
					t.Fatalf("n=%d below(%d) = %d,%v want %d,%v", n, q, got, ok, wantBelow, okBelow)
				}
			}
		}
	}
}

// TestLadderMatchesReference drives both books with the same random adds,
// removes and reductions and compares every observable after each step.
func TestLadderMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	const ticks, slots = 100, 400
	pool := NewPool[struct{}](slots)
	for range slots {
		pool.Append()
	}
	fast, ref := NewLadder(ticks, pool), NewReference(ticks)
	type rest struct {
		side  Side
		price int32
		qty   int64
	}
	resting := map[int32]rest{}
	for step := range 50_000 {
		o := r.Int32N(slots)
		if cur, ok := resting[o]; ok {
			if r.IntN(2) == 0 && cur.qty > 1 {
				q := 1 + r.Int64N(cur.qty-1)
				fast.Reduce(cur.side, cur.price, q)
				ref.Reduce(cur.side, cur.price, q)
				cur.qty -= q
				resting[o] = cur
			} else {
				fast.Remove(o, cur.side, cur.price, cur.qty)
				ref.Remove(o, cur.side, cur.price, cur.qty)
				delete(resting, o)
			}
		} else {
			e := rest{side: Side(r.IntN(2)), price: 1 + r.Int32N(ticks-1), qty: 1 + r.Int64N(100)}
			fast.Add(o, e.side, e.price, e.qty)
			ref.Add(o, e.side, e.price, e.qty)
			resting[o] = e
		}
		compareBooks(t, step, fast, ref)
	}
}

func compareBooks(t *testing.T, step int, a, b Book) {
	for _, side := range []Side{Bid, Ask} {
		pa, oka := a.Best(side)
		pb, okb := b.Best(side)
		for oka || okb {
			if pa != pb || oka != okb {
				t.Fatalf("step %d side %d: ladder price %d,%v reference %d,%v", step, side, pa, oka, pb, okb)
			}
			qa, na := a.Level(side, pa)
			qb, nb := b.Level(side, pb)
			if qa != qb || na != nb {
				t.Fatalf("step %d side %d price %d: ladder %d/%d reference %d/%d", step, side, pa, qa, na, qb, nb)
			}
			for sa, sb := a.Head(side, pa), b.Head(side, pb); sa != Nil || sb != Nil; sa, sb = a.Next(sa), b.Next(sb) {
				if sa != sb {
					t.Fatalf("step %d side %d price %d: queue differs, ladder %d reference %d", step, side, pa, sa, sb)
				}
			}
			pa, oka = a.Worse(side, pa)
			pb, okb = b.Worse(side, pb)
		}
	}
}
