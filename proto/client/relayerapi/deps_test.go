package relayerapi_test

import (
	"os/exec"
	"strings"
	"testing"

	"pred.dev/proto/client/relayerapi"
)

// TestRelayerAPIIsData: the JSON types the relayer imports carry no HTTP
// client, nothing of the client and nothing of go-ethereum: the standard
// library only.
func TestRelayerAPIIsData(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", "pred.dev/proto/client/relayerapi").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, d := range deps {
		if d == "net/http" || strings.HasPrefix(d, "pred.dev/") && d != "pred.dev/proto/client/relayerapi" || strings.Contains(d, ".") && !strings.HasPrefix(d, "pred.dev/") {
			t.Errorf("relayerapi depends on %s", d)
		}
	}
	if len(deps) < 5 {
		t.Fatalf("go list found only %v", deps)
	}
}

// TestStates: the ranks order the way of a transaction; CONFIRMED, FAILED
// and INVALID are final, MINED and CONFIRMED success, as in the reference
// relayer's client.
func TestStates(t *testing.T) {
	t.Parallel()
	way := []relayerapi.State{relayerapi.StateNew, relayerapi.StateExecuted, relayerapi.StateMined, relayerapi.StateConfirmed}
	for i := 1; i < len(way); i++ {
		if way[i].Rank() <= way[i-1].Rank() {
			t.Fatalf("%s does not rank above %s", way[i], way[i-1])
		}
	}
	for _, s := range []relayerapi.State{relayerapi.StateNew, relayerapi.StateExecuted, relayerapi.StateMined, relayerapi.StateConfirmed,
		relayerapi.StateFailed, relayerapi.StateInvalid} {
		terminal := s == relayerapi.StateConfirmed || s == relayerapi.StateFailed || s == relayerapi.StateInvalid
		success := s == relayerapi.StateMined || s == relayerapi.StateConfirmed
		if !s.Known() || s.Terminal() != terminal || s.Success() != success {
			t.Errorf("%s: known %v terminal %v success %v", s, s.Known(), s.Terminal(), s.Success())
		}
	}
	if relayerapi.State("MINED").Known() {
		t.Error("a state without its prefix is known")
	}
}
