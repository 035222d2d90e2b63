package devnet

import (
	"context"
	"errors"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/settler/redeem"
)

// startRedeemer runs the settler's redeemer: every market the engine
// resolves is redeemed on chain into its holders' wallets through the
// RedeemModule, sent from the dev key (redeeming needs no role). A
// deployment from before the module has none, and its wallets are left
// to their owners.
func (d *Devnet) startRedeemer(runCtx context.Context) error {
	if d.Deployment.Contracts.RedeemModule == (common.Address{}) {
		d.log.Warn("the deployment has no RedeemModule (a data dir from before it): resolved markets are not redeemed on chain automatically")
		return nil
	}
	nc, err := d.connect("settler-redeem")
	if err != nil {
		return err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	r, err := redeem.New(d.chain.chain, d.chain.admin, d.Deployment, d.log.Named("redeem"))
	if err != nil {
		return err
	}
	d.run(&d.gwDone, "redeemer", func() error {
		err := r.Follow(runCtx, js)
		if errors.Is(err, context.Canceled) || runCtx.Err() != nil {
			return nil
		}
		d.log.Error("the redeemer stopped", zap.Error(err))
		return err
	})
	return nil
}
