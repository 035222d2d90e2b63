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

// TestOneTransport: the SDKs send their requests and read their answers
// through internal/rest alone, so none of them reads a body (io) or
// decodes JSON (encoding/json) by itself: a fourth copy of the transport
// would have to.
func TestOneTransport(t *testing.T) {
	t.Parallel()
	sdks := []string{"pred.dev/proto/client/clob", "pred.dev/proto/client/gamma", "pred.dev/proto/client/relayer"}
	out, err := exec.Command("go", append([]string{"list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}"}, sdks...)...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(sdks) {
		t.Fatalf("go list listed %d packages, want %d", len(lines), len(sdks))
	}
	for _, line := range lines {
		pkg, imports, _ := strings.Cut(line, " ")
		imps := strings.Fields(imports)
		if !slices.Contains(imps, "pred.dev/proto/client/internal/rest") {
			t.Errorf("%s does not use the transport pred.dev/proto/client/internal/rest", pkg)
		}
		for _, own := range []string{"io", "encoding/json"} {
			if slices.Contains(imps, own) {
				t.Errorf("%s imports %s: reading and decoding answers is internal/rest's", pkg, own)
			}
		}
	}
}
