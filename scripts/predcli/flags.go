package predcli

import (
	"strings"
	"time"

	"github.com/spf13/pflag"

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

// quietFlag is -q's long name. It has no environment fallback: it only
// shapes one command's output, and a variable left in a shell would
// silently change what every later command prints.
const quietFlag = "quiet"

func (g *globals) register(fs *pflag.FlagSet) {
	fs.StringVar(&g.url, "url", DefaultURL, "base URL of the CLOB API")
	fs.StringVar(&g.gammaURL, "gamma-url", DefaultGammaURL, "base URL of the Gamma API (markets, login, and the chain's addresses from GET /public-info)")
	fs.StringVar(&g.relayerURL, "relayer-url", DefaultRelayerURL, "base URL of the Relayer API (wallet deploy and approve, tx)")
	fs.StringVar(&g.operatorKey, "operator-key", "", "the Gamma API's operator key, for the pred admin commands; secret")
	fs.StringVar(&g.privateKey, "private-key", "", "hex private key of your wallet (make one with 'pred wallet new'); secret")
	fs.StringVar(&g.apiKey, "api-key", "", "CLOB API key; with --secret and --passphrase, used instead of the key pred derives from the private key")
	fs.StringVar(&g.secret, "secret", "", "CLOB API secret; secret")
	fs.StringVar(&g.passphrase, "passphrase", "", "CLOB API passphrase; secret")
	fs.Uint64Var(&g.chainID, "chain-id", 0, "chain id of the EIP-712 domains (default: the Gamma API's /public-info)")
	fs.StringVar(&g.exchange, "exchange", "", "exchange contract address orders are signed for (default: /public-info's)")
	fs.StringVar(&g.negRiskExchange, "neg-risk-exchange", "", "exchange address of negRisk markets (default: /public-info's)")
	fs.BoolVar(&g.eoa, "eoa", false, "trade from the key's own address (signature type 0) instead of its proxy wallet (type 2)")
	fs.DurationVar(&g.timeout, "timeout", defaultTimeout, "timeout of each API call")
	fs.BoolVar(&g.json, "json", false, "print stable JSON instead of tables")
	fs.BoolVarP(&g.quiet, quietFlag, "q", false, "print only the identifier: the private key (wallet new), the order id (order), the token ids (markets <market>), the JWT (login), the relayer key (relayer key), the transaction ids (wallet deploy, wallet approve, tx), the game (admin demo-game)")
	// Each usage names its environment variable, so that pred --help
	// lists them.
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Name != quietFlag {
			f.Usage += " [" + flagenv.EnvName(envPrefix, f.Name) + "]"
		}
	})
}

// envFallback sets each global flag not given on the command line from
// PRED_<NAME>, when that is set and not empty.
func envFallback(globalFlags *pflag.FlagSet, getenv func(string) (string, bool)) error {
	var err error
	globalFlags.VisitAll(func(f *pflag.Flag) {
		if f.Changed || f.Name == quietFlag || err != nil {
			return
		}
		name := flagenv.EnvName(envPrefix, f.Name)
		if v, ok := getenv(name); ok && v != "" {
			if e := f.Value.Set(v); e != nil {
				err = usagef("%s=%q: %v", name, v, e)
			}
		}
	})
	return err
}

// normalizeArgs rewrites the two spellings pflag reads differently from
// Go's flag package, which pred's parser followed until it moved to
// cobra, so that existing scripts keep working: a long flag with one
// dash (-json, -type FOK) gets its second dash, and a flag whose value
// is optional (--wait) followed by a duration (--wait 5m) takes it as
// its value (--wait=5m). "--" ends the flags.
func normalizeArgs(args []string, optionalValue map[string]bool) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && isLetter(a[1]) && isLetter(a[2]) {
			a = "-" + a
		}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if strings.HasPrefix(a, "--") && !hasValue && optionalValue[name] && i+1 < len(args) {
			if _, err := time.ParseDuration(args[i+1]); err == nil {
				a += "=" + args[i+1]
				i++
			}
		}
		out = append(out, a)
	}
	return out
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' }

// waitFlag registers --wait: how long to wait for a state to become
// final, def when the flag is absent, defaultWait when given without a
// value (--wait alone).
func waitFlag(fs *pflag.FlagSet, p *time.Duration, def time.Duration, usage string) {
	fs.DurationVar(p, "wait", def, usage)
	fs.Lookup("wait").NoOptDefVal = defaultWait.String()
}
