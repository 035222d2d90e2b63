// The contract's dependency rules, as a test: what crosses a process
// boundary is declared here and depends on nothing that runs a service.
package proto_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

// contract is every package of the contract module (with Module:
// pred.dev/proto/... alone also matches the nested modules' packages).
var contract = []string{"pred.dev/proto/..."}

const module = "pred.dev/proto"

// contractImports are what the contract may import directly: the
// standard library, itself, the protobuf runtime, go-ethereum's types and
// crypto (EIP-712, addresses), uint256, the NATS client (for the names and
// headers of its messages) and JWT.
var contractImports = []string{
	"std",
	"pred.dev/proto/...",
	"google.golang.org/protobuf/...",
	"github.com/ethereum/go-ethereum/...",
	"github.com/holiman/uint256/...",
	"github.com/nats-io/nats.go/...",
	"github.com/golang-jwt/jwt/v5/...",
}

// bannedDeps may not be linked by any contract package, directly or not:
// servers, loggers, metrics and storage belong to the runtime and the
// services, and a client of the contract must not inherit them.
var bannedDeps = []string{
	"github.com/nats-io/nats-server/...",
	"go.uber.org/zap/...",
	"github.com/prometheus/...",
	"github.com/labstack/echo/...",
	"github.com/cockroachdb/pebble/...",
	"pred.dev/proto/runtime/...",
	"pred.dev/proto/client/...",
	"pred.dev/proto/chain/...",
	"pred.dev/engine/...",
	"pred.dev/gateway-...",
	"pred.dev/relayer/...",
	"pred.dev/settler/...",
	"pred.dev/scripts/...",
	"testing/...",
}

var rules = []deptest.Rule{
	{Why: "the contract imports only the standard library, itself and contractImports",
		Packages: contract, Module: module, AtLeast: 8, Direct: true, Forbid: []string{"..."}, Allow: contractImports},
	{Why: "the contract links no server, logger, metrics, storage, service or test code",
		Packages: contract, Module: module, AtLeast: 8, Forbid: bannedDeps},
	{Why: "deptest runs go list: only tests may use it",
		Packages: contract, Module: module, Forbid: []string{"pred.dev/proto/deptest"}},
	{Why: "the engine's pure core uses pred.dev/proto/rules, so it imports nothing",
		Packages: []string{"pred.dev/proto/rules"}, Direct: true, Forbid: []string{"..."}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
