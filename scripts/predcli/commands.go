package predcli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

// command is one `pred <noun> [verb]`.
type command struct {
	noun, verb string
	// args is the synopsis of the positional arguments.
	args    string
	help    string
	minArgs int
	maxArgs int
	// flags registers the command's own flags into its options.
	flags func(fs *flag.FlagSet, o *cmdOpts)
	run   func(ctx context.Context, inv *invocation) error
}

// cmdOpts holds every command's own flags; each command reads its own.
type cmdOpts struct {
	orderType  string
	expiration int64
	postOnly   bool
	feeRateBps int64
	market     string
	token      string
	all        bool
	limit      int
	outcome    string
	game       string
	noWait     bool
	wait       time.Duration
	money      moneyOpts
}

func (c *command) name() string {
	if c.verb == "" {
		return c.noun
	}
	return c.noun + " " + c.verb
}

func (c *command) synopsis() string {
	s := "pred " + c.name()
	if c.args != "" {
		s += " " + c.args
	}
	return s
}

func (c *command) writeHelp(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s [flags]\n\n%s\n\nFlags:\n", c.synopsis(), c.help)
	writeFlags(&b, fs, false)
	b.WriteString("\nGlobal flags fall back to PRED_<FLAG> environment variables; see 'pred help'.\n")
	_, _ = io.WriteString(w, b.String())
}

// manyArgs is maxArgs of commands taking any number of arguments.
const manyArgs = 1 << 20

// commands lists every command, in the order help shows them.
func commands() []*command {
	return append([]*command{
		{noun: "wallet", verb: "new", help: "generate a private key; print its address and key", run: walletNew},
		{noun: "wallet", verb: "address", help: "print the address of --private-key", run: walletAddress},
		{noun: "wallet", verb: "deploy", flags: relayerWaitFlags,
			help: "deploy your proxy wallet through the Relayer API (it pays the gas) and wait until it is confirmed", run: walletDeploy},
		{noun: "wallet", verb: "approve", flags: relayerWaitFlags,
			help: "let both exchanges move your proxy wallet's USDW and shares (one Safe transaction through the Relayer API, after the deployment if the wallet has none) and wait until confirmed", run: walletApprove},
		{noun: "relayer", verb: "key", help: "create a Relayer API key with a Gamma login token and print it (pred makes and caches one by itself when it needs one)", run: relayerKey},
		{noun: "tx", args: "<transaction id>", minArgs: 1, maxArgs: 1, flags: txFlags,
			help: "show a Relayer API transaction of yours and wait until it is confirmed, a line on stderr at each change of state", run: txShow},
		{noun: "events", args: "[<slug or id>]", maxArgs: 1, flags: gammaListFlags,
			help: "list the Gamma API's events, or show one with its markets", run: events},
		{noun: "markets", args: "[<slug or id>]", maxArgs: 1, flags: marketFlags,
			help: "list the Gamma API's markets, or show one with its token ids (clobTokenIds)", run: markets},
		{noun: "games", args: "[<id>]", maxArgs: 1, flags: gammaListFlags, help: "list the Gamma API's sports games, or show one", run: games},
		{noun: "login", help: "log in to the Gamma API (EIP-712 Login): print and cache the JWT", run: login},
		{noun: "keys", verb: "create", help: "create a new API key for your wallet (L1)", run: keysCreate},
		{noun: "keys", verb: "derive", args: "[<api key>]", maxArgs: 1, help: "recompute the credentials of an API key, your newest by default (L1)", run: keysDerive},
		{noun: "keys", verb: "list", help: "list your wallet's active API keys", run: keysList},
		{noun: "keys", verb: "revoke", args: "<api key>", minArgs: 1, maxArgs: 1, help: "revoke one of your wallet's API keys (L1)", run: keysRevoke},
		{noun: "book", args: "<token>", minArgs: 1, maxArgs: 1, help: "show a token's order book", run: book},
		{noun: "order", verb: "buy", args: "<token> <price> <size>", minArgs: 3, maxArgs: 3, flags: orderFlags,
			help: "buy <size> shares of <token> at <price> USDW or better", run: orderPlace},
		{noun: "order", verb: "sell", args: "<token> <price> <size>", minArgs: 3, maxArgs: 3, flags: orderFlags,
			help: "sell <size> shares of <token> at <price> USDW or better", run: orderPlace},
		{noun: "orders", verb: "list", flags: listFlags, help: "list your open orders (--all: finished ones too)", run: ordersList},
		{noun: "orders", verb: "cancel", args: "[<order id>...]", maxArgs: manyArgs, flags: cancelFlags,
			help: "cancel orders by id, all of them (--all), or a market's (--market)", run: ordersCancel},
		{noun: "trades", flags: tradeFlags, help: "list your trades", run: trades},
		{noun: "chain", verb: "balance", args: "[<token>]", maxArgs: 1,
			help: "show your wallet's USDW, or its shares of <token>, on the chain itself (to hold against pred balance, the ledger)", run: chainBalance},
		{noun: "balance", args: "[<token>]", maxArgs: 1, help: "show your USDW balance, or your shares of <token>", run: balance},
		{noun: "deposit", args: "<amount>", minArgs: 1, maxArgs: 1, flags: depositFlags,
			help: "wait until <amount> USDW sent to your proxy wallet shows on the CLOB (the settler's chain watcher credits it); --faucet has the devnet faucet send it", run: deposit},
		{noun: "withdraw", args: "<amount>", minArgs: 1, maxArgs: 1, flags: withdrawFlags,
			help: "reserve <amount> USDW (or shares, --token) in the exchange, then relay your proxy wallet's transfer of it to --to (default: your key's address; USDW unwrapped into the stablecoin unless --keep-usdw) and wait until confirmed", run: withdraw},
		{noun: "reconcile", flags: reconcileFlags,
			help: "operator: compare every proxy wallet's on-chain balances with the exchange's ledger (the settler's check); fails on any difference", run: reconcileCmd},
		{noun: "faucet", args: "[<address>] <amount>", minArgs: 1, maxArgs: 2,
			help: "fund <address> (default: your proxy wallet) with devnet USDW on chain; the CLOB shows it once the settler's chain watcher has seen it (the faucet waits for that)", run: faucet},
	}, adminCommands()...)
}

