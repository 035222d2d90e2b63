package server

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/proto/chain/txn"
	"pred.dev/proto/runtime/lease"
	"pred.dev/settler/markets"
)

// MarketsConfig configures the markets service: the chain side of
// listing and resolving markets (package markets), served over NATS to
// Gamma's operator and the CLOB's faucet.
type MarketsConfig struct {
	// On serves it. Off, for a second exchange sharing a chain whose
	// markets another settler lists, or a settler run beside a devnet.
	On bool
	// Key is the operator key: every market's oracle and an admin of both
	// exchanges. Required when On; never the redeem key.
	Key *ecdsa.PrivateKey
	// Oracle is the address Gamma derives every market's condition from
	// (its -oracle): the key's address must be it. Zero: the deployment
	// record's deployer, Gamma's default too.
	Oracle common.Address
	// Faucet serves the devnet faucet's funding: only on a deployment
	// whose stablecoin is the dev stablecoin, with a key that mints it.
	Faucet bool
}

// ErrMarketsConfig is wrapped by every refusal of the markets service's
// configuration at the start; the message says what to do.
var ErrMarketsConfig = errors.New("settler: the markets service cannot start")

// checkMarkets refuses what can be told without the chain: no key, the
// redeem key (two senders on one nonce sequence), an oracle Gamma does
// not derive from.
func (c *Config) checkMarkets() error {
	mc := c.Markets
	if !mc.On {
		return nil
	}
	if mc.Key == nil {
		return fmt.Errorf("%w: it needs the operator key (the markets' oracle, an admin of both exchanges): give -operator-key-file PATH "+
			"(SETTLER_OPERATOR_KEY_FILE) or SETTLER_OPERATOR_KEY (hex) in the environment, or turn the service off with -markets=false",
			ErrMarketsConfig)
	}
	from := crypto.PubkeyToAddress(mc.Key.PublicKey)
	if c.RedeemKey != "" {
		if rk, err := redeemKey(c.RedeemKey); err == nil && crypto.PubkeyToAddress(rk.PublicKey) == from {
			return fmt.Errorf("%w: the operator key and -redeem-key are the same key %s: two senders would number one nonce sequence; "+
				"give the redeemer a key of its own (any funded key)", ErrMarketsConfig, from.Hex())
		}
	}
	oracle := mc.Oracle
	if oracle == (common.Address{}) {
		oracle = c.Settle.Deployment.Deployer
	}
	if from != oracle {
		return fmt.Errorf("%w: the operator key's address %s is not the oracle %s that Gamma derives every market's condition from "+
			"(its -oracle; by default the deployment record's deployer): give the deployer's key, or start the settler and every "+
			"gateway-gamma with -oracle %s", ErrMarketsConfig, from.Hex(), oracle.Hex(), from.Hex())
	}
	return nil
}

// newMarkets builds the markets service and checks on chain that its key
// may do what it needs; nil when the service is off.
func newMarkets(ctx context.Context, cfg *Config, chain txn.Backend) (*markets.Markets, error) {
	if !cfg.Markets.On {
		return nil, nil
	}
	m, err := markets.New(markets.Config{Deployment: cfg.Settle.Deployment, Chain: &txn.Chain{Backend: chain},
		Key: cfg.Markets.Key, Faucet: cfg.Markets.Faucet})
	if err != nil {
		return nil, err
	}
	if err := m.Check(ctx); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMarketsConfig, err)
	}
	return m, nil
}

// runMarkets serves the markets service while this process holds its
// lease, until ctx ends; off, it only waits.
func runMarkets(ctx context.Context, cfg *Config, m *markets.Markets, nc *nats.Conn, log *zap.Logger) error {
	if m == nil {
		<-ctx.Done()
		return nil
	}
	return m.Serve(ctx, nc, markets.LeaseConfig{TTL: cfg.marketsLeaseTTL(), Holder: lease.HolderName(cfg.Holder), Replicas: cfg.Settle.Replicas},
		log.Named("markets"))
}

// marketsLeaseTTL is the settlement's lease TTL, which may be 0 (no
// lease for the settlement), but the markets service always has one:
// its key's nonces have one sender.
func (c *Config) marketsLeaseTTL() time.Duration {
	if c.LeaseTTL > 0 {
		return c.LeaseTTL
	}
	return DefaultLeaseTTL
}
