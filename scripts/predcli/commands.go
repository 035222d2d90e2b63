package predcli

import (
	"context"
	"time"

	"github.com/spf13/pflag"
)

// command is one `pred <noun> [verb]`: the table cobra's tree is built
// from (root.go), so that a test can walk every command.
type command struct {
	noun, verb string
	// args is the synopsis of the positional arguments.
	args string
	// help is the one-line description; long, if set, the help page's.
	help, long string
	minArgs    int
	maxArgs    int
	// flags registers the command's own flags into its options.
	flags func(fs *pflag.FlagSet, o *cmdOpts)
	run   func(ctx context.Context, inv *invocation) error
	// complete, if set, offers the shell completions of the next
	// positional argument.
	complete func(ctx context.Context, inv *invocation, args []string, prefix string) []string
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
	slug       string
	noWait     bool
	wait       time.Duration
	interval   string
	fidelity   int
	money      moneyOpts
	count      int
	depth      int
	// The market makers' tools (makers.go).
	selfTrade    string
	cancelOnHalt bool
	group        uint32
	reduceBy     string
	reduceTo     string
	window       uint32
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

// manyArgs is maxArgs of commands taking any number of arguments.
const manyArgs = 1 << 20

// tokenArgs is the synopsis of a token named on the command line: its id,
// or a market (slug or id) and an outcome (yes, no, or the market's
// outcome names).
const tokenArgs = "(<token> | <market> <outcome>)"

// groups describes the nouns that have verbs, in the order help shows
// them.
var groups = []struct{ noun, help string }{
	{"wallet", "your key and its proxy wallet: make a key, deploy and approve the wallet through the Relayer API"},
	{"relayer", "the Relayer API key pred makes and caches by itself"},
	{"keys", "your wallet's CLOB API keys (pred makes and uses one by itself)"},
	{"order", "place an order: buy or sell shares of a token"},
	{"orders", "your orders: list or cancel them"},
	{"group", "your order groups: a fill limit over a rolling window that cancels a group's orders when reached"},
	{"chain", "read your wallet on the chain itself"},
	{"watch", "follow a book, your trades and orders, or a game live (the WebSocket streams); Ctrl-C ends"},
	{"admin", "operator: drive markets and games through the Gamma API's /admin endpoints"},
}

// commands lists every command, in the order help shows them.
func commands() []*command {
	cmds := []*command{
		{noun: "wallet", verb: "new", help: "generate a private key; print its address and key", run: walletNew},
		{noun: "wallet", verb: "address", help: "print the address of --private-key", run: walletAddress},
		{noun: "wallet", verb: "deploy", flags: relayerWaitFlags,
			help: "deploy your proxy wallet through the Relayer API (it pays the gas) and wait until it is confirmed", run: walletDeploy},
		{noun: "wallet", verb: "approve", flags: relayerWaitFlags,
			help: "let both exchanges move your wallet's USDW and shares (your proxy wallet: one Safe transaction through the Relayer API, after the deployment if the wallet has none; --eoa: four transactions of your own, paying their gas) and wait until the exchange has seen them, which orders need", run: walletApprove},
		{noun: "relayer", verb: "key", help: "create a Relayer API key with a Gamma login token and print it (pred makes and caches one by itself when it needs one)", run: relayerKey},
		{noun: "tx", args: "<transaction id>", minArgs: 1, maxArgs: 1, flags: txFlags,
			help: "show a Relayer API transaction of yours and wait until it is final (CONFIRMED, FAILED or INVALID), a line on stderr at each change of state", run: txShow},
		{noun: "events", args: "[<slug or id>]", maxArgs: 1, flags: gammaListFlags,
			help: "list the Gamma API's events, or show one with its markets", run: events},
		{noun: "markets", args: "[<slug or id>]", maxArgs: 1, flags: marketFlags,
			help: "list the Gamma API's markets, or show one with its token ids (clobTokenIds)", run: markets},
		{noun: "games", args: "[<id or event slug>]", maxArgs: 1, flags: gammaListFlags, help: "list the Gamma API's sports games, or show one", run: games},
		{noun: "login", help: "log in to the Gamma API (EIP-712 Login): print and cache the JWT", run: login},
		{noun: "keys", verb: "create", help: "create a new CLOB API key for your wallet (L1); pred uses it from then on", run: keysCreate},
		{noun: "keys", verb: "derive", args: "[<api key>]", maxArgs: 1, help: "recompute the credentials of an API key, your newest by default (L1)", run: keysDerive},
		{noun: "keys", verb: "list", help: "list your wallet's active API keys; the one pred uses is marked", run: keysList},
		{noun: "keys", verb: "revoke", args: "<api key>", minArgs: 1, maxArgs: 1, help: "revoke one of your wallet's API keys (L1)", run: keysRevoke},
		{complete: completeToken, noun: "book", args: tokenArgs, minArgs: 1, maxArgs: 2, help: "show a token's order book", run: book},
		{complete: completeToken, noun: "history", args: "(<market> [<outcome>] | <token>)", minArgs: 1, maxArgs: 2, flags: historyFlags,
			help: "show a token's price history (GET /prices-history) with a small chart; a market's first outcome (yes) by default", run: history},
		{complete: completeToken, noun: "order", verb: "buy", args: tokenArgs + " <price> <size>", minArgs: 3, maxArgs: 4, flags: orderFlags,
			help: "buy <size> shares of a token at <price> USDW or better", long: orderLong, run: orderPlace},
		{complete: completeToken, noun: "order", verb: "sell", args: tokenArgs + " <price> <size>", minArgs: 3, maxArgs: 4, flags: orderFlags,
			help: "sell <size> shares of a token at <price> USDW or better", long: orderLong, run: orderPlace},
		{noun: "order", verb: "show", args: "<order id>", minArgs: 1, maxArgs: 1, flags: orderShowFlags,
			help: "show one of your orders (GET /order/{id}); --wait follows it and its trades until they are final", run: orderShow},
		{noun: "orders", verb: "list", flags: listFlags, help: "list your open orders (--all: finished ones too)", run: ordersList},
		{noun: "orders", verb: "cancel", args: "[<order id>...]", maxArgs: manyArgs, flags: cancelFlags,
			help: "cancel orders by id, all of them (--all), or a market's (--market)", run: ordersCancel},
		{noun: "trades", flags: tradeFlags, help: "list your trades; --wait until each is final on chain (CONFIRMED or FAILED)", run: trades},
		{noun: "positions", flags: positionsFlags,
			help: "list every position you hold: market, outcome, shares, their value at the mid, the market's state and whether its trades are settled on chain", run: positions},
		{complete: completeToken, noun: "chain", verb: "balance", args: "[" + tokenArgs + "]", maxArgs: 2,
			help: "show your wallet's USDW, or its shares of a token, on the chain itself (to hold against pred balance, the ledger)", run: chainBalance},
		{complete: completeToken, noun: "balance", args: "[" + tokenArgs + "]", maxArgs: 2, help: "show your USDW balance, or your shares of a token", run: balance},
		{noun: "deposit", args: "<amount>", minArgs: 1, maxArgs: 1, flags: depositFlags,
			help: "wait until <amount> USDW sent to your proxy wallet shows on the CLOB (the settler's chain watcher credits it); --faucet has the devnet faucet send it", run: deposit},
		{noun: "withdraw", args: "<amount>", minArgs: 1, maxArgs: 1, flags: withdrawFlags,
			help: "reserve <amount> USDW (or shares, --token or --market and --outcome) in the exchange, then relay your proxy wallet's transfer of it to --to (default: your key's address; USDW unwrapped into the stablecoin unless --keep-usdw) and wait until confirmed", run: withdraw},
		{noun: "reconcile", flags: reconcileFlags,
			help: "operator: compare every proxy wallet's on-chain balances with the exchange's ledger (the settler's check); fails on any difference", run: reconcileCmd},
		{noun: "faucet", args: "[<address>] <amount>", minArgs: 1, maxArgs: 2,
			help: "fund <address> (default: your proxy wallet) with devnet USDW on chain; the CLOB shows it once the settler's chain watcher has seen it (the faucet waits for that)", run: faucet},
	}
	cmds = append(cmds, makerCommands()...)
	cmds = append(cmds, watchCommands()...)
	return append(cmds, adminCommands()...)
}

// orderLong is the help page of order buy and order sell.
const orderLong = `Name the token by its id, or by its market (slug, id or condition id) and
outcome (yes or no, or the market's outcome names, such as lakers):

  pred order buy will-it-rain-in-lisbon-tomorrow yes 0.40 10
  pred order buy 30487741453303230342886857919945589851864401928157428252267826665717402960979 0.40 10

The order is signed with your key for your proxy wallet (--eoa: the key's
own address), at the market's fee rate unless --fee-rate-bps says
otherwise. --wait follows the trades it made until they are final.`

func orderFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.orderType, "type", "GTC", "order type: GTC, GTD (needs --expiration), FOK or FAK")
	fs.Int64Var(&o.expiration, "expiration", 0, "GTD only: Unix time in seconds at which the order leaves the book (in the future)")
	fs.BoolVar(&o.postOnly, "post-only", false, "GTC and GTD only: refuse the order if it would trade at once")
	fs.Int64Var(&o.feeRateBps, "fee-rate-bps", -1, "taker fee rate to sign (default: the market's, from GET /fee-rate)")
	fs.StringVar(&o.game, "game", "", "sports safety net: a GTD order expiring at the game's scheduledAt minus 15 minutes (900 s), on a market of the game (id or event slug; sets --type GTD and --expiration)")
	makerOrderFlags(fs, o)
	waitFlag(fs, &o.wait, 0, "wait until the trades the order made are final on chain (CONFIRMED or FAILED), at most this long")
}

