package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/predcli"
)

// readmePath is the repository README, from this package's directory.
const readmePath = "../../README.md"

// walkthroughHeading starts the README section this test runs.
const walkthroughHeading = "## Try it: two crossing orders"

// walkthroughSkipped are the walkthrough's set-up lines, which only build
// and find the binary the test replaces with the predcli package.
var walkthroughSkipped = []string{"go build ", "export PATH="}

// walkthroughExpect says what some commands of the walkthrough must print.
// Reads of one wallet after another wallet's order are eventually
// consistent (the engine answers before its store commits), so those
// commands are repeated until their output appears.
var walkthroughExpect = map[string]*regexp.Regexp{
	"pred events": regexp.MustCompile(`lisbon-weather-tomorrow`),
	"pred markets will-it-rain-in-lisbon-tomorrow":                      regexp.MustCompile(`yes_token\s+\d{70,78}\nno_token\s+\d{70,78}\n`),
	"PRED_PRIVATE_KEY=$ALICE pred login":                                regexp.MustCompile(`token\s+\S+\.\S+\.\S+\n`),
	"PRED_PRIVATE_KEY=$ALICE pred relayer key":                          regexp.MustCompile(`api_key\s+\S+\naddress\s+0x[0-9a-fA-F]{40}\n`),
	"PRED_PRIVATE_KEY=$ALICE pred wallet deploy":                        regexp.MustCompile(`deployed\s+true\n(?s:.*)SAFE-CREATE\s+CONFIRMED`),
	"PRED_PRIVATE_KEY=$BOB pred wallet deploy":                          regexp.MustCompile(`deployed\s+true\n(?s:.*)SAFE-CREATE\s+CONFIRMED`),
	"PRED_PRIVATE_KEY=$ALICE pred faucet 100":                           regexp.MustCompile(`balance\s+100 USDW`),
	"APPROVAL=$(pred wallet approve --private-key $ALICE --no-wait -q)": regexp.MustCompile(`^\S+\n$`),
	"pred tx $APPROVAL --private-key $ALICE":                            regexp.MustCompile(`SAFE\s+CONFIRMED\s+0x`),
	"PRED_PRIVATE_KEY=$BOB pred wallet approve":                         regexp.MustCompile(`SAFE\s+CONFIRMED\s+0x`),
	"PRED_PRIVATE_KEY=$ALICE pred balance": regexp.MustCompile(`balance\s+100\n(?s:.*)allowance\s+unlimited \(exchange\)\n\s+unlimited \(negRisk exchange\)\n` +
		`approved\s+USDW unlimited, shares yes \(exchange\)\n\s+USDW unlimited, shares yes \(negRisk exchange\)\n`),
	// The key pred balance made, the one pred signs with: the only one.
	"PRED_PRIVATE_KEY=$ALICE pred keys list": regexp.MustCompile(`PRED USES\n\S+\s+0x[0-9a-fA-F]{40}\s+-\s+\S+\s+yes\n$`),
	// Nothing filled: pred says what rests, not the API's amounts on entry.
	"PRED_PRIVATE_KEY=$ALICE pred order buy $MARKET yes 0.40 10": regexp.MustCompile(`status\s+live\n(?s:.*)filled\s+nothing yet\nresting\s+10 shares on the book\n`),
	"pred book $MARKET yes": regexp.MustCompile(`bid\s+0\.4\s+10\n`),
	// The market channel's snapshot: Alice's bid, the book agreeing with the server's hash.
	"pred watch book $MARKET yes --count 1":                   regexp.MustCompile(`^position \d+  hash ok  mismatches 0  connects 1\nSIDE\s+PRICE\s+SIZE\nbid\s+0\.4\s+10\n\n$`),
	"PRED_PRIVATE_KEY=$BOB pred order buy $MARKET no 0.60 10": regexp.MustCompile(`status\s+matched\n(?s:.*)filled\s+bought 10 shares for 6 USDW\n`),
	// The settler moves the trade on at once: any status on its way.
	"PRED_PRIVATE_KEY=$ALICE pred trades": regexp.MustCompile(`MAKER\s+BUY\s+0\.4\s+10\s+0\s+MINT\s+(MATCHED|SUBMITTED|MINED|CONFIRMED)\s`),
	"PRED_PRIVATE_KEY=$BOB pred trades":   regexp.MustCompile(`TAKER\s+BUY\s+0\.6\s+10\s+0\.06\s+MINT\s+(MATCHED|SUBMITTED|MINED|CONFIRMED)\s`),
	// --wait: CONFIRMED on chain, with its transaction, the first time.
	"PRED_PRIVATE_KEY=$BOB pred trades --token $NO --wait": regexp.MustCompile(`TAKER\s+BUY\s+0\.6\s+10\s+0\.06\s+MINT\s+CONFIRMED\s+0x[0-9a-f]{4}\.\.\.[0-9a-f]{6}\s`),
	"PRED_PRIVATE_KEY=$ALICE pred balance $YES":            regexp.MustCompile(`balance\s+10\n`),
	"PRED_PRIVATE_KEY=$BOB pred balance":                   regexp.MustCompile(`balance\s+93\.94\n`),
	"PRED_PRIVATE_KEY=$ALICE pred positions":               regexp.MustCompile(`will-it-rain-in-lisbon-tomorrow\s+Yes\s+10\s+0\s+\S+ \((mid|last)\)\s+\S+\s+trading\s+settled\n`),
	"pred history $MARKET":                                 regexp.MustCompile(`points\s+[1-9](?s:.*) ┤`),
}

