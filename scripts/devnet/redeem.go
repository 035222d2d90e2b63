package devnet

import (
	"context"

	"github.com/ethereum/go-ethereum/common"
	"go.uber.org/zap"

	settlerserver "pred.dev/settler/server"
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
	d.run(&d.gwDone, "redeemer", func() error {
		err := settlerserver.Redeem(runCtx, d.chain.chain, d.chain.admin, d.Deployment, nc, d.log)
		if err != nil {
			d.log.Error("the redeemer stopped", zap.Error(err))
		}
		return err
	})
	return nil
}
