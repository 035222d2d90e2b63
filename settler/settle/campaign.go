package settle

import (
	"context"
	"time"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/lease"
)

// The settler's lease: one settler settles at a time. Two at once would
// be safe (every step is idempotent) but would do the work twice.
const (
	LeaseBucket = journal.SettlerLeaseBucket
	LeaseKey    = journal.SettlerLeaseKey
)

// campaignPause spaces two campaigns after a run ended in an error.
const campaignPause = 500 * time.Millisecond

// Campaign runs the settler whenever this process holds the lease, until
// ctx ends: it waits for the lease, settles while it renews it, and when
// the lease is lost or the run fails stops and campaigns again. Of
// several processes campaigning, one settles at a time; a killed one's
// lease expires after its TTL and another takes over from the state in
// NATS.
func (s *Settler) Campaign(ctx context.Context, l *lease.Lease) error {
	return lease.Campaign(ctx, l, "settler", func(ctx context.Context) error {
		s.log.Info("settler leads")
		return s.Run(ctx)
	}, ErrCrashed, s.log, campaignPause)
}
