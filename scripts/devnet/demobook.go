package devnet

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum/crypto"
	"go.uber.org/zap"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
)

// demoMakerPhrase names the demo market maker's key (keccak256 of it):
// public like every devnet key.
const demoMakerPhrase = "pred devnet demo market maker (public: never use it for anything of value)"

// demoMakerFunds is what the faucet gives the demo maker, in USDW.
const demoMakerFunds = "1000"

// demoSize is the size of each demo quote, in shares.
const demoSize = "20"

// demoQuotes are the YES prices the demo maker quotes the negRisk
// event's markets at, in SeedDemo's order: mutually exclusive outcomes,
// so they sum to 1. Each market gets a YES bid a tick below and a YES
// ask (a NO bid) a tick above, so Gamma's outcomePrices (the midpoint)
// are these and GET /events shows them summing to 1.
var demoQuotes = map[string][2]string{ // slug -> YES bid, NO bid (= 1 - YES ask)
	"lisbon-mayor-2026-ana":   {"0.44", "0.54"},
	"lisbon-mayor-2026-bruno": {"0.29", "0.69"},
	"lisbon-mayor-2026-carla": {"0.14", "0.84"},
	"lisbon-mayor-2026-other": {"0.09", "0.89"},
}

// seedDemoBook has a demo market maker quote the negRisk event's markets,
// as a trader would: a Gamma login, its proxy wallet deployed and
// approved through the Relayer API, USDW from the faucet, signed orders
// on the CLOB API. It runs once per data dir: a maker with USDW already
// is left alone.
func (d *Devnet) seedDemoBook(ctx context.Context) error {
	key, err := crypto.ToECDSA(crypto.Keccak256([]byte(demoMakerPhrase)))
	if err != nil {
		return err
	}
	k := d.Deployment.Contracts
	cl := client.New(d.URL, client.WithPrivateKey(key), client.WithChain(d.Deployment.ChainID, k.Exchange, k.NegRiskExchange),
		client.WithProxyWallet(k.SafeFactory, d.Deployment.SafeInitCodeHash))
	if _, err := cl.CreateOrDeriveAPIKey(ctx); err != nil {
		return fmt.Errorf("devnet: demo maker API key: %w", err)
	}
	bal, err := cl.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil {
		return fmt.Errorf("devnet: demo maker balance: %w", err)
	}
	if bal.Balance != "0" {
		return nil // seeded by an earlier start
	}
	g := gamma.New(d.GammaURL, gamma.WithPrivateKey(key))
	tok, err := g.Login(ctx)
	if err != nil {
		return fmt.Errorf("devnet: demo maker login: %w", err)
	}
	pi, err := g.PublicInfo(ctx)
	if err != nil {
		return err
	}
	ch, err := relayer.ChainFromPublicInfo(pi)
	if err != nil {
		return err
	}
	rc := relayer.New(d.RelayerURL, relayer.WithToken(tok.Token), relayer.WithPrivateKey(key), relayer.WithChain(ch))
	subs, err := rc.Onboard(ctx)
	if err != nil {
		return fmt.Errorf("devnet: demo maker onboarding: %w", err)
	}
	for _, s := range subs {
		if _, err := rc.Wait(ctx, s.TransactionID, relayerapi.StateConfirmed, nil); err != nil {
			return fmt.Errorf("devnet: demo maker onboarding: %w", err)
		}
	}
	// The engine takes a proxy wallet's orders once the chain watcher has
	// logged its deployment.
	if _, err := d.DeployWallet(ctx, key); err != nil {
		return err
	}
	if _, err := cl.Faucet(ctx, cl.Funder().Hex(), demoMakerFunds); err != nil {
		return fmt.Errorf("devnet: demo maker faucet: %w", err)
	}
	for _, m := range d.Markets {
		q, ok := demoQuotes[m.Slug]
		if !ok {
			continue
		}
		for i, token := range []string{m.YesToken, m.NoToken} {
			if _, err := cl.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: token, Side: "BUY", Price: q[i], Size: demoSize,
				FeeRateBps: m.FeeRateBps, NegRisk: m.NegRisk}); err != nil {
				return fmt.Errorf("devnet: demo quote on %s: %w", m.Slug, err)
			}
		}
	}
	d.log.Info("the demo market maker quotes the negRisk event", zap.String("wallet", cl.Funder().Hex()))
	return nil
}
