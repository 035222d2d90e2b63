package client_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// goListDeps lists pkg and every package it links.
func goListDeps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	return strings.Fields(string(out))
}

// TestClientIsLight: a program that uses the SDK links the contract and
// go-ethereum's crypto, and nothing that runs a service: no NATS, no
// logger, no metrics, no runtime or server of ours.
func TestClientIsLight(t *testing.T) {
	t.Parallel()
	banned := []string{"github.com/nats-io/", "go.uber.org/zap", "github.com/prometheus/", "github.com/labstack/echo",
		"pred.dev/proto/runtime", "pred.dev/proto/chain", "pred.dev/engine", "pred.dev/gateway-", "testing"}
	deps := goListDeps(t, "pred.dev/proto/client/...")
	for _, d := range deps {
		for _, b := range banned {
			if strings.HasPrefix(d, b) {
				t.Errorf("the client depends on %s", d)
			}
		}
	}
	if !slices.Contains(deps, "pred.dev/proto/eip712") {
		t.Fatalf("go list found no contract package among %d", len(deps))
	}
}

// TestClobAPIIsData: the JSON types that the gateway imports carry no HTTP
// client and nothing of the SDK: standard library encoding and the
// contract's amounts only.
func TestClobAPIIsData(t *testing.T) {
	t.Parallel()
	for _, d := range goListDeps(t, "pred.dev/proto/client/clobapi") {
		if d == "net/http" || d == "pred.dev/proto/client/clob" || strings.Contains(d, "go-ethereum") {
			t.Errorf("clobapi depends on %s", d)
		}
	}
}
