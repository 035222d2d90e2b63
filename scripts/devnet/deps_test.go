package devnet_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDevnetLinksNoTestCode: `make run` is what a newcomer runs, and it
// runs the same in-process engine and gateway as the tests, but none of
// their test code: not testing, not the embedded NATS server's test
// harness, not the gateway's OpenAPI test validator.
func TestDevnetLinksNoTestCode(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "pred.dev/scripts/cmd/devnet").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := strings.Fields(string(out))
	for _, p := range pkgs {
		switch p {
		case "testing", "pred.dev/proto/runtime/natstest", "pred.dev/gateway-clob/apitest":
			t.Errorf("the devnet links %s", p)
		}
	}
	if len(pkgs) < 100 {
		t.Fatalf("go list returned only %d packages", len(pkgs))
	}
}
