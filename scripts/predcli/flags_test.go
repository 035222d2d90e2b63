package predcli

import (
	"flag"
	"slices"
	"testing"
)

// TestSplit: flags may come anywhere; a flag's value is the next argument
// unless it is a boolean or written -name=value; "--" ends the flags.
func TestSplit(t *testing.T) {
	for _, c := range []struct {
		args       []string
		flags, pos []string
	}{
		{[]string{"order", "buy", "T", "0.4", "10", "--type", "FOK", "--post-only"},
			[]string{"--type", "FOK", "--post-only"}, []string{"order", "buy", "T", "0.4", "10"}},
		{[]string{"--json", "book", "T"}, []string{"--json"}, []string{"book", "T"}},
		{[]string{"-q", "--url=http://x", "wallet", "new"}, []string{"-q", "--url=http://x"}, []string{"wallet", "new"}},
		{[]string{"--private-key", "0xab", "faucet", "10"}, []string{"--private-key", "0xab"}, []string{"faucet", "10"}},
		{[]string{"orders", "cancel", "--all", "--", "-not-a-flag"}, []string{"--all"}, []string{"orders", "cancel", "-not-a-flag"}},
		{[]string{"orders", "cancel", "--market", "0x1"}, []string{"--market", "0x1"}, []string{"orders", "cancel"}},
	} {
		flags, pos := split(c.args)
		if !slices.Equal(flags, c.flags) || !slices.Equal(pos, c.pos) {
			t.Errorf("split(%q) = %q, %q; want %q, %q", c.args, flags, pos, c.flags, c.pos)
		}
	}
}

// TestFlagNamesAgree: a flag name is a boolean in every command that has
// it or in none, which split relies on.
func TestFlagNamesAgree(t *testing.T) {
	isBool := map[string]bool{}
	for _, c := range commands() {
		fs := newFlagSet(c.name())
		var g globals
		g.register(fs)
		if c.flags != nil {
			var o cmdOpts
			c.flags(fs, &o)
		}
		fs.VisitAll(func(f *flag.Flag) {
			b, ok := f.Value.(interface{ IsBoolFlag() bool })
			kind := ok && b.IsBoolFlag()
			if prev, seen := isBool[f.Name]; seen && prev != kind {
				t.Errorf("flag --%s is a boolean in some commands and not in %s", f.Name, c.name())
			}
			isBool[f.Name] = kind
		})
	}
	if !isBool["all"] || isBool["market"] {
		t.Fatalf("flag kinds %v: want --all boolean and --market not", isBool)
	}
}
