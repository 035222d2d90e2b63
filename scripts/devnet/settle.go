package devnet

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	settlerserver "pred.dev/settler/server"
	"pred.dev/settler/settle"
)

// SettleConfig is the configuration of the devnet's settlement: the
// deployment and the chain client (which finds the party at fault when a
// trade fails). Everything else is the settler's default: up to 15
// makers per matchOrders call, 5 attempts a second apart and doubling.
func SettleConfig(dep *deploy.Deployment, chain *onchain) settle.Config {
	return settle.Config{Deployment: dep, Chain: chain.chain.Backend}
}

// grantOperator gives the relayer's hot key OPERATOR_ROLE on both
// exchanges, from the deployer (the exchanges' admin), once: a chain
// deployed before the relayer existed gets it at its next start.
func (oc *onchain) grantOperator(ctx context.Context, hot common.Address) error {
	if err := deploy.GrantOperator(ctx, oc.admin, oc.d, hot); err != nil {
		return fmt.Errorf("devnet: the relayer's hot key as the exchanges' operator: %w", err)
	}
	return nil
}

// startSettle starts the settler on its own NATS connection: it follows
// the engine's events and sends each trade's matchOrders through the
// relayer's worker (whose hot key it makes the exchanges' operator), and
// reports every trade's status to the log, so a trade of the devnet
// becomes CONFIRMED with its transaction hash. It runs with the gateways
// and stops before the engine.
func (d *Devnet) startSettle(ctx, runCtx context.Context) error {
	return d.startSettleWith(ctx, runCtx, SettleConfig(d.Deployment, d.chain))
}

// startSettleWith is startSettle with a settlement configuration of the
// caller's (a test's fewer attempts).
func (d *Devnet) startSettleWith(ctx, runCtx context.Context, cfg settle.Config) error {
	if err := d.chain.grantOperator(ctx, d.RelayerHot); err != nil {
		return err
	}
	nc, err := d.connect("settler")
	if err != nil {
		return err
	}
	s, err := settlerserver.NewSettler(cfg, nc, d.log.Named("settler"))
	if err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	d.run(&d.gwDone, "settler", func() error {
		defer func() { _ = s.Close() }()
		return s.Run(runCtx)
	})
	d.log.Info("settler running", zap.String("operator", d.RelayerHot.Hex()))
	return nil
}
