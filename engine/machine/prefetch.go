package machine

import "pred.dev/engine/prefetch"

// Prefetch hints the lines that applying c will first miss on: the seen
// set's filter block of a new order's id, the resting-order index's slot
// of an order it cancels, the account index's slot of its wallet. The
// shell calls it for the next command of a batch before applying the
// current one, so that each command's misses overlap the work of the one
// before. It changes nothing: a command applies the same with or without
// it, and a wrong or stale hint only wastes a load.
func (m *Machine) Prefetch(c *Command) {
	switch c.Kind {
	case KindPlace:
		m.seen.prefetch(idKey(c.ID))
		m.accountIdx.prefetch(addrKey(c.Order.Maker))
	case KindReplace:
		m.seen.prefetch(idKey(c.ID))
		if len(c.OrderIDs) > 0 {
			m.live.prefetch(idKey16(&c.OrderIDs[0]))
		}
	case KindCancel:
		if len(c.OrderIDs) > 0 {
			m.live.prefetch(idKey16(&c.OrderIDs[0]))
		}
	}
}

func (s *idSet) prefetch(id [16]byte) {
	if k := keyOf(id); k != (idSlot{}) {
		w, _ := s.bloomMix(s.bloom, k)
		prefetch.Line(&w[0])
	}
}

func (x *index16) prefetch(k key16) { prefetch.Line(&x.slots[x.home(&k)].key[0]) }

func (x *index32) prefetch(k key32) { prefetch.Line(&x.slots[x.home(&k)].key[0]) }
