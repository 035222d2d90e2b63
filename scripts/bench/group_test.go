package bench

import (
	"strings"
	"testing"
)

// TestRunGroupOutsideTheWorkspace: a group that starts the services as
// processes fails at once outside the workspace, before it runs, saying
// so; one that runs in-process still runs there.
func TestRunGroupOutsideTheWorkspace(t *testing.T) {
	t.Chdir(t.TempDir())
	ran := false
	run := func() ([]Figure, error) { ran = true; return []Figure{{"x", 1, "x"}}, nil }
	figs, err := RunGroup(Group{Name: "procs", Run: run, Workspace: true})
	if err == nil || ran || len(figs) != 0 || !strings.Contains(err.Error(), "pred workspace") {
		t.Fatalf("outside the workspace: ran %v, figures %v, error %v", ran, figs, err)
	}
	if _, err := RunGroup(Group{Name: "inproc", Run: run}); err != nil || !ran {
		t.Fatalf("an in-process group outside the workspace: ran %v, error %v", ran, err)
	}
}
