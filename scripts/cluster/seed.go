package cluster

import (
	"context"
	"fmt"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/operator"
	gammaserver "pred.dev/gateway-gamma/server"
	"pred.dev/proto/chain/marketrpc"
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
	if _, err := operator.SeedDemo(ctx, gw.Operator()); err != nil {
		return fmt.Errorf("cluster: the demo catalogue: %w", err)
	}
	return nil
}
