package bench

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
	"pred.dev/relayer/figures"
	"pred.dev/scripts/devnet"
)

// RelayerConfig sizes the relayer figures (see figures.Config).
type RelayerConfig struct {
	Clients, PerClient       int
	LatClients, LatPerClient int
}

// DefaultRelayer is what `make bench` runs: the sizes of the relayer's
// own TestFigures.
var DefaultRelayer = RelayerConfig{Clients: figures.DefaultClients, PerClient: figures.DefaultPerClient,
	LatClients: figures.DefaultLatClients, LatPerClient: figures.DefaultLatPerClient}

// relayerTimeout bounds the whole relayer run: the devnet's start, 64
// onboardings, the submissions and their execution, the latencies.
const relayerTimeout = 10 * time.Minute

// Relayer measures the devnet's Relayer API with figures.Measure, the
// measurement of the relayer's TestFigures: traders log in to the Gamma
// API like any client, the relayer's wallets are onboarded through it,
// and the chain is the devnet's (sealing a block as soon as a
// transaction waits, NATS fsyncing every message); rate limits are off,
// and clients, relayer, NATS and chain share the machine's cores.
func Relayer(cfg RelayerConfig) ([]Figure, error) {
	dir, err := os.MkdirTemp("", "pred-bench-relayer-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), relayerTimeout)
	defer cancel()
	d, err := devnet.Start(ctx, devnet.Config{DataDir: dir, APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0",
		NATSPort: -1, ChainAddr: "127.0.0.1:0", Unlimited: true})
	if err != nil {
		return nil, err
	}
	defer d.Close()
	ch, err := ethclient.DialContext(ctx, d.RPCURL)
	if err != nil {
		return nil, fmt.Errorf("chain RPC %s: %w", d.RPCURL, err)
	}
	defer ch.Close()
	pi, err := gamma.New(d.GammaURL).PublicInfo(ctx)
	if err != nil {
		return nil, err
	}
	chain, err := relayer.ChainFromPublicInfo(pi)
	if err != nil {
		return nil, err
	}
	res, err := figures.Measure(ctx, figures.Config{URL: d.RelayerURL, Chain: chain,
		NewTrader: func(ctx context.Context) (figures.Trader, error) {
			key, err := crypto.GenerateKey()
			if err != nil {
				return figures.Trader{}, err
			}
			tr, err := loginKey(ctx, d.GammaURL, key)
			return figures.Trader{Key: key, Token: tr}, err
		},
		HotNonce: func(ctx context.Context) (uint64, error) { return ch.NonceAt(ctx, d.RelayerHot, nil) },
		Clients:  cfg.Clients, PerClient: cfg.PerClient, LatClients: cfg.LatClients, LatPerClient: cfg.LatPerClient})
	if err != nil {
		return nil, err
	}
	return []Figure{
		{"relayer_submits_per_sec", res.SubmitsPerSec, "submissions/s"},
		{"relayer_worker_mined_per_sec", res.WorkerMinedPerSec, "transactions/s"},
		{"relayer_mined_p50_ms", res.MinedP50Ms, "ms"},
		{"relayer_mined_p99_ms", res.MinedP99Ms, "ms"},
	}, nil
}

// loginKey logs key in to the Gamma API and returns the token.
func loginKey(ctx context.Context, gammaURL string, key *ecdsa.PrivateKey) (string, error) {
	tr, err := gamma.New(gammaURL, gamma.WithPrivateKey(key)).Login(ctx)
	if err != nil {
		return "", fmt.Errorf("Gamma login: %w", err)
	}
	return tr.Token, nil
}
