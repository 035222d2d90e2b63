// Package streams creates the command log's JetStream streams (CMD and
// EVT, named in pred.dev/proto/journal) with the configuration every
// process must agree on, and reads where a stream ends.
package streams

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/natscheck"
)

// Config holds the deployment-dependent settings of the streams.
type Config struct {
	// Replicas is 1 on a single node and 3 in a cluster. Default 1.
	Replicas int
	// DuplicateWindow is how long the streams remember message ids to drop
	// retried publishes. Default 2 minutes.
	DuplicateWindow time.Duration
}

const (
	defaultReplicas        = 1
	defaultDuplicateWindow = 2 * time.Minute
)

func (c Config) withDefaults() Config {
	if c.Replicas <= 0 {
		c.Replicas = defaultReplicas
	}
	if c.DuplicateWindow <= 0 {
		c.DuplicateWindow = defaultDuplicateWindow
	}
	return c
}

// Ensure creates the CMD and EVT streams, or updates them to this
// configuration if they exist. It is safe to call from every process at
// every start.
func Ensure(ctx context.Context, js jetstream.JetStream, cfg Config) error {
	cfg = cfg.withDefaults()
	for _, sc := range streamConfigs(cfg) {
		if _, err := natscheck.CreateOrUpdateStream(ctx, js, natscheck.ReplicasFlag, sc); err != nil {
			return fmt.Errorf("streams: ensure stream %s: %w", sc.Name, err)
		}
	}
	return nil
}

// streamConfigs describes both streams. Both keep everything: no age,
// size or count limit, and DiscardNew so that if a server limit is ever hit
// appends fail loudly instead of old messages vanishing. The CMD log also
// refuses deletes and purges because the engine's state is only
// reproducible from the complete log.
func streamConfigs(cfg Config) []jetstream.StreamConfig {
	base := jetstream.StreamConfig{
		Retention:  jetstream.LimitsPolicy,
		Storage:    jetstream.FileStorage,
		Discard:    jetstream.DiscardNew,
		MaxMsgs:    -1,
		MaxBytes:   -1,
		MaxAge:     0,
		Replicas:   cfg.Replicas,
		Duplicates: cfg.DuplicateWindow,
	}
	cmd := base
	cmd.Name = journal.CommandStream
	cmd.Description = "Commands to the matching engine: the source of truth."
	cmd.Subjects = []string{journal.CommandSubject}
	cmd.DenyDelete = true
	cmd.DenyPurge = true

	evt := base
	evt.Name = journal.EventStream
	evt.Description = "Events of the matching engine; each message covers consecutive CMD messages."
	evt.Subjects = []string{journal.EventSubject}
	return []jetstream.StreamConfig{cmd, evt}
}

// LastSeq returns the last sequence of a stream: 0 while it is empty.
func LastSeq(ctx context.Context, js jetstream.JetStream, stream string) (uint64, error) {
	st, err := js.Stream(ctx, stream)
	if err != nil {
		return 0, fmt.Errorf("streams: %s: %w", stream, err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		return 0, fmt.Errorf("streams: %s info: %w", stream, err)
	}
	return info.State.LastSeq, nil
}
