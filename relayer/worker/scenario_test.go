package worker

import (
	"flag"
	"path/filepath"
	"strings"
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
var rewrite = flag.Bool("rewrite", false, "rewrite scenario files with the actual output")

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/scenarios/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	for _, f := range files {
		// Not parallel: each file starts a chain, and on two cores the
		// files in parallel took 10 to 14 s, one after another 6 to 10.
		t.Run(filepath.Base(f), func(t *testing.T) {
			blocks, err := scenariofile.Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			got := runScenario(t, blocks)
			if *rewrite {
				if err := scenariofile.Write(f, blocks, got); err != nil {
					t.Fatal(err)
				}
				return
			}
			for i, blk := range blocks {
				if got[i] != blk.Want {
					t.Errorf("%s:%d:\n%s\n---- want\n%s---- got\n%s", f, blk.Line, strings.Join(blk.Commands, "\n"), blk.Want, got[i])
				}
			}
		})
	}
}
