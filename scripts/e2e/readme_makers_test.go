package e2e

import (
	"regexp"
	"testing"
)

// makersHeading starts the README section TestREADMEMarketMakers runs.
const makersHeading = "## Try it: market makers' tools"

// makersExpect says what the market makers' walkthrough must print.
var makersExpect = map[string]*regexp.Regexp{
	"PRED_PRIVATE_KEY=$MIA pred group set 1 30":        regexp.MustCompile(`1\s+30\s+15s\s+0\s+false\n`),
	"PRED_PRIVATE_KEY=$MIA pred queue $BID":            regexp.MustCompile(`shares_ahead\s+\d+(\.\d+)?\nlevel_size\s+\d+(\.\d+)?\n`),
	"PRED_PRIVATE_KEY=$MIA pred decrease $BID --to 12": regexp.MustCompile(`status\s+live\nsize\s+12\nremaining\s+12\n`),
	"PRED_PRIVATE_KEY=$MIA pred replace $BID 0.32":     regexp.MustCompile(`status\s+live\norder\s+BUY 12 shares at 0\.32\n`),
	"PRED_PRIVATE_KEY=$MIA pred group list":            regexp.MustCompile(`1\s+30\s+15s\s+0\s+false\n`),
	"PRED_PRIVATE_KEY=$MIA pred orders cancel --all":   regexp.MustCompile(`canceled`),
	// The group's quote went with the cancel of all: nothing left in it.
	"PRED_PRIVATE_KEY=$MIA pred group delete 1": regexp.MustCompile(`^group 1 deleted, 0 orders canceled\n$`),
}

// TestREADMEMarketMakers runs the README's market makers' walkthrough
// line by line, as TestREADMELifecycle runs the sports one.
func TestREADMEMarketMakers(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	sh := newShell(t, n, n.d.URL, n.d.GammaURL, n.d.RelayerURL)
	ran := map[string]bool{}
	for _, line := range readmeSection(t, makersHeading) {
		expect := makersExpect[line]
		if expect == nil {
			expect = anything
		}
		sh.run(line, expect)
		ran[line] = true
	}
	for cmd := range makersExpect {
		if !ran[cmd] {
			t.Errorf("the market makers' walkthrough no longer runs %q", cmd)
		}
	}
}
