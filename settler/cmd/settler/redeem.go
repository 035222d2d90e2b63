package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	"pred.dev/settler/redeem"
)

// The redeemer, beside the settlement: every market the engine resolves
// is redeemed on chain into its holders' wallets through the
// RedeemModule (package redeem). This file holds its wiring only.

// redeemFlags configure it.
type redeemFlags struct {
	key string
}

func addRedeemFlags(fs *flag.FlagSet, r *redeemFlags) {
	fs.StringVar(&r.key, "redeem-key", "", "hex private key that sends the redemptions of resolved markets (any funded key: redeeming needs no role); empty: no redemption, holders redeem themselves; secret")
}

// runRedeem follows the engine's events and redeems every resolved
// market until ctx ends; without a key it only waits.
func runRedeem(ctx context.Context, r *redeemFlags, d *deploy.Deployment, chain *ethclient.Client, nc *nats.Conn, log *zap.Logger) error {
	if r.key == "" {
		log.Warn("no -redeem-key: resolved markets are not redeemed on chain; their holders redeem themselves")
		<-ctx.Done()
		return nil
	}
	key, err := crypto.HexToECDSA(strings.TrimPrefix(strings.TrimSpace(r.key), "0x"))
	if err != nil {
		return fmt.Errorf("-redeem-key (SETTLER_REDEEM_KEY): not 64 hex digits: %w", err)
	}
	c := &txn.Chain{Backend: chain}
	sender, err := txn.NewSender(ctx, c, key)
	if err != nil {
		return err
	}
	rd, err := redeem.New(c, sender, d, log.Named("redeem"))
	if err != nil {
		return err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	if err := rd.Follow(ctx, js); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
