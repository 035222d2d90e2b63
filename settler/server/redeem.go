package server

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	"pred.dev/settler/redeem"
)

// Redeem follows the engine's events on nc and redeems every market it
// resolves on chain, into its holders' wallets through the RedeemModule,
// sending from sender (any funded key: redeeming needs no role), until
// ctx ends.
func Redeem(ctx context.Context, c *txn.Chain, sender *txn.Sender, d *deploy.Deployment, nc *nats.Conn, log *zap.Logger) error {
	r, err := redeem.New(c, sender, d, log.Named("redeem"))
	if err != nil {
		return err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	if err := r.Follow(ctx, js); err != nil && !errors.Is(err, context.Canceled) && ctx.Err() == nil {
		return err
	}
	return nil
}

// redeemKey parses Config.RedeemKey: hex, with or without 0x.
func redeemKey(s string) (*ecdsa.PrivateKey, error) {
	key, err := crypto.HexToECDSA(strings.TrimPrefix(strings.TrimSpace(s), "0x"))
	if err != nil {
		return nil, fmt.Errorf("-redeem-key (SETTLER_REDEEM_KEY): not 64 hex digits: %w", err)
	}
	return key, nil
}

// runRedeem redeems with the configured key until ctx ends; without a key
// it only waits.
func runRedeem(ctx context.Context, cfg *Config, chain txn.Backend, nc *nats.Conn, log *zap.Logger) error {
	if cfg.RedeemKey == "" {
		log.Warn("no -redeem-key: resolved markets are not redeemed on chain; their holders redeem themselves")
		<-ctx.Done()
		return nil
	}
	key, err := redeemKey(cfg.RedeemKey)
	if err != nil {
		return err
	}
	c := &txn.Chain{Backend: chain}
	sender, err := txn.NewSender(ctx, c, key)
	if err != nil {
		return err
	}
	return Redeem(ctx, c, sender, cfg.Settle.Deployment, nc, log)
}
