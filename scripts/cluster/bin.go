package cluster

import (
	"fmt"
	"os"
	"path/filepath"

	"pred.dev/scripts/internal/proc"
)

// Binary is the program name in the workspace's ./bin, where make puts
// the pinned tools (nats-server, geth) and the cluster's own builds; it
// fails with what to run when the file is missing.
func Binary(name string) (string, error) {
	root, err := proc.WorkspaceRoot()
	if err != nil {
		return "", err
	}
	p := filepath.Join(root, "bin", name)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("cluster: %s is missing: run `make setup` (the pinned tools) or `make cluster` (the services) at the repository root", p)
	}
	return p, nil
}
