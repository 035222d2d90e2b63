package cluster

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/fixed"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/predcli"
)

// A trader of the cluster is made as a user makes one: a new key, its
// proxy wallet deployed and approved through the Relayer API (pred
// wallet approve, which waits until the exchange has seen the
// approvals), USDW from the faucet (pred faucet), an API key. Benches
// and fault runs trade with them through the load balancer.

// Bounds of the traders' onboarding.
const (
	// onboardMax bounds one trader's onboarding: a few blocks.
	onboardMax = 3 * time.Minute
	// onboardParallel is how many traders onboard at once.
	onboardParallel = 8
)

// NewTrader onboards a trader with usdw of the faucet's USDW (a decimal
// string) and returns its CLOB client, on hc, with its API key.
func (c *Cluster) NewTrader(ctx context.Context, hc *http.Client, usdw string) (*client.Client, error) {
	ctx, cancel := context.WithTimeout(ctx, onboardMax)
	defer cancel()
	key, err := crypto.GenerateKey()
	if err != nil {
		return nil, err
	}
	for _, args := range [][]string{{"wallet", "approve"}, {"faucet", usdw}} {
		if err := c.pred(ctx, key, args...); err != nil {
			return nil, err
		}
	}
	dep := c.Deployment
	cl := client.New(c.CLOBURL(), client.WithPrivateKey(key), client.WithHTTPClient(hc),
		client.WithChain(dep.ChainID, dep.Contracts.Exchange, dep.Contracts.NegRiskExchange),
		client.WithProxyWallet(dep.Contracts.SafeFactory, dep.SafeInitCodeHash))
	if _, err := cl.CreateOrDeriveAPIKey(ctx); err != nil {
		return nil, err
	}
	return cl, nil
}

// NewTraders onboards n traders, a few at a time.
func (c *Cluster) NewTraders(ctx context.Context, hc *http.Client, usdw string, n int) ([]*client.Client, error) {
	out := make([]*client.Client, n)
	errs := make([]error, n)
	sem := make(chan struct{}, onboardParallel)
	var wg sync.WaitGroup
	for i := range out {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i], errs[i] = c.NewTrader(ctx, hc, usdw)
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// pred runs one pred command line in this process against the load
// balancer's fronts, as the README's walkthroughs run it, with none of
// this process's environment.
func (c *Cluster) pred(ctx context.Context, key *ecdsa.PrivateKey, args ...string) error {
	var stderr strings.Builder
	full := append([]string{"--url", c.CLOBURL(), "--gamma-url", c.GammaURL(), "--relayer-url", c.RelayerURL(),
		"--private-key", hex.EncodeToString(crypto.FromECDSA(key)), "-q"}, args...)
	env := predcli.Env{Stdout: io.Discard, Stderr: &stderr, Getenv: func(string) (string, bool) { return "", false }}
	if code := predcli.Run(ctx, full, env); code != predcli.ExitOK {
		return fmt.Errorf("cluster: pred %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	return nil
}

// Markets are the binary markets the CLOB API lists as accepting
// orders, in the devnet's terms (token ids, fee rate, minimum size).
func (c *Cluster) Markets(ctx context.Context, hc *http.Client) ([]devnet.Market, error) {
	all, err := client.New(c.CLOBURL(), client.WithHTTPClient(hc)).AllMarkets(ctx)
	if err != nil {
		return nil, err
	}
	var out []devnet.Market
	for _, m := range all {
		if m.NegRisk || !m.AcceptingOrders || len(m.Tokens) != 2 {
			continue
		}
		minSize, err := fixed.ParseUnits(m.MinimumOrderSize.String())
		if err != nil {
			return nil, fmt.Errorf("cluster: market %s: minimum_order_size: %w", m.ConditionID, err)
		}
		out = append(out, devnet.Market{ConditionID: m.ConditionID, YesToken: m.Tokens[0].TokenID, NoToken: m.Tokens[1].TokenID,
			MinSize: minSize, FeeRateBps: m.TakerBaseFee})
	}
	if len(out) == 0 {
		return nil, errors.New("cluster: the CLOB API lists no binary market accepting orders")
	}
	return out, nil
}
