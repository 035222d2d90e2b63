package deptest

import "testing"

// TestMatch: patterns read the way go list reads them.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"pred.dev/engine/...", "pred.dev/engine", true},
		{"pred.dev/engine/...", "pred.dev/engine/inproc", true},
		{"pred.dev/engine/...", "pred.dev/engineering", false},
		{"pred.dev/gateway-...", "pred.dev/gateway-clob/server", true},
		{"pred.dev/gateway-...", "pred.dev/gateway", false},
		{"pred.dev/proto/client", "pred.dev/proto/client", true},
		{"pred.dev/proto/client", "pred.dev/proto/client/clobapi", false},
		{"...go-ethereum...", "github.com/ethereum/go-ethereum/common", true},
		{"...", "C", true},
		{"std", "net/http", true},
		{"std", "C", true},
		{"std", "golang.org/x/net/http/httpguts", false},
		{"std", "pred.dev/proto/rules", false},
		{"github.com/nats-io/nats.go", "github.com/nats-io/nats.gox", false},
	} {
		if got := match(c.pattern)(c.path); got != c.want {
			t.Errorf("match(%q)(%q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}
