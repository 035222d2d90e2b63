package api

import (
	"context"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/relayer/onchain"
)

// walletCacheMax bounds the cache; when full it starts over.
const walletCacheMax = 100_000

// NonceFresh is how long a read Safe nonce answers for the wallet.
const NonceFresh = time.Second

// walletCache remembers what the API read of wallets: a deployment for
// good (a wallet is never removed), a Safe nonce for NonceFresh. Both only
// grow on chain, so a remembered value is at most behind: the API refuses
// with it only what is certainly refused (a nonce below it, the deployment
// of a deployed wallet) and lets the worker check the rest exactly.
type walletCache struct {
	chain onchain.Chain
	now   func() time.Time
	mu    sync.Mutex
	m     map[common.Address]walletState
}

type walletState struct {
	nonce    *big.Int
	deployed bool
	at       time.Time
}

func newWalletCache(c onchain.Chain, now func() time.Time) *walletCache {
	return &walletCache{chain: c, now: now, m: map[common.Address]walletState{}}
}

// safeNonce returns the wallet's Safe nonce (at most NonceFresh old) and
// whether it is deployed.
func (wc *walletCache) safeNonce(ctx context.Context, w common.Address) (*big.Int, bool, error) {
	now := wc.now()
	wc.mu.Lock()
	s, ok := wc.m[w]
	wc.mu.Unlock()
	if ok && s.deployed && now.Sub(s.at) < NonceFresh {
		return s.nonce, true, nil
	}
	n, deployed, err := wc.chain.SafeNonce(ctx, w)
	if err != nil {
		return nil, false, err
	}
	if deployed {
		wc.mu.Lock()
		if len(wc.m) >= walletCacheMax {
			clear(wc.m)
		}
		wc.m[w] = walletState{nonce: n, deployed: true, at: now}
		wc.mu.Unlock()
	}
	return n, deployed, nil
}
