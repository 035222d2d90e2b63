package devnet

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	relayersvc "pred.dev/relayer/server"
)

// DefaultRelayerAddr is the Relayer API's address in `make run`.
const DefaultRelayerAddr = "127.0.0.1:8082"

// relayerKeyPhrase names the relayer's hot key: keccak256 of it is the
// private key. Like the dev key it is public (this file says it), so
// anyone can spend the devnet coin it holds; it pays the gas of every
// relayed transaction, and nothing else.
const relayerKeyPhrase = "pred devnet relayer hot key (public: never use it for anything of value)"

// RelayerKey returns the devnet relayer's public hot key.
func RelayerKey() *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(crypto.Keccak256([]byte(relayerKeyPhrase)))
	if err != nil {
		panic("devnet: bad relayer key: " + err.Error())
	}
	return k
}

// RelayerAddress is the address of RelayerKey.
var RelayerAddress = crypto.PubkeyToAddress(RelayerKey().PublicKey)

// The hot key is topped up to relayerFunds from the deployer whenever a
// start finds it below relayerFundsMin: enough gas for hundreds of
// thousands of relayed transactions at the devnet's fees, and a transfer
// (not the genesis) so that a data dir made before the relayer existed
// keeps its chain, and an external chain gets it from -deployer-key.
var (
	relayerFunds    = new(big.Int).Mul(big.NewInt(1_000), big.NewInt(params.Ether))
	relayerFundsMin = new(big.Int).Mul(big.NewInt(100), big.NewInt(params.Ether))
)

// RelayerConfig is the configuration of the devnet's relayer: the
// deployment record, Gamma's JWT key (so a Gamma login token works on the
// Relayer API), the public hot key, and 2 confirmations (the devnet seals
// a block as soon as a transaction waits, and an empty one every second
// otherwise, so CONFIRMED follows MINED within about a second).
func RelayerConfig(dep *deploy.Deployment) relayersvc.Config {
	cfg := relayersvc.DefaultConfig()
	cfg.Deployment = dep
	cfg.JWTKey = JWTKey()
	cfg.HotKey = RelayerKey()
	cfg.Worker.Confirmations = 2
	// The devnet seals a block as soon as a transaction waits, so a
	// transaction is mined within milliseconds: the worker looks every
	// 25 ms (not the 100 ms a real chain's block time makes plenty), so
	// that a wallet's next transaction follows its previous one at once.
	cfg.Worker.Poll = 25 * time.Millisecond
	return cfg
}

// fundRelayer tops the hot key up from the deployer (its sender numbers
// the nonces of every send from the dev key, the markets service's too).
func (oc *onchain) fundRelayer(ctx context.Context, hot common.Address) error {
	have, err := oc.chain.Backend.BalanceAt(ctx, hot, nil)
	if err != nil {
		return fmt.Errorf("devnet: the relayer's balance: %w", err)
	}
	if have.Cmp(relayerFundsMin) >= 0 {
		return nil
	}
	tx, err := oc.admin.Transfer(ctx, hot, new(big.Int).Sub(relayerFunds, have))
	if err != nil {
		return fmt.Errorf("devnet: funding the relayer's hot key %s: %w", hot.Hex(), err)
	}
	if _, err := oc.chain.Wait(ctx, tx); err != nil {
		return fmt.Errorf("devnet: funding the relayer's hot key %s: %w", hot.Hex(), err)
	}
	return nil
}

// startRelayer starts the Relayer API and its worker on their own NATS
// connection and the devnet's chain client, with the hot key funded.
func (d *Devnet) startRelayer(ctx, runCtx context.Context, cfg Config) error {
	rcfg := RelayerConfig(d.Deployment)
	rcfg.CORSOrigins = d.CORSOrigins
	hot := crypto.PubkeyToAddress(rcfg.HotKey.PublicKey)
	if err := d.chain.fundRelayer(ctx, hot); err != nil {
		return err
	}
	nc, err := d.relayerConn(cfg)
	if err != nil {
		return err
	}
	if cfg.Unlimited {
		rcfg.RateLimit.IPPerSecond, rcfg.RateLimit.CallerPerSecond, rcfg.RateLimit.DeployIPPerSecond = 0, 0, 0
	}
	r, err := relayersvc.New(rcfg, nc, d.chain.chain.Backend, d.log)
	if err != nil {
		return fmt.Errorf("devnet: relayer: %w", err)
	}
	ln := d.relayerLn
	d.RelayerHot = hot
	d.run(&d.gwDone, "relayer", func() error { return r.Serve(runCtx, ln) })
	if !cfg.SettleElsewhere {
		d.run(&d.gwDone, "relayer worker", func() error { return r.Run(runCtx) })
	}
	d.log.Info("relayer serving", zap.String("url", d.RelayerURL), zap.String("hot", hot.Hex()))
	return nil
}

// relayerConn is the Relayer API's NATS connection: the devnet's server,
// or with SettleElsewhere and SettleNATSURL the settlement side's, where
// the relayer's queue and records live.
func (d *Devnet) relayerConn(cfg Config) (*nats.Conn, error) {
	if !cfg.SettleElsewhere || cfg.SettleNATSURL == "" {
		return d.connect("relayer")
	}
	nc, err := nats.Connect(cfg.SettleNATSURL, nats.Name("relayer"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("devnet: the settlement's NATS at %s: %w", cfg.SettleNATSURL, err)
	}
	d.conns = append(d.conns, nc)
	return nc, nil
}
