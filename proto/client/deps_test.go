// The client module's dependency rules, as a test.
package client_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var rules = []deptest.Rule{
	{Why: "a program that uses the SDK links the contract and go-ethereum's crypto, and nothing that runs a service",
		Packages: []string{"pred.dev/proto/client/..."},
		Forbid: []string{"github.com/nats-io/...", "go.uber.org/zap/...", "github.com/prometheus/...", "github.com/labstack/echo/...",
			"pred.dev/proto/runtime/...", "pred.dev/proto/chain/...", "pred.dev/engine/...", "pred.dev/gateway-...", "testing/..."},
		Need: []string{"pred.dev/proto/eip712"}},
	// The JSON types that the services import are data: no HTTP client,
	// nothing of an SDK.
	{Why: "clobapi, which the CLOB gateway imports, is the standard library's encoding and the contract's amounts only",
		Packages: []string{"pred.dev/proto/client/clobapi"},
		Forbid:   []string{"net/http", "pred.dev/proto/client/clob", "...go-ethereum..."}},
	{Why: "gammaapi, which Gamma imports, carries no HTTP client, nothing of the SDK and no go-ethereum",
		Packages: []string{"pred.dev/proto/client/gammaapi"},
		Forbid:   []string{"net/http", "pred.dev/proto/client/gamma", "...go-ethereum..."}},
	{Why: "relayerapi, which the relayer imports, is the standard library only",
		Packages: []string{"pred.dev/proto/client/relayerapi"}, Forbid: []string{"..."}, Allow: []string{"std"}, Need: []string{"time"}},
	{Why: "relayerapi, which the relayer imports, carries no HTTP client",
		Packages: []string{"pred.dev/proto/client/relayerapi"}, Forbid: []string{"net/http"}},
}

// sdks are the three Go SDKs. Each sends its requests and reads its
// answers through internal/rest alone, so none reads a body (io) or
// decodes JSON (encoding/json) itself: a fourth copy of the transport
// would have to.
var sdks = []string{"pred.dev/proto/client/clob", "pred.dev/proto/client/gamma", "pred.dev/proto/client/relayer"}

func init() {
	for _, sdk := range sdks {
		rules = append(rules, deptest.Rule{Why: "an SDK sends and reads through the one transport, internal/rest",
			Packages: []string{sdk}, Direct: true, Forbid: []string{"io", "encoding/json"},
			Need: []string{"pred.dev/proto/client/internal/rest"}})
	}
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
