package settle

import (
	"context"
	"sync/atomic"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
)

// Publisher appends commands to the log (*publish.Publisher).
type Publisher interface {
	Append(ctx context.Context, cmd *pb.Command) (uint64, error)
}

var _ Publisher = (*publish.Publisher)(nil)

// Settler settles the engine's trades on chain. Run it once per process;
// two settlers on one log are safe (every step is idempotent) but do the
// work twice, so a deployment runs one (or one per lease).
type Settler struct {
	cfg    Config
	nc     *nats.Conn
	js     jetstream.JetStream // the engine's log and events
	sjs    jetstream.JetStream // the settlement's own state (Config.Store)
	pub    Publisher
	log    *zap.Logger
	m      *metrics
	orders *orders
	st     *store

	openCount atomic.Int64
}

// New returns a settler reading the log on nc and appending through pub.
func New(cfg Config, nc *nats.Conn, pub Publisher, log *zap.Logger) (*Settler, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	sjs := js
	if cfg.Store != nil && cfg.Store != nc {
		if sjs, err = jetstream.New(cfg.Store); err != nil {
			return nil, err
		}
	}
	if log == nil {
		log = zap.NewNop()
	}
	s := &Settler{cfg: cfg, nc: nc, js: js, sjs: sjs, pub: pub, log: log, m: newMetrics(cfg.Registerer)}
	s.orders = newOrders(nc, &s.cfg)
	return s, nil
}

func (s *Settler) crash(point string) error {
	if s.cfg.Crash != nil && s.cfg.Crash(point) {
		return ErrCrashed
	}
	return nil
}
