package predcli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/runtime/flagenv"
)

// envPrefix names the environment fallbacks of the global flags.
const envPrefix = "PRED"

// Devnet defaults: a devnet started with `make run` needs no flags. They
// equal the addresses of pred.dev/scripts/devnet (a test checks it); they
// are repeated here so the CLI does not link the whole exchange. The
// chain id and contracts are not among them: pred reads them from the
// Gamma API's GET /public-info.
const (
	DefaultURL      = "http://127.0.0.1:8080"
	DefaultGammaURL = "http://127.0.0.1:8081"
	// DefaultRelayerURL is the Relayer API's.
	DefaultRelayerURL = "http://127.0.0.1:8082"
	defaultTimeout    = 30 * time.Second
)

// globals are the flags every command takes.
type globals struct {
	url             string
	gammaURL        string
	relayerURL      string
	operatorKey     string
	eoa             bool
	privateKey      string
	apiKey          string
	secret          string
	passphrase      string
	chainID         uint64
	exchange        string
	negRiskExchange string
	timeout         time.Duration
	json            bool
	quiet           bool
}

// noEnv are the global flags without an environment fallback: -q only
// shapes one command's output.
var noEnv = map[string]bool{"q": true}

func (g *globals) register(fs *flag.FlagSet) {
	fs.StringVar(&g.url, "url", DefaultURL, "base URL of the CLOB API")
	fs.StringVar(&g.gammaURL, "gamma-url", DefaultGammaURL, "base URL of the Gamma API (markets, login, and the chain's addresses from GET /public-info)")
	fs.StringVar(&g.relayerURL, "relayer-url", DefaultRelayerURL, "base URL of the Relayer API (wallet deploy and approve, tx)")
	fs.StringVar(&g.operatorKey, "operator-key", "", "the Gamma API's operator key, for the pred admin commands; secret")
	fs.StringVar(&g.privateKey, "private-key", "", "hex private key of your wallet (make one with 'pred wallet new'); secret")
	fs.StringVar(&g.apiKey, "api-key", "", "API key; with --secret and --passphrase, skips deriving credentials from the private key")
	fs.StringVar(&g.secret, "secret", "", "API secret; secret")
	fs.StringVar(&g.passphrase, "passphrase", "", "API passphrase; secret")
	fs.Uint64Var(&g.chainID, "chain-id", 0, "chain id of the EIP-712 domains (default: the Gamma API's /public-info)")
	fs.StringVar(&g.exchange, "exchange", "", "exchange contract address orders are signed for (default: /public-info's)")
	fs.StringVar(&g.negRiskExchange, "neg-risk-exchange", "", "exchange address of negRisk markets (default: /public-info's)")
	fs.BoolVar(&g.eoa, "eoa", false, "trade from the key's own address (signature type 0) instead of its proxy wallet (type 2)")
	fs.DurationVar(&g.timeout, "timeout", defaultTimeout, "timeout of each API call")
	fs.BoolVar(&g.json, "json", false, "print stable JSON instead of tables")
	fs.BoolVar(&g.quiet, "q", false, "print only the identifier: the private key (wallet new), the order id (order), the token ids (markets <market>), the JWT (login), the relayer key (relayer key) or the transaction ids (wallet deploy, wallet approve, tx)")
}

func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// invocation is one parsed command line.
type invocation struct {
	env  Env
	g    globals
	cmd  *command
	opts cmdOpts
	args []string
	exit int
	// The credentials cache's state in this run: whether the credentials
	// in use came from it, whether the server refused them, and whose.
	cachedCreds, cacheRefused bool
	credsOwner                common.Address
	// cachedRelayerKey: the relayer key in use came from the cache.
	cachedRelayerKey bool
	// chainInfo is the deployment, once learned (see chain.go).
	chainInfo *chainInfo
}

