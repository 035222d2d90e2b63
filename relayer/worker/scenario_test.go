package worker

import (
	"testing"

	scenariofile "pred.dev/proto/runtime/scenario"
)

// Scenario files in testdata/scenarios describe the worker's states as
// scripts, in the engine's format (engine/machine/scenario_test.go):
// blocks of steps (a submission, the chain mining, dropping or
// reorganizing, the clock moving, the worker looking at the chain,
// crashing and restarting), a "----" line, and the records those steps
// produced. Each file runs on its own embedded NATS and simulated chain,
// against the real worker, stepped one look at a time (see
// scenario_harness_test.go). After changing behaviour on purpose, run
// `go test ./worker -run TestScenarios -rewrite` and read the diff before
// committing it.

func TestScenarios(t *testing.T) {
	// Serial: each file starts a chain, and on two cores the files in
	// parallel took 10 to 14 s, one after another 6 to 10.
	scenariofile.Run(t, "testdata/scenarios/*.txt", scenariofile.Options{Serial: true},
		func(t *testing.T, _ string, blocks []scenariofile.Block) []string { return runScenario(t, blocks) })
}
