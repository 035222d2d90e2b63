// Package markets is the chain side of listing and resolving markets:
// preparing a market's condition on the conditional tokens with the
// operator key as its oracle and registering its YES and NO tokens on the
// standard or negRisk exchange (PrepareMarket), the oracle's report of a
// resolved market's payouts (ReportPayouts), and, on a devnet only, the
// faucet's funding (Fund: mint the dev stablecoin, wrap it into USDW for
// an address). Every step is idempotent: what the chain has already is
// skipped, so a request retried after a timeout, or after the settler
// serving it died half way, finishes the work once.
//
// The settler serves it over NATS request/reply (Serve, serve.go) while it
// holds the lease journal.SettlerMarketsLeaseKey: the operator key's
// nonces have one sender. Gamma's operator and the CLOB's faucet call it
// through pred.dev/proto/chain/marketrpc.
package markets

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/bind/stablecoin"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
)

// Config is what the markets service acts with.
type Config struct {
	// Deployment names the contracts.
	Deployment *deploy.Deployment
	// Chain is the chain the deployment is on.
	Chain *txn.Chain
	// Key is the operator key: the oracle of every market's condition and
	// an admin of both exchanges (registerToken). A sender is made from it
	// at every term of the lease, at the chain's pending nonce, so a
	// settler that takes over from a dead one numbers after it.
	Key *ecdsa.PrivateKey
	// Sender, if set, replaces Key: a sender the caller shares with its
	// other uses of the same key (the devnet's deployer also deploys
	// wallets and redeems), so that one sender numbers all its nonces.
	Sender *txn.Sender
	// Faucet serves Fund. The key must hold MINTER_ROLE on the
	// deployment's stablecoin, which must be the dev stablecoin: a real
	// stablecoin cannot be minted.
	Faucet bool
}

// Markets is the service's chain side.
type Markets struct {
	cfg        Config
	oracle     common.Address
	ctf        *ctf.ConditionalTokens
	exchanges  [2]*exchange.CTFExchange // standard, negRisk
	stablecoin *stablecoin.DevStablecoin
	usdw       *usdw.USDW
	// mu serialises the chain work: each step checks the chain before it
	// sends, and the sender changes between terms.
	mu     sync.Mutex
	sender *txn.Sender
	// serving is set while this process answers the subjects.
	serving atomic.Bool
}

// New binds the deployment's contracts. Check says whether the key may do
// what the service needs.
func New(cfg Config) (*Markets, error) {
	if cfg.Deployment == nil || cfg.Chain == nil {
		return nil, errors.New("markets: a deployment and a chain are required")
	}
	m := &Markets{cfg: cfg, sender: cfg.Sender}
	switch {
	case cfg.Sender != nil:
		m.oracle = cfg.Sender.From
	case cfg.Key != nil:
		m.oracle = crypto.PubkeyToAddress(cfg.Key.PublicKey)
	default:
		return nil, errors.New("markets: the operator key is required")
	}
	b, k := cfg.Chain.Backend, cfg.Deployment.Contracts
	var err error
	if m.ctf, err = ctf.NewConditionalTokens(k.ConditionalTokens, b); err != nil {
		return nil, err
	}
	for i, a := range []common.Address{k.Exchange, k.NegRiskExchange} {
		if m.exchanges[i], err = exchange.NewCTFExchange(a, b); err != nil {
			return nil, err
		}
	}
	if m.stablecoin, err = stablecoin.NewDevStablecoin(k.Stablecoin, b); err != nil {
		return nil, err
	}
	if m.usdw, err = usdw.NewUSDW(k.Collateral, b); err != nil {
		return nil, err
	}
	return m, nil
}

// Oracle is the operator key's address: every market's oracle.
func (m *Markets) Oracle() common.Address { return m.oracle }

// exchange is the standard or the negRisk exchange.
func (m *Markets) exchange(negRisk bool) *exchange.CTFExchange {
	if negRisk {
		return m.exchanges[1]
	}
	return m.exchanges[0]
}

// begin starts a term: a sender from the key at the chain's pending nonce
// (or the shared sender), and the faucet's allowance.
func (m *Markets) begin(ctx context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cfg.Sender == nil {
		s, err := txn.NewSender(ctx, m.cfg.Chain, m.cfg.Key)
		if err != nil {
			return fmt.Errorf("markets: the operator key's sender: %w", err)
		}
		m.sender = s
	}
	if m.cfg.Faucet {
		return m.approveFaucet(ctx)
	}
	return nil
}
