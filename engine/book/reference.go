package book

import "slices"

// Reference is a naive Book: sorted slices of levels, each a slice of
// slots, found by linear search. It is slow on purpose and simple enough to
// be obviously right; tests run it in lockstep with Ladder and compare.
type Reference struct {
	ticks int32
	sides [2][]refLevel // best level first
	where map[int32]refPos
}

type refLevel struct {
	price  int32
	orders []int32
	qty    int64
}

type refPos struct {
	side  Side
	price int32
}

var _ Book = (*Reference)(nil)

// NewReference returns an empty naive book for prices 1..ticks-1.
func NewReference(ticks int32) *Reference {
	return &Reference{ticks: ticks, where: map[int32]refPos{}}
}

func (r *Reference) Ticks() int32 { return r.ticks }

func (r *Reference) find(side Side, price int32) int {
	for i, lv := range r.sides[side] {
		if lv.price == price {
			return i
		}
	}
	return -1
}

func (r *Reference) Add(o int32, side Side, price int32, qty int64) {
	i := r.find(side, price)
	if i < 0 {
		r.sides[side] = append(r.sides[side], refLevel{price: price})
		slices.SortFunc(r.sides[side], func(a, b refLevel) int {
			if Better(side, a.price, b.price) {
				return -1
			}
			return 1
		})
		i = r.find(side, price)
	}
	lv := &r.sides[side][i]
	lv.orders = append(lv.orders, o)
	lv.qty += qty
	r.where[o] = refPos{side, price}
}

func (r *Reference) Remove(o int32, side Side, price int32, qty int64) {
	i := r.find(side, price)
	lv := &r.sides[side][i]
	lv.orders = slices.DeleteFunc(lv.orders, func(x int32) bool { return x == o })
	lv.qty -= qty
	if len(lv.orders) == 0 {
		r.sides[side] = slices.Delete(r.sides[side], i, i+1)
	}
	delete(r.where, o)
}

func (r *Reference) Reduce(side Side, price int32, qty int64) {
	r.sides[side][r.find(side, price)].qty -= qty
}

func (r *Reference) Best(side Side) (int32, bool) {
	if len(r.sides[side]) == 0 {
		return 0, false
	}
	return r.sides[side][0].price, true
}

func (r *Reference) Worse(side Side, price int32) (int32, bool) {
	for _, lv := range r.sides[side] {
		if Better(side, price, lv.price) {
			return lv.price, true
		}
	}
	return 0, false
}

func (r *Reference) Head(side Side, price int32) int32 {
	i := r.find(side, price)
	if i < 0 {
		return Nil
	}
	return r.sides[side][i].orders[0]
}

func (r *Reference) Next(o int32) int32 {
	p := r.where[o]
	orders := r.sides[p.side][r.find(p.side, p.price)].orders
	k := slices.Index(orders, o)
	if k+1 < len(orders) {
		return orders[k+1]
	}
	return Nil
}

func (r *Reference) Level(side Side, price int32) (int64, int32) {
	i := r.find(side, price)
	if i < 0 {
		return 0, 0
	}
	lv := &r.sides[side][i]
	return lv.qty, int32(len(lv.orders))
}
