package predcli

import (
	"context"
	"fmt"
	"net/http"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/gamma"
)

// chainInfo is the part of the deployment pred signs with: the chain id
// and exchanges of the EIP-712 domains, and the Safe factory and its
// proxies' init-code hash, which give the user's proxy wallet.
type chainInfo struct {
	chainID          uint64
	exchange         common.Address
	negRiskExchange  common.Address
	safeFactory      common.Address
	safeInitCodeHash common.Hash
}

// gamma returns a Gamma API client with the run's HTTP client.
func (inv *invocation) gamma(opts ...gamma.Option) *gamma.Client {
	return gamma.New(inv.g.gammaURL, append([]gamma.Option{gamma.WithHTTPClient(inv.httpClient()), gamma.WithRateLimitPolicy(inv.rateLimit())}, opts...)...)
}

func (inv *invocation) httpClient() *http.Client {
	if inv.env.HTTPClient != nil {
		return inv.env.HTTPClient
	}
	return &http.Client{Timeout: inv.g.timeout}
}

// chain learns the deployment from the Gamma API's GET /public-info
// (once per run); --chain-id, --exchange and --neg-risk-exchange replace
// what it says. With all three given and --eoa, no proxy wallet is
// involved and the Gamma API is not asked.
func (inv *invocation) chain(ctx context.Context) (chainInfo, error) {
	if inv.chainInfo != nil {
		return *inv.chainInfo, nil
	}
	g := &inv.g
	for _, a := range []struct{ flag, v string }{{"exchange", g.exchange}, {"neg-risk-exchange", g.negRiskExchange}} {
		if a.v != "" && !common.IsHexAddress(a.v) {
			return chainInfo{}, usagef("--%s must be 0x followed by 40 hex digits", a.flag)
		}
	}
	var ci chainInfo
	if !(g.chainID != 0 && g.exchange != "" && g.negRiskExchange != "" && g.eoa) {
		pi, err := inv.gamma().PublicInfo(ctx)
		if err != nil {
			return ci, fmt.Errorf("reading the chain id and contracts from the Gamma API (GET %s/public-info): %w", g.gammaURL, err)
		}
		if len(pi.Chain) == 0 {
			return ci, fmt.Errorf("the Gamma API at %s names no chain in /public-info", g.gammaURL)
		}
		k := pi.Contracts
		ci = chainInfo{chainID: pi.Chain[0].ChainID, exchange: common.HexToAddress(k.Exchange),
			negRiskExchange: common.HexToAddress(k.NegRiskExchange), safeFactory: common.HexToAddress(k.SafeFactory),
			safeInitCodeHash: common.HexToHash(k.SafeInitCodeHash)}
		if !g.eoa && (ci.safeFactory == (common.Address{}) || ci.safeInitCodeHash == (common.Hash{})) {
			return ci, fmt.Errorf("the Gamma API at %s gives no safeFactory and safeInitCodeHash, so pred cannot find your proxy wallet: use --eoa", g.gammaURL)
		}
	}
	if g.chainID != 0 {
		ci.chainID = g.chainID
	}
	if g.exchange != "" {
		ci.exchange = common.HexToAddress(g.exchange)
	}
	if g.negRiskExchange != "" {
		ci.negRiskExchange = common.HexToAddress(g.negRiskExchange)
	}
	inv.chainInfo = &ci
	return ci, nil
}
