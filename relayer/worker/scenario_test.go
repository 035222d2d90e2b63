package worker

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
			blocks := parseScenario(t, f)
			got := runScenario(t, blocks)
			if *rewrite {
				writeScenario(t, f, blocks, got)
				return
			}
			for i, blk := range blocks {
				if got[i] != blk.want {
					t.Errorf("%s:%d:\n%s\n---- want\n%s---- got\n%s", f, blk.line, strings.Join(blk.cmds, "\n"), blk.want, got[i])
				}
			}
		})
	}
}

type block struct {
	comments []string // lines before the block
	cmds     []string
	want     string
	line     int
}

func parseScenario(t *testing.T, path string) []block {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []block
	var cur block
	state := 0 // 0 between blocks, 1 reading steps, 2 reading output
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case state == 2 && line == "":
			blocks = append(blocks, cur)
			cur, state = block{}, 0
		case state == 2:
			cur.want += line + "\n"
		case line == "----":
			state = 2
		case state == 0 && (line == "" || strings.HasPrefix(line, "#")):
			cur.comments = append(cur.comments, line)
		default:
			if state == 0 {
				cur.line = n
			}
			state = 1
			cur.cmds = append(cur.cmds, line)
		}
	}
	if state != 0 {
		blocks = append(blocks, cur)
	}
	return blocks
}

func writeScenario(t *testing.T, path string, blocks []block, got []string) {
	var sb strings.Builder
	for i, b := range blocks {
		for _, c := range b.comments {
			sb.WriteString(c + "\n")
		}
		sb.WriteString(strings.Join(b.cmds, "\n") + "\n----\n" + got[i] + "\n")
	}
	if err := os.WriteFile(path, []byte(strings.TrimRight(sb.String(), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
