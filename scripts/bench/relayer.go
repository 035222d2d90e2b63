package bench

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/jwtauth"
	"pred.dev/relayer/figures"
	"pred.dev/scripts/devnet"
)

// RelayerConfig sizes the relayer figures (see figures.Config).
type RelayerConfig struct {
	Clients, PerClient       int
	LatClients, LatPerClient int
	// Phase is figures.Config.Phase (a profile of one phase).
	Phase func(name string, begins bool)
}

// DefaultRelayer is what `make bench` runs: the sizes of the relayer's
// own TestFigures.
var DefaultRelayer = RelayerConfig{Clients: figures.DefaultClients, PerClient: figures.DefaultPerClient,
	LatClients: figures.DefaultLatClients, LatPerClient: figures.DefaultLatPerClient}

// QuickRelayer is the relayer group of `make bench-quick`: a quarter of
// the traders, each onboarded on chain, with an eighth of the
// transactions each.
var QuickRelayer = RelayerConfig{Clients: 16, PerClient: 10, LatClients: 4, LatPerClient: 5}

// relayerTimeout bounds the whole relayer run: the devnet's start, 64
// onboardings, the submissions and their execution, the latencies.
const relayerTimeout = 10 * time.Minute

// Relayer measures the devnet's Relayer API with figures.Measure, the
// measurement of the relayer's TestFigures: traders hold Gamma login
// tokens, their wallets are onboarded through the relayer,
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
	// The traders' tokens are the devnet's Gamma tokens, signed with its
	// public JWT key as Gamma's login signs them: 64 logins from one IP
	// would wait on Gamma's login rate limit, which is not what this
	// measures.
	tokens, err := jwtauth.NewSigner(devnet.JWTKey(), time.Hour)
	if err != nil {
		return nil, err
	}
	res, err := figures.Measure(ctx, figures.Config{URL: d.RelayerURL, Chain: chain,
		NewTrader: func(context.Context) (figures.Trader, error) {
			key, err := crypto.GenerateKey()
			if err != nil {
				return figures.Trader{}, err
			}
			tok, _, err := tokens.Issue(crypto.PubkeyToAddress(key.PublicKey), "", time.Now())
			return figures.Trader{Key: key, Token: tok}, err
		},
		HotNonce: func(ctx context.Context) (uint64, error) { return ch.NonceAt(ctx, d.RelayerHot, nil) },
		Clients:  cfg.Clients, PerClient: cfg.PerClient, LatClients: cfg.LatClients, LatPerClient: cfg.LatPerClient, Phase: cfg.Phase})
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