// lookup finds the command named by the leading positional arguments and
// returns the arguments after its name.
func lookup(pos []string) (*command, []string, error) {
	var verbs []string
	for _, c := range commands() {
		if c.noun != pos[0] {
			continue
		}
		if c.verb == "" {
			return c, pos[1:], nil
		}
		verbs = append(verbs, c.verb)
		if len(pos) > 1 && pos[1] == c.verb {
			return c, pos[2:], nil
		}
	}
	if len(verbs) > 0 {
		return nil, nil, usagef("pred %s needs one of: %s", pos[0], strings.Join(verbs, ", "))
	}
	return nil, nil, usagef("unknown command %q", pos[0])
}

func orderFlags(fs *flag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.orderType, "type", "GTC", "order type: GTC, GTD (needs --expiration), FOK or FAK")
	fs.Int64Var(&o.expiration, "expiration", 0, "GTD only: Unix time in seconds at which the order leaves the book (in the future)")
	fs.BoolVar(&o.postOnly, "post-only", false, "GTC and GTD only: refuse the order if it would trade at once")
	fs.Int64Var(&o.feeRateBps, "fee-rate-bps", -1, "taker fee rate to sign (default: the market's, from GET /fee-rate)")
	fs.StringVar(&o.game, "game", "", "sports safety net: a GTD order expiring at the game's scheduledAt minus 15 minutes (900 s), on a market of the game (sets --type GTD and --expiration)")
}

func listFlags(fs *flag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.market, "market", "", "only orders of this market (condition id)")
	fs.StringVar(&o.token, "token", "", "only orders of this token")
	fs.BoolVar(&o.all, "all", false, "include filled and cancelled orders")
}

func cancelFlags(fs *flag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.market, "market", "", "cancel every open order of this market (condition id)")
	fs.BoolVar(&o.all, "all", false, "cancel every open order")
}

func gammaListFlags(fs *flag.FlagSet, o *cmdOpts) {
	fs.IntVar(&o.limit, "limit", 20, "list at most this many (1 to 100)")
	fs.BoolVar(&o.all, "all", false, "include closed ones")
}

func marketFlags(fs *flag.FlagSet, o *cmdOpts) {
	gammaListFlags(fs, o)
	fs.StringVar(&o.outcome, "outcome", "", "with a market and -q: print only the token id of this outcome, yes (index 0) or no")
}

func tradeFlags(fs *flag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.market, "market", "", "only trades of this market (condition id)")
	fs.StringVar(&o.token, "token", "", "only trades of this token")
}
