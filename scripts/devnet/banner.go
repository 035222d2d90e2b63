package devnet

import (
	"fmt"
	"io"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/fixed"
)

// WriteBanner writes what a newcomer needs after `make run`: the markets
// with their ids, the URLs, the chain, and pred commands to paste.
func (d *Devnet) WriteBanner(w io.Writer) error {
	var b strings.Builder
	b.WriteString("\npred devnet is running.\n\n")
	d.writeMarkets(&b)
	d.writeEndpoints(&b)
	d.writeChain(&b)
	d.writeTryIt(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

func (d *Devnet) writeMarkets(b *strings.Builder) {
	fmt.Fprintf(b, "Markets (tick, min size, taker fee):\n")
	for _, m := range d.Markets {
		fmt.Fprintf(b, "  %s\n", m.Question)
		fmt.Fprintf(b, "    slug          %s  (tick %s, min %s shares, fee %d bps)\n", m.Slug,
			fixed.FormatUnits(m.TickSize), fixed.FormatUnits(m.MinSize), m.FeeRateBps)
		fmt.Fprintf(b, "    condition id  %s\n", m.ConditionIDHex())
		fmt.Fprintf(b, "    YES token     %s\n", m.YesTokenID())
		fmt.Fprintf(b, "    NO token      %s\n", m.NoTokenID())
	}
	b.WriteString("\n")
}

func (d *Devnet) writeEndpoints(b *strings.Builder) {
	fmt.Fprintf(b, "Endpoints:\n")
	fmt.Fprintf(b, "  CLOB API        %s\n", d.URL)
	for _, u := range d.URLs[1:] {
		fmt.Fprintf(b, "  CLOB API (replica) %s\n", u)
	}
	fmt.Fprintf(b, "  API docs        %s/docs\n", d.URL)
	fmt.Fprintf(b, "  OpenAPI         %s/openapi.yaml\n", d.URL)
	if d.AdminURL != "" {
		fmt.Fprintf(b, "  engine metrics  %s/metrics  (readiness %s/readyz)\n", d.AdminURL, d.AdminURL)
	}
	fmt.Fprintf(b, "  NATS            %s\n", d.NATSURL)
	fmt.Fprintf(b, "  data dir        %s\n\n", d.DataDir)
	fmt.Fprintf(b, "Chain:\n")
	fmt.Fprintf(b, "  chain id        %d\n", ChainID)
	fmt.Fprintf(b, "  exchange        %s\n", ExchangeHex)
	fmt.Fprintf(b, "  fee account     %s\n", FeeAccountHex)
	fmt.Fprintf(b, "  faucet          POST %s/faucet (at most 1,000,000 USDW per call)\n", d.URL)
	fmt.Fprintf(b, "  WARNING: the gateway master key is a fixed, public devnet key. Never use this setup for real funds.\n\n")
}

func (d *Devnet) writeChain(b *strings.Builder) {
	r := d.Deployment
	where := "embedded, persisted in the data dir"
	if d.chain != nil && d.chain.embedded == nil {
		where = "external JSON-RPC endpoint"
	}
	status := "verified against the chain"
	if d.Deployed {
		status = "deployed at this start"
	}
	fmt.Fprintf(b, "Chain (%s):\n", where)
	fmt.Fprintf(b, "  chain id             %d\n", r.ChainID)
	fmt.Fprintf(b, "  RPC URL              %s\n", d.RPCURL)
	fmt.Fprintf(b, "  deployment record    %s (%s)\n", d.RecordPath, status)
	k := r.Contracts
	for _, c := range []struct {
		name string
		addr common.Address
	}{
		{"conditional tokens", k.ConditionalTokens}, {"exchange", k.Exchange}, {"negRisk exchange", k.NegRiskExchange},
		{"Safe factory", k.SafeFactory}, {"Safe singleton", k.SafeSingleton}, {"Safe fallback", k.SafeFallbackHandler},
		{"USDW (collateral)", k.Collateral}, {"stablecoin", k.Stablecoin},
	} {
		fmt.Fprintf(b, "  %-20s %s\n", c.name, c.addr.Hex())
	}
	fmt.Fprintf(b, "  Safe init code hash  %s\n", r.SafeInitCodeHash.Hex())
	fmt.Fprintf(b, "  deployer             %s (admin, operator and faucet)\n", r.Deployer.Hex())
	if d.chain != nil && d.chain.embedded != nil {
		fmt.Fprintf(b, "  dev key              %s\n", DevKeyHex())
		fmt.Fprintf(b, "  WARNING: the dev key above is a fixed, public devnet key (deployer, operator and faucet), funded at genesis. Never send it anything of value, on any chain.\n")
	}
	b.WriteString("\n")
}

func (d *Devnet) writeTryIt(b *strings.Builder) {
	if len(d.Markets) == 0 {
		return
	}
	m := d.Markets[0]
	url := ""
	if d.URL != "http://"+DefaultAPIAddr {
		url = " --url " + d.URL
	}
	fmt.Fprintf(b, "Try it in another terminal (from the repository root):\n")
	fmt.Fprintf(b, "  go build -o bin/pred ./scripts/cmd/pred && export PATH=$PWD/bin:$PATH\n")
	fmt.Fprintf(b, "  export PRED_PRIVATE_KEY=$(pred wallet new -q)\n")
	for _, cmd := range []string{
		"faucet 100",
		"book " + m.YesTokenID(),
		"order buy " + m.YesTokenID() + " 0.40 10",
		"orders list",
		"balance",
	} {
		fmt.Fprintf(b, "  pred%s %s\n", url, cmd)
	}
	fmt.Fprintf(b, "\nStop with Ctrl-C; `make run` again resumes from the data dir with the same books and balances.\n")
}
