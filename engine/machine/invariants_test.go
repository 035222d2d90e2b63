package machine

import (
	"os"
	"strings"
	"testing"
)

// TestInvariantsTagIsOn: make test builds the engine's tests with the
// pred_invariants tag (and says so in PRED_INVARIANTS); if the tag ever stops
// reaching them, this fails instead of the checks silently going away.
func TestInvariantsTagIsOn(t *testing.T) {
	if os.Getenv("PRED_INVARIANTS") == "1" && !invariantsOn {
		t.Fatal("PRED_INVARIANTS=1 but the tests were built without -tags pred_invariants: Apply checks no invariant")
	}
}

// TestApplyPanicsOnABrokenInvariant: with the tag, the first command after
// the state breaks an invariant panics, naming the command and the
// invariant.
func TestApplyPanicsOnABrokenInvariant(t *testing.T) {
	if !invariantsOn {
		t.Skip("built without -tags pred_invariants")
	}
	m := New(DefaultConfig())
	m.Apply(&Command{Kind: KindDeposit, ID: Hash{1}, Account: Address{7}, Amount: 5 * UnitsPerShare}, nil)
	m.creditedUnits++ // collateral no longer adds up
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "invariant broken after command") || !strings.Contains(s, "collateral") {
			t.Fatalf("Apply after breaking an invariant: recovered %v", r)
		}
	}()
	m.Apply(&Command{Kind: KindTick, ID: Hash{2}, TimeMs: 1}, nil)
}
