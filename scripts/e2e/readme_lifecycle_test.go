package e2e

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"pred.dev/scripts/devnet"
)

// lifecycleHeading starts the README section TestREADMELifecycle runs.
const lifecycleHeading = "## Try it: a sports market's life"

// lifecycleExpect says what the lifecycle walkthrough's commands must
// print; commands are repeated until it appears (the liveness passing,
// the chain settling and redeeming).
var lifecycleExpect = map[string]*regexp.Regexp{
	"GAME=$(pred admin demo-game --operator-key $OP -q)": regexp.MustCompile(`^nba-lal-bos-demo-\d+\n$`),
	"pred games $GAME":                        regexp.MustCompile(`nba\s+Los Angeles Lakers\s+Boston Celtics\s+\S+\s+(pre-game|live)`),
	"pred events $GAME":                       regexp.MustCompile(`nba-lal-bos-demo-\d+-winner\s+(?s:.*)nba-lal-bos-demo-\d+-total-220-5\s`),
	"PRED_PRIVATE_KEY=$CAROL pred faucet 100": regexp.MustCompile(`balance\s+100 USDW`),
	"PRED_PRIVATE_KEY=$CAROL pred order buy $WINNER lakers 0.40 10": regexp.MustCompile(`status\s+live\n(?s:.*)outcome\s+Lakers\n`),
	// --wait: the pair is minted and settled before the game starts.
	"PRED_PRIVATE_KEY=$DAVE pred order buy $WINNER celtics 0.60 10 --wait":      regexp.MustCompile(`status\s+matched\n(?s:.*)TAKER\s+BUY\s+0\.6\s+10\s+0\.06\s+MINT\s+CONFIRMED\s`),
	"PRED_PRIVATE_KEY=$CAROL pred order buy $WINNER lakers 0.30 5 --game $GAME": regexp.MustCompile(`status\s+live`),
	"pred book $WINNER lakers":                                       regexp.MustCompile(`bid\s+0\.3\s+5\n`),
	"PRED_PRIVATE_KEY=$CAROL pred positions":                         regexp.MustCompile(`nba-lal-bos-demo-\d+-winner\s+Lakers\s+10\s+0\s+\S+ \((mid|last)\)\s+\S+\s+trading\s+settled\n`),
	"PRED_OPERATOR_KEY=$OP pred admin scores $GAME live 0 0":         regexp.MustCompile(`status\s+live`),
	"pred book $WINNER celtics":                                      regexp.MustCompile(`\(empty book\)`),
	"PRED_PRIVATE_KEY=$CAROL pred orders list --all":                 regexp.MustCompile(`CANCELED`),
	"PRED_OPERATOR_KEY=$OP pred admin scores $GAME finished 112 108": regexp.MustCompile(`status\s+finished\nscore\s+112-108`),
	"pred markets $WINNER":                                           regexp.MustCompile(`phase\s+proposed\nproposed_outcome\s+Lakers`),
	"PRED_OPERATOR_KEY=$OP pred admin challenge $WINNER":             regexp.MustCompile(`phase\s+challenged`),
	"PRED_OPERATOR_KEY=$OP pred admin propose $WINNER yes":           regexp.MustCompile(`phase\s+proposed`),
	"PRED_PRIVATE_KEY=$CAROL pred balance":                           regexp.MustCompile(`balance\s+106\n`),
	"PRED_PRIVATE_KEY=$CAROL pred chain balance":                     regexp.MustCompile(`on_chain\s+106\n`),
	"PRED_PRIVATE_KEY=$CAROL pred chain balance $WINNER lakers":      regexp.MustCompile(`on_chain\s+0\n`),
	"PRED_PRIVATE_KEY=$DAVE pred balance":                            regexp.MustCompile(`balance\s+93\.94\n`),
	"PRED_PRIVATE_KEY=$DAVE pred chain balance":                      regexp.MustCompile(`on_chain\s+93\.94\n`),
	"PRED_OPERATOR_KEY=$OP pred admin archive $WINNER":               regexp.MustCompile(`phase\s+resolved`),
}

// lifecycleResolved is what the walkthrough's second `pred markets
// $WINNER` waits for; the first, right after the final score, wants the
// proposal (lifecycleExpect).
var lifecycleResolved = regexp.MustCompile(`phase\s+resolved\n(?s:.*)payout_vector\s+\[1 0\]`)

// TestREADMELifecycle runs the README's sports walkthrough line by line,
// as TestREADMEWalkthrough runs the first one, against a devnet whose
// liveness is seconds instead of minutes: twice, since each run
// schedules a game of its own, and a story that ran once must run again
// on the same devnet.
func TestREADMELifecycle(t *testing.T) {
	t.Parallel()
	n := startNet(t, func(c *devnet.Config) { c.Liveness = storyLiveness })
	games := map[string]bool{}
	for run := range 2 {
		sh := newShell(t, n, n.d.URL, n.d.GammaURL, n.d.RelayerURL)
		runLifecycle(t, sh)
		if games[sh.vars["GAME"]] {
			t.Fatalf("run %d played game %s again", run+1, sh.vars["GAME"])
		}
		games[sh.vars["GAME"]] = true
	}
}

// runLifecycle runs the section once.
func runLifecycle(t *testing.T, sh *shell) {
	t.Helper()
	ran := map[string]bool{}
	for _, line := range readmeSection(t, lifecycleHeading) {
		expect := lifecycleExpect[line]
		if expect == nil {
			expect = anything
		}
		if line == "pred markets $WINNER" && ran[line] {
			expect = lifecycleResolved
		}
		sh.run(line, expect)
		ran[line] = true
	}
	for cmd := range lifecycleExpect {
		if !ran[cmd] {
			t.Errorf("the lifecycle walkthrough no longer runs %q", cmd)
		}
	}
}

// readmeSection returns the command lines of a README section's sh
// blocks, without comments.
func readmeSection(t *testing.T, heading string) []string {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), heading)
	if !ok {
		t.Fatalf("README has no %q section", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var out []string
	for _, block := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
		for _, line := range strings.Split(block[1], "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				out = append(out, line)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("the section has no commands")
	}
	return out
}
