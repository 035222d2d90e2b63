package server

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/publish"
	"pred.dev/settler/settle"
)

// Settler is the settlement and the publisher it appends through
// (settle.AppendWindow's group commit).
type Settler struct {
	*settle.Settler
	Pub *publish.Publisher
}

// NewSettler builds the settlement reading the log on nc.
func NewSettler(cfg settle.Config, nc *nats.Conn, log *zap.Logger) (*Settler, error) {
	pub, err := publish.New(nc, publish.Config{Window: settle.AppendWindow}, log.Named("publish"))
	if err != nil {
		return nil, fmt.Errorf("settler publisher: %w", err)
	}
	s, err := settle.New(cfg, nc, pub, log)
	if err != nil {
		_ = pub.Close()
		return nil, fmt.Errorf("settler: %w", err)
	}
	return &Settler{Settler: s, Pub: pub}, nil
}

// Close closes the publisher, once nothing appends any more.
func (s *Settler) Close() error { return s.Pub.Close() }

// Settle settles while this process holds the settler's lease (of several
// settler processes one settles), or always with a ttl of 0. The lease
// lives with the settlement's own state (store).
func (s *Settler) Settle(ctx context.Context, store *nats.Conn, ttl time.Duration, holder string, replicas int, log *zap.Logger) error {
	js, err := jetstream.New(store)
	if err != nil {
		return err
	}
	if ttl <= 0 {
		// Settling alone beside settlers that elect one is refused.
		if err := lease.CheckUnheld(ctx, js, settle.LeaseBucket, settle.LeaseKey, "-lease-ttl"); err != nil {
			return err
		}
		return s.Run(ctx)
	}
	holder = lease.HolderName(holder)
	l, err := lease.Open(ctx, js, lease.Config{Bucket: settle.LeaseBucket, Key: settle.LeaseKey, Holder: holder, TTL: ttl,
		Replicas: replicas, Logger: log.Named("lease")})
	if err != nil {
		return err
	}
	return s.Campaign(ctx, l)
}
