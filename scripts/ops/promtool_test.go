package ops

import (
	"os/exec"
	"testing"
)

// promtool runs /usr/bin/promtool (Debian's prometheus package, which
// `make test-deps` installs) and fails the test with its output when it
// fails. Without promtool the test fails, saying how to get it: the rules
// are only checked by the tool Prometheus itself ships.
func promtool(t *testing.T, dir string, args ...string) string {
	t.Helper()
	path, err := exec.LookPath("promtool")
	if err != nil {
		t.Fatalf("promtool is missing: `make test-deps` installs it (apt-get install prometheus): %v", err)
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("promtool %v: %v\n%s", args, err, out)
	}
	return string(out)
}