// parse finds the command, then parses the global flags and the
// command's own, which may come before, between or after the arguments.
func parse(args []string, env Env) (*invocation, error) {
	flagArgs, pos := split(args)
	if len(pos) == 0 || pos[0] == "help" {
		writeUsage(env.Stdout)
		return nil, errHelp
	}
	cmd, rest, err := lookup(pos)
	if err != nil && helpAsked(flagArgs) {
		writeUsage(env.Stdout)
		return nil, errHelp
	}
	if err != nil {
		return nil, err
	}
	inv := &invocation{env: env, cmd: cmd, args: rest}
	fs := newFlagSet("pred " + cmd.name())
	inv.g.register(fs)
	globalNames := map[string]bool{}
	fs.VisitAll(func(f *flag.Flag) { globalNames[f.Name] = true })
	if cmd.flags != nil {
		cmd.flags(fs, &inv.opts)
	}
	if helpAsked(flagArgs) {
		cmd.writeHelp(env.Stdout, fs)
		return nil, errHelp
	}
	if err := fs.Parse(flagArgs); err != nil {
		return nil, usagef("%s: %v", cmd.name(), err)
	}
	if err := envFallback(fs, globalNames, env.Getenv); err != nil {
		return nil, usagef("%v", err)
	}
	if len(rest) < cmd.minArgs || len(rest) > cmd.maxArgs {
		return nil, usagef("usage: %s", cmd.synopsis())
	}
	return inv, nil
}

func helpAsked(flagArgs []string) bool {
	for _, a := range flagArgs {
		if a == "-h" || a == "--help" || a == "-help" {
			return true
		}
	}
	return false
}

// envFallback sets each global flag not given on the command line from
// PRED_<NAME>, when that is set and not empty.
func envFallback(fs *flag.FlagSet, globalNames map[string]bool, getenv func(string) (string, bool)) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if given[f.Name] || !globalNames[f.Name] || noEnv[f.Name] || err != nil {
			return
		}
		name := flagenv.EnvName(envPrefix, f.Name)
		if v, ok := getenv(name); ok && v != "" {
			if e := fs.Set(f.Name, v); e != nil {
				err = fmt.Errorf("%s: %v", name, e)
			}
		}
	})
	return err
}

// split separates flags (with their values) from positional arguments,
// so flags may follow the arguments as in `pred order buy T 0.4 10
// --type FOK`. A flag's value is the next argument unless the flag is a
// boolean or written -name=value; "--" ends the flags.
func split(args []string) (flags, pos []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(pos, args[i+1:]...)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && !isBoolFlag(name) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			pos = append(pos, a)
		}
	}
	return flags, pos
}

// isBoolFlag reports whether any command's flag of that name is a
// boolean. Flag names mean the same in every command, so one answer fits.
func isBoolFlag(name string) bool {
	if name == "h" || name == "help" {
		return true
	}
	for _, c := range commands() {
		fs := newFlagSet(c.name())
		var g globals
		g.register(fs)
		if c.flags != nil {
			var o cmdOpts
			c.flags(fs, &o)
		}
		if f := fs.Lookup(name); f != nil {
			b, ok := f.Value.(interface{ IsBoolFlag() bool })
			return ok && b.IsBoolFlag()
		}
	}
	return false
}

// writeFlags lists a flag set's flags, with their environment variable
// when withEnv.
func writeFlags(b *strings.Builder, fs *flag.FlagSet, withEnv bool) {
	fs.VisitAll(func(f *flag.Flag) {
		name := "--" + f.Name
		if f.Name == "q" {
			name = "-q"
		}
		if _, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok {
			name += " value"
		}
		fmt.Fprintf(b, "  %-26s %s", name, f.Usage)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(b, " (default %s)", f.DefValue)
		}
		if withEnv && !noEnv[f.Name] {
			fmt.Fprintf(b, " [%s]", flagenv.EnvName(envPrefix, f.Name))
		}
		b.WriteString("\n")
	})
}
