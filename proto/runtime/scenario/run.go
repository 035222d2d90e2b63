package scenario

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"
)

// rewrite is the one -rewrite flag of every scenario suite: after a rule
// changes on purpose, `go test ./pkg -run TestScenarios -rewrite` writes
// what the rules now produce, to be read in the diff before committing.
var rewrite = flag.Bool("rewrite", false, "rewrite scenario files with the actual output")

// Options adjust Run.
type Options struct {
	// Serial runs the files one after another: each starts something
	// costly (a chain), and in parallel they took longer on two cores.
	Serial bool
}

// Run runs every scenario file matching glob as a subtest: run gets the
// file's blocks and returns each block's output, which must be the
// block's expected output (or, with -rewrite, replaces it).
func Run(t *testing.T, glob string, opts Options, run func(t *testing.T, path string, blocks []Block) []string) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files match %s: %v", glob, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if !opts.Serial {
				t.Parallel()
			}
			blocks, err := Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			got := run(t, f, blocks)
			if len(got) != len(blocks) {
				t.Fatalf("%s: %d outputs for %d blocks", f, len(got), len(blocks))
			}
			if *rewrite {
				if err := Write(f, blocks, got); err != nil {
					t.Fatal(err)
				}
				return
			}
			for i, b := range blocks {
				if got[i] != b.Want {
					t.Errorf("%s:%d:\n%s\n---- want\n%s---- got\n%s", f, b.Line, strings.Join(b.Commands, "\n"), b.Want, got[i])
				}
			}
		})
	}
}
