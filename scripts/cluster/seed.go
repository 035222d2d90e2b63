package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/operator"
	gammaserver "pred.dev/gateway-gamma/server"
	"pred.dev/proto/chain/marketrpc"
	"pred.dev/proto/errcode"
	"pred.dev/scripts/devnet"
)

// seed lists Gamma's demo catalogue (the README's markets) through
// Gamma's operator, as the devnet does; SeedDemo is idempotent, so every
// up runs it. It runs a Gamma API in this process, with the cluster's
// Gamma configuration: the deployer as the markets' oracle and every
// bucket at R3 (devnet.SeedDemo's Gamma would set the catalogue's
// buckets back to one replica).
func (c *Cluster) seed(ctx context.Context) error {
	nc, err := nats.Connect(c.Config.nats().URL(), nats.Name("cluster-seed"))
	if err != nil {
		return err
	}
	defer nc.Close()
	cfg := devnet.GammaConfig(c.Deployment)
	cfg.KVReplicas = NATSReplicas
	// Markets are prepared and resolved on chain by the leading settler's
	// markets service, as the standalone Gamma does.
	rpc := marketrpc.New(nc)
	cfg.Chain, cfg.Resolver = rpc, rpc
	gw, err := gammaserver.New(cfg, nc, zap.NewNop())
	if err != nil {
		return fmt.Errorf("cluster: Gamma API: %w", err)
	}
	defer gw.Close()
	err = retryUnavailable(ctx, seedUnavailableMax, func() error {
		_, err := operator.SeedDemo(ctx, gw.Operator())
		return err
	})
	if err != nil {
		return fmt.Errorf("cluster: the demo catalogue: %w", err)
	}
	return nil
}

// seedUnavailableMax is how long the catalogue waits out an engine that
// answers ENGINE_UNAVAILABLE. Right after start, on a machine busy with
// other clusters, the engines may still be settling their lease (seen in
// make test and make bench-quick); the code says nothing was appended.
const seedUnavailableMax = time.Minute

// seedRetryPause is the pause between two tries.
const seedRetryPause = 500 * time.Millisecond

// retryUnavailable calls fn until it returns anything but
// ENGINE_UNAVAILABLE or maxWait has passed. Only that code is retried:
// it promises nothing was appended, so a second try cannot apply a
// command twice (and SeedDemo is idempotent besides).
func retryUnavailable(ctx context.Context, maxWait time.Duration, fn func() error) error {
	deadline := time.Now().Add(maxWait)
	for {
		err := fn()
		if errcode.CodeOf(err) != errcode.EngineUnavailable || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(seedRetryPause):
		}
	}
}
