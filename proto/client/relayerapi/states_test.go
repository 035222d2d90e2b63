package relayerapi_test

import (
	"testing"

	"pred.dev/proto/client/relayerapi"
)

// TestStates: the ranks order the way of a transaction; CONFIRMED, FAILED
// and INVALID are final, MINED and CONFIRMED success, as in the reference
// relayer's client.
func TestStates(t *testing.T) {
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
