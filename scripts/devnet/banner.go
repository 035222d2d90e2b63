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
	fmt.Fprintf(b, "Markets, listed by the Gamma API at %s/markets (trade their token ids on the CLOB):\n", d.GammaURL)
	event := ""
	for _, m := range d.Markets {
		if m.EventSlug != event {
			event = m.EventSlug
			kind := ""
			if m.NegRisk {
				kind = " (negRisk: orders sign for the negRisk exchange)"
			}
			fmt.Fprintf(b, "  event %s%s\n", event, kind)
		}
		fmt.Fprintf(b, "    [%s] %s\n", m.ID, m.Question)
		fmt.Fprintf(b, "      slug          %s  (tick %s, min %s shares, fee %d bps)\n", m.Slug,
			fixed.FormatUnits(m.TickSize), fixed.FormatUnits(m.MinSize), m.FeeRateBps)
		fmt.Fprintf(b, "      condition id  %s\n", m.ConditionIDHex())
		fmt.Fprintf(b, "      %-13s %s\n", outcome(m, 0)+" token", m.YesTokenID())
		fmt.Fprintf(b, "      %-13s %s\n", outcome(m, 1)+" token", m.NoTokenID())
	}
	for _, g := range d.Demo.Games {
		fmt.Fprintf(b, "  game [%s] %s vs. %s, %s (%s), event %s\n", g.ID, g.HomeTeam.Name, g.AwayTeam.Name,
			g.ScheduledAt.Format("2006-01-02 15:04 MST"), g.GameStatus, g.PrimaryEventID)
	}
	b.WriteString("\n")
}

// outcome names a market's outcome i (0 YES, 1 NO) as the market does.
func outcome(m Market, i int) string {
	names := [2]string{"YES", "NO"}
	if len(m.Outcomes) == 2 && m.Outcomes[0] != "Yes" {
		return m.Outcomes[i]
	}
	return names[i]
}

func (d *Devnet) writeEndpoints(b *strings.Builder) {
	fmt.Fprintf(b, "Endpoints:\n")
	fmt.Fprintf(b, "  CLOB API        %s  (docs %s/docs, OpenAPI %s/openapi.yaml)\n", d.URL, d.URL, d.URL)
	for _, u := range d.URLs[1:] {
		fmt.Fprintf(b, "  CLOB API (replica) %s\n", u)
	}
	fmt.Fprintf(b, "  web app         %s/app/  (for traders: a browser wallet signs every order; built by make web-build)\n", d.URL)
	fmt.Fprintf(b, "  Gamma API       %s  (docs %s/docs, chain and contracts at %s/public-info)\n", d.GammaURL, d.GammaURL, d.GammaURL)
	fmt.Fprintf(b, "  Gamma operator  %s/admin/*  with header PRED_OPERATOR_KEY: %s\n", d.GammaURL, OperatorKey)
	if d.RelayerURL != "" {
		fmt.Fprintf(b, "  Relayer API     %s  (docs %s/docs; a Gamma login token works on it; gas paid by the hot key %s)\n",
			d.RelayerURL, d.RelayerURL, d.RelayerHot.Hex())
	}
	if d.AdminURL != "" {
		fmt.Fprintf(b, "  engine metrics  %s/metrics  (readiness %s/readyz)\n", d.AdminURL, d.AdminURL)
	}
	fmt.Fprintf(b, "  NATS            %s\n", d.NATSURL)
	if len(d.CORSOrigins) > 0 {
		fmt.Fprintf(b, "  CORS            pages on %s may call the three APIs (-cors-origins)\n", strings.Join(d.CORSOrigins, ", "))
	}
	fmt.Fprintf(b, "  faucet          POST %s/faucet: mints and wraps USDW into the address on chain; the chain watcher credits a proxy wallet (at most 1,000,000 USDW a call)\n", d.URL)
	if d.ReconcileURL != "" {
		fmt.Fprintf(b, "  reconciliation  %s/reconcile  (chain against ledger, what pred reconcile asks; its and the chain watcher's metrics %s/metrics)\n", d.ReconcileURL, d.ReconcileURL)
	}
	fmt.Fprintf(b, "  fee account     %s\n", FeeAccountHex)
	fmt.Fprintf(b, "  data dir        %s\n", d.DataDir)
	fmt.Fprintf(b, "  WARNING: the CLOB master key, the Gamma JWT and operator keys, the relayer's hot key and the chain's dev key are fixed, public devnet keys. Never use this setup for real funds.\n\n")
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
		{"USDW (collateral)", k.Collateral}, {"stablecoin", k.Stablecoin}, {"MultiSendCallOnly", k.MultiSendCallOnly},
		{"RedeemModule", k.RedeemModule},
	} {
		fmt.Fprintf(b, "  %-20s %s\n", c.name, c.addr.Hex())
	}
	fmt.Fprintf(b, "  Safe init code hash  %s\n", r.SafeInitCodeHash.Hex())
	fmt.Fprintf(b, "  deployer             %s (admin, operator and faucet)\n", r.Deployer.Hex())
	if d.chain != nil && d.chain.embedded != nil {
		fmt.Fprintf(b, "  dev key              %s  (public: deployer, operator and faucet, funded at genesis)\n", DevKeyHex())
	}
	b.WriteString("\n")
}

func (d *Devnet) writeTryIt(b *strings.Builder) {
	if len(d.Markets) == 0 {
		return
	}
	m := d.Markets[0]
	flags := ""
	if d.URL != "http://"+DefaultAPIAddr {
		flags += " --url " + d.URL
	}
	if d.GammaURL != "http://"+DefaultGammaAddr {
		flags += " --gamma-url " + d.GammaURL
	}
	// The relayer's URL only where it is used, so the other lines stay
	// as short as they were.
	relayerFlag := ""
	if d.RelayerURL != "" && d.RelayerURL != "http://"+DefaultRelayerAddr {
		relayerFlag = " --relayer-url " + d.RelayerURL
	}
	fmt.Fprintf(b, "Try it in another terminal (from the repository root):\n")
	fmt.Fprintf(b, "  go build -o bin/pred ./scripts/cmd/pred && export PATH=$PWD/bin:$PATH\n")
	fmt.Fprintf(b, "  export PRED_PRIVATE_KEY=$(pred wallet new -q)\n")
	fmt.Fprintf(b, "  pred%s markets\n", flags)
	fmt.Fprintf(b, "  YES=$(pred%s markets %s --outcome yes -q)\n", flags, m.Slug)
	fmt.Fprintf(b, "  pred%s%s wallet approve\n", flags, relayerFlag)
	for _, cmd := range []string{
		"deposit 100 --faucet",
		"book $YES",
		"order buy $YES 0.40 10",
		"orders list",
		"balance",
	} {
		fmt.Fprintf(b, "  pred%s %s\n", flags, cmd)
	}
	fmt.Fprintf(b, "\nOrders are made by your key's proxy wallet: wallet approve deploys it and approves the exchanges through the Relayer API; the faucet funds it on chain and the chain watcher credits it; pred withdraw takes funds out.\n")
	fmt.Fprintf(b, "Stop with Ctrl-C; `make run` again resumes from the data dir with the same chain, books and balances.\n")
}
