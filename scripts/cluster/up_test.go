package cluster

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUpStopsWhatItStartedOnFailure: a start that fails after the NATS
// nodes run (here the chain, whose geth is missing from BinDir) stops
// them before it returns, so a caller that got no cluster leaves no
// process behind, and keeps the data dir with the logs.
func TestUpStopsWhatItStartedOnFailure(t *testing.T) {
	t.Parallel()
	def, err := Config{Dir: t.TempDir()}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir() // nats-server only: no geth
	if err := os.Symlink(filepath.Join(def.BinDir, "nats-server"), filepath.Join(bin, "nats-server")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "cluster")
	t.Cleanup(func() { // a failing run must not leave NATS running either
		if c, err := Open(dir); err == nil {
			_ = c.Down(false, &bytes.Buffer{})
		}
	})
	var log bytes.Buffer
	c, err := Up(context.Background(), Config{Dir: dir, BinDir: bin, FreePorts: true}, &log)
	if err == nil {
		_ = c.Down(false, &log)
		t.Fatalf("Up started a cluster without geth:\n%s", log.String())
	}
	if !strings.Contains(log.String(), "NATS: 3 nats-server processes") || !strings.Contains(log.String(), "stopped nats-") {
		t.Fatalf("the start did not get as far as NATS, or did not stop it (%v):\n%s", err, log.String())
	}
	left, oerr := Open(dir)
	if oerr != nil {
		t.Fatal(oerr)
	}
	for _, p := range left.procs() {
		if p.Running() {
			t.Errorf("%s still runs after the failed start", p.Name)
		}
	}
}
