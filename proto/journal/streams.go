package journal

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// StreamConfig holds the deployment-dependent settings of the streams.
type StreamConfig struct {
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

func (c StreamConfig) withDefaults() StreamConfig {
	if c.Replicas <= 0 {
		c.Replicas = defaultReplicas
	}
	if c.DuplicateWindow <= 0 {
		c.DuplicateWindow = defaultDuplicateWindow
	}
	return c
}

// EnsureStreams creates the CMD and EVT streams, or updates them to this
// configuration if they exist. It is safe to call from every process at
// every start.
func EnsureStreams(ctx context.Context, js jetstream.JetStream, cfg StreamConfig) error {
	cfg = cfg.withDefaults()
	for _, sc := range streamConfigs(cfg) {
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			return fmt.Errorf("journal: ensure stream %s: %w", sc.Name, err)
		}
	}
	return nil
}

// streamConfigs describes both streams. Both keep everything: no age,
// size or count limit, and DiscardNew so that if a server limit is ever hit
// appends fail loudly instead of old messages vanishing. The CMD log also
// refuses deletes and purges because the engine's state is only
// reproducible from the complete log.
func streamConfigs(cfg StreamConfig) []jetstream.StreamConfig {
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
	cmd.Name = CommandStream
	cmd.Description = "Commands to the matching engine: the source of truth."
	cmd.Subjects = []string{CommandSubject}
	cmd.DenyDelete = true
	cmd.DenyPurge = true

	evt := base
	evt.Name = EventStream
	evt.Description = "Events of the matching engine, one message per CMD message."
	evt.Subjects = []string{EventSubject}
	return []jetstream.StreamConfig{cmd, evt}
}
