package devnet_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var rules = []deptest.Rule{
	{Why: "`make run` is what a newcomer runs, and it runs the same in-process engine and services as the tests, but none of their test code",
		Packages: []string{"pred.dev/scripts/cmd/devnet"},
		Forbid: []string{"testing/...", "pred.dev/proto/runtime/natstest", "pred.dev/proto/runtime/apitest", "pred.dev/proto/runtime/eventually",
			"pred.dev/gateway-clob/apitest", "pred.dev/gateway-gamma/apitest", "pred.dev/relayer/apitest"},
		Need: []string{"pred.dev/engine/inproc"}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