// walkthroughAtOnce are the commands whose first output must match:
// they wait by themselves (--wait) or read what their own user wrote.
var walkthroughAtOnce = map[string]bool{
	"PRED_PRIVATE_KEY=$BOB pred trades --token $NO --wait":              true,
	"PRED_PRIVATE_KEY=$ALICE pred order buy $MARKET yes 0.40 10":        true,
	"PRED_PRIVATE_KEY=$BOB pred order buy $MARKET no 0.60 10":           true,
	"PRED_PRIVATE_KEY=$ALICE pred keys list":                            true,
	"APPROVAL=$(pred wallet approve --private-key $ALICE --no-wait -q)": true,
}

// anything is the expectation of the commands walkthroughExpect omits.
var anything = regexp.MustCompile(``)

// TestREADMEWalkthrough runs the README's "Try it" walkthrough, line by
// line, through the pred CLI's package against a fresh devnet: the
// README cannot drift from what the exchange does.
func TestREADMEWalkthrough(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	sh := newShell(t, n, n.d.URL, n.d.GammaURL, n.d.RelayerURL)
	sh.cache = t.TempDir()
	runWalkthrough(t, sh)
	if m := n.market(0); sh.vars["YES"] != m.YesTokenID() || sh.vars["NO"] != m.NoTokenID() {
		t.Errorf("the README's YES and NO are not the tokens of %q: %s, %s", m.Question, m.YesTokenID(), m.NoTokenID())
	}
}

// newShell is a shell whose pred talks to the three APIs at these URLs
// through n's validating client.
func newShell(t *testing.T, n *testNet, clobURL, gammaURL, relayerURL string) *shell {
	return &shell{t: t, vars: map[string]string{"PRED_URL": clobURL, "PRED_GAMMA_URL": gammaURL, "PRED_RELAYER_URL": relayerURL}, http: n}
}

// runWalkthrough runs the walkthrough's lines in sh, each checked
// against walkthroughExpect.
func runWalkthrough(t *testing.T, sh *shell) {
	t.Helper()
	ran := map[string]bool{}
	for _, line := range walkthrough(t) {
		expect := walkthroughExpect[line]
		if expect == nil {
			expect = anything
		}
		sh.once = walkthroughAtOnce[line]
		sh.run(line, expect)
		ran[line] = true
	}
	for cmd := range walkthroughExpect {
		if !ran[cmd] {
			t.Errorf("the walkthrough no longer runs %q", cmd)
		}
	}
}

