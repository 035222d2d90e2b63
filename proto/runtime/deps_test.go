// The runtime's dependency rules, as a test.
package runtime_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var runtimePackages = []string{"pred.dev/proto/runtime/..."}

// runtimeImports are what the runtime may import directly: the standard
// library, the contract, itself and these modules.
var runtimeImports = []string{
	"std",
	"pred.dev/proto/...",
	"github.com/nats-io/nats.go/...",
	"github.com/nats-io/nats-server/v2/...",
	"go.uber.org/zap/...",
	"github.com/prometheus/client_golang/...",
	"google.golang.org/protobuf/...",
	"github.com/getkin/kin-openapi/...",
	"github.com/chromedp/...",
	"github.com/labstack/echo/v4/...",
	"github.com/google/uuid/...",
	"github.com/coder/websocket/...",
	"golang.org/x/time/...",
	"golang.org/x/net/http/httpguts/...",
	"go.yaml.in/yaml/v3/...",
}

// notOurs are the modules of ours the runtime may not depend on: it serves
// the services, so it knows none of them, nor the client or the chain.
var notOurs = []string{
	"pred.dev/proto/client/...",
	"pred.dev/proto/chain/...",
	"pred.dev/engine/...",
	"pred.dev/gateway-...",
	"pred.dev/relayer/...",
	"pred.dev/settler/...",
	"pred.dev/scripts/...",
}

var rules = []deptest.Rule{
	{Why: "the runtime imports only the standard library, the contract, itself and runtimeImports",
		Packages: runtimePackages, AtLeast: 8, Direct: true, Forbid: []string{"..."}, Allow: runtimeImports},
	{Why: "the runtime serves the services, so it knows none of them, nor the client or the chain",
		Packages: runtimePackages, AtLeast: 8, Forbid: notOurs},
	// Some dependencies only some packages may link.
	{Why: "only the embedded server and its test harness link the NATS server: a service that publishes, queries or follows does not",
		Packages: runtimePackages, Skip: []string{"pred.dev/proto/runtime/natsembed", "pred.dev/proto/runtime/natstest"},
		Forbid: []string{"github.com/nats-io/nats-server/..."}},
	{Why: "only the test harness of the APIs links the OpenAPI validator",
		Packages: runtimePackages, Skip: []string{"pred.dev/proto/runtime/apitest"}, Forbid: []string{"github.com/getkin/kin-openapi/..."}},
	{Why: "only the test harness of the APIs drives a browser",
		Packages: runtimePackages, Skip: []string{"pred.dev/proto/runtime/apitest"}, Forbid: []string{"github.com/chromedp/..."}},
	{Why: "only the HTTP middleware and the gateway kit link Echo, so the engine and the settler, which serve no API, link no HTTP framework",
		Packages: runtimePackages, Skip: []string{"pred.dev/proto/runtime/httpmw", "pred.dev/proto/runtime/gateway"}, Forbid: []string{"github.com/labstack/echo/..."}},
	{Why: "only the test harnesses link testing",
		Packages: runtimePackages, Skip: []string{"pred.dev/proto/runtime/natstest", "pred.dev/proto/runtime/apitest", "pred.dev/proto/runtime/eventually", "pred.dev/proto/runtime/scenario"},
		Forbid: []string{"testing/..."}},
	{Why: "the test harnesses are for tests: no package of the runtime links them",
		Packages: runtimePackages, Forbid: []string{"pred.dev/proto/runtime/natstest", "pred.dev/proto/runtime/apitest", "pred.dev/proto/runtime/eventually", "pred.dev/proto/runtime/scenario"}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