func orderShowFlags(fs *pflag.FlagSet, o *cmdOpts) {
	waitFlag(fs, &o.wait, 0, "wait until the order is no longer live and its trades are final, at most this long")
}

// marketTokenFlags are --market, --token and --outcome: what a list is
// narrowed to.
func marketTokenFlags(fs *pflag.FlagSet, o *cmdOpts, what string) {
	fs.StringVar(&o.market, "market", "", "only "+what+" of this market (slug, id or condition id)")
	fs.StringVar(&o.token, "token", "", "only "+what+" of this token")
	fs.StringVar(&o.outcome, "outcome", "", "with --market: only "+what+" of this outcome's token (yes, no, or an outcome's name)")
}

func listFlags(fs *pflag.FlagSet, o *cmdOpts) {
	marketTokenFlags(fs, o, "orders")
	fs.BoolVar(&o.all, "all", false, "include filled and cancelled orders")
}

func cancelFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.market, "market", "", "cancel every open order of this market (slug, id or condition id)")
	fs.BoolVar(&o.all, "all", false, "cancel every open order")
}

func gammaListFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.IntVar(&o.limit, "limit", 20, "list at most this many (1 to 100)")
	fs.BoolVar(&o.all, "all", false, "include closed ones")
}

func marketFlags(fs *pflag.FlagSet, o *cmdOpts) {
	gammaListFlags(fs, o)
	fs.StringVar(&o.outcome, "outcome", "", "with a market: print only this outcome's token (yes, no, or an outcome's name); with -q only its id")
}

func tradeFlags(fs *pflag.FlagSet, o *cmdOpts) {
	marketTokenFlags(fs, o, "trades")
	waitFlag(fs, &o.wait, 0, "wait until every trade listed is final on chain (CONFIRMED or FAILED), at most this long, a line on stderr at each change")
}

func positionsFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.BoolVar(&o.all, "all", false, "include archived markets")
}

func historyFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.interval, "interval", "1d", "the time span, ending now: 1h, 6h, 1d, 1w, 1m or max")
	fs.IntVar(&o.fidelity, "fidelity", 0, "minutes per point (default: what fits the span in about 60 points)")
}