// walkthrough returns the command lines of the README section's sh
// blocks, without comments and set-up lines.
func walkthrough(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), walkthroughHeading)
	if !ok {
		t.Fatalf("README has no %q section", walkthroughHeading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var out []string
	for _, block := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
		for _, line := range strings.Split(block[1], "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") || skipped(line) {
				continue
			}
			out = append(out, line)
		}
	}
	if len(out) == 0 {
		t.Fatal("the walkthrough has no commands")
	}
	return out
}

func skipped(line string) bool {
	for _, p := range walkthroughSkipped {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// shell runs the few shell forms the walkthrough uses: NAME=value,
// NAME=$(pred ...), and pred ... with NAME=value prefixes, expanding
// $NAME. Anything else fails the test, so the README cannot grow a step
// that is not checked.
type shell struct {
	t    *testing.T
	vars map[string]string
	http *testNet
	// cache is pred's cache directory, shared by the walkthrough's runs
	// as a terminal's are: the tokens and keys one command makes, the
	// next uses.
	cache string
	// once makes the next command's first output the one that must
	// match: it is not run again.
	once bool
}

var (
	assignment   = regexp.MustCompile(`^([A-Z_][A-Z0-9_]*)=(\S*)$`)
	substitution = regexp.MustCompile(`^([A-Z_][A-Z0-9_]*)=\$\((.*)\)$`)
)

func (sh *shell) run(line string, expect *regexp.Regexp) {
	sh.t.Helper()
	if m := substitution.FindStringSubmatch(line); m != nil {
		args, env := sh.command(line, m[2])
		sh.vars[m[1]] = strings.TrimSpace(sh.pred(args, env, line, expect))
		return
	}
	if m := assignment.FindStringSubmatch(line); m != nil {
		sh.vars[m[1]] = os.Expand(m[2], sh.lookup)
		return
	}
	args, env := sh.command(line, line)
	sh.pred(args, env, line, expect)
}

// command splits "NAME=value ... pred args" into pred's arguments and
// the environment the prefixes set.
func (sh *shell) command(line, cmd string) (string, map[string]string) {
	sh.t.Helper()
	fields := strings.Fields(cmd)
	env := map[string]string{}
	for len(fields) > 0 && assignment.MatchString(fields[0]) {
		k, v, _ := strings.Cut(fields[0], "=")
		env[k] = os.Expand(v, sh.lookup)
		fields = fields[1:]
	}
	if len(fields) == 0 || fields[0] != "pred" {
		sh.t.Fatalf("the walkthrough line %q is not a pred command or an assignment", line)
	}
	return strings.Join(fields[1:], " "), env
}

func (sh *shell) lookup(name string) string { return sh.vars[name] }

// pred runs a pred command line and returns its stdout, running it again
// until the output matches expect.
func (sh *shell) pred(args string, env map[string]string, line string, expect *regexp.Regexp) string {
	sh.t.Helper()
	argv := strings.Fields(os.Expand(args, sh.lookup))
	getenv := func(name string) (string, bool) {
		if v, ok := env[name]; ok {
			return v, true
		}
		v, ok := sh.vars[name]
		return v, ok
	}
	var out string
	run := func() error {
		var stdout, stderr bytes.Buffer
		code := predcli.Run(context.Background(), argv, predcli.Env{Stdout: &stdout, Stderr: &stderr,
			Getenv: getenv, HTTPClient: sh.http.httpClient(), CacheDir: sh.cache})
		if code != predcli.ExitOK {
			sh.t.Fatalf("%s: exit %d\n%s", line, code, stderr.String())
		}
		if out = stdout.String(); !expect.MatchString(out) {
			return fmt.Errorf("the output does not match %q:\n%s\nstderr:\n%s", expect, out, stderr.String())
		}
		return nil
	}
	if !sh.once {
		eventually.NoError(sh.t, line+" prints what the README shows", run)
	} else if err := run(); err != nil {
		sh.t.Fatalf("%s: at once, %v", line, err)
	}
	sh.t.Logf("$ %s\n%s", line, out)
	return out
}
