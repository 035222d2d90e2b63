package devnet

import (
	"context"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/marketrpc"
	"pred.dev/settler/markets"
)

// The settler's markets service in the devnet: what a settler process
// serves in a deployment (settler/cmd/settler -operator-key-file), run
// here on the devnet's embedded NATS with the dev key's sender, which the
// redeemer and the devnet's own wallet calls share. Gamma and the CLOB
// faucet reach it through the same NATS client as the standalone
// binaries do.

// marketsLeaseTTL is the devnet's markets lease: a devnet killed without
// its Close leaves it held this long, which a restart waits out.
const marketsLeaseTTL = 3 * time.Second

// startMarkets serves the markets service (its faucet on: the dev key
// mints the dev stablecoin) until the gateways stop, and returns once it
// serves, with the client Gamma and the CLOB use.
func (d *Devnet) startMarkets(ctx, runCtx context.Context) error {
	m, err := markets.New(markets.Config{Deployment: d.Deployment, Chain: d.chain.chain, Sender: d.chain.admin, Faucet: true})
	if err != nil {
		return fmt.Errorf("devnet: markets service: %w", err)
	}
	if err := m.Check(ctx); err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	nc, err := d.connect("settler-markets")
	if err != nil {
		return err
	}
	d.run(&d.gwDone, "markets service", func() error {
		return m.Serve(runCtx, nc, markets.LeaseConfig{TTL: marketsLeaseTTL, Holder: "devnet"}, d.log.Named("markets"))
	})
	if err := m.WaitServing(ctx); err != nil {
		return fmt.Errorf("devnet: waiting for the markets service: %w", err)
	}
	cnc, err := d.connect("markets-client")
	if err != nil {
		return err
	}
	d.onchain = marketrpc.New(cnc)
	return nil
}

// watchedFaucet is the devnet faucet's chain side: it funds on chain
// through the markets service, and tells the CLOB gateway which addresses
// the chain watcher credits (so the faucet appends nothing for them): the
// proxy wallets the watcher knows and any address with code (a wallet
// deployed but not yet handled). Other addresses (an EOA maker, a proxy
// wallet not deployed yet) are credited by the faucet itself under the
// transfer's deposit id (FundID); a later deployment credits only what the
// engine does not hold yet.
type watchedFaucet struct {
	*marketrpc.Client
	d *Devnet
}

func (f watchedFaucet) CreditedByChain(ctx context.Context, addr common.Address) (bool, error) {
	if f.d.watch.IsProxy(addr) {
		return true, nil
	}
	code, err := f.d.chain.chain.Backend.CodeAt(ctx, addr, nil)
	return len(code) > 0, err
}
