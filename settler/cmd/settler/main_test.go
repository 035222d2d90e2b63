package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/deploy"
)

// TestFlags: -deployment is required; flags fall back to SETTLER_*; the
// limits reach the settler's configuration.
func TestFlags(t *testing.T) {
	if _, err := parseFlags(nil); err == nil || !strings.Contains(err.Error(), "SETTLER_DEPLOYMENT") {
		t.Fatalf("no deployment: %v", err)
	}
	a := func(s string) common.Address { return common.HexToAddress(s) }
	d := &deploy.Deployment{ChainID: 1337, RPCURL: "http://127.0.0.1:8545", Deployer: a("0x1"), Block: 1,
		Contracts: deploy.Contracts{ConditionalTokens: a("0x2"), Exchange: a("0x3"), NegRiskExchange: a("0x4"), SafeFactory: a("0x5"),
			SafeSingleton: a("0x6"), SafeFallbackHandler: a("0x7"), Collateral: a("0x8"), Stablecoin: a("0x9")},
		SafeInitCodeHash: common.HexToHash("0x10")}
	path := filepath.Join(t.TempDir(), "deployment.json")
	if err := d.Save(path); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SETTLER_DEPLOYMENT", path)
	t.Setenv("SETTLER_ATTEMPTS_MAX", "7")
	f, err := parseFlags([]string{"-makers-max", "4"})
	if err != nil {
		t.Fatal(err)
	}
	if f.cfg.Settle.Deployment.Contracts.NegRiskExchange != a("0x4") || f.cfg.Settle.AttemptsMax != 7 || f.cfg.Settle.MakersMax != 4 {
		t.Fatalf("config %+v", f.cfg.Settle)
	}
	_ = os.Remove(path)
}

// TestOperatorKey: the operator key comes from -operator-key-file or
// SETTLER_OPERATOR_KEY, never from a flag's value; a malformed one is
// refused naming where it came from; -markets=false needs none.
func TestOperatorKey(t *testing.T) {
	d := &deploy.Deployment{ChainID: 1337, RPCURL: "http://127.0.0.1:8545", Deployer: common.HexToAddress("0x1"), Block: 1,
		Contracts: deploy.Contracts{ConditionalTokens: common.HexToAddress("0x2"), Exchange: common.HexToAddress("0x3"),
			NegRiskExchange: common.HexToAddress("0x4"), SafeFactory: common.HexToAddress("0x5"), SafeSingleton: common.HexToAddress("0x6"),
			SafeFallbackHandler: common.HexToAddress("0x7"), Collateral: common.HexToAddress("0x8"), Stablecoin: common.HexToAddress("0x9")},
		SafeInitCodeHash: common.HexToHash("0x10")}
	dir := t.TempDir()
	record := filepath.Join(dir, "deployment.json")
	if err := d.Save(record); err != nil {
		t.Fatal(err)
	}
	const keyHex = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
	want := "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
	file := filepath.Join(dir, "operator.key")
	if err := os.WriteFile(file, []byte("0x"+keyHex+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := parseFlags([]string{"-deployment", record, "-operator-key-file", file})
	if err != nil || f.cfg.Markets.Key == nil || crypto.PubkeyToAddress(f.cfg.Markets.Key.PublicKey).Hex() != want || !f.cfg.Markets.On {
		t.Fatalf("-operator-key-file: %+v, %v", f.cfg.Markets, err)
	}
	t.Setenv("SETTLER_OPERATOR_KEY", keyHex)
	if f, err = parseFlags([]string{"-deployment", record}); err != nil || crypto.PubkeyToAddress(f.cfg.Markets.Key.PublicKey).Hex() != want {
		t.Fatalf("SETTLER_OPERATOR_KEY: %+v, %v", f.cfg.Markets, err)
	}
	if _, err := parseFlags([]string{"-deployment", record, "-operator-key", keyHex}); err == nil {
		t.Fatal("the key was accepted as a flag's value")
	}
	t.Setenv("SETTLER_OPERATOR_KEY", "0x12")
	if _, err := parseFlags([]string{"-deployment", record}); err == nil || !strings.Contains(err.Error(), "SETTLER_OPERATOR_KEY") {
		t.Fatalf("a malformed key: %v", err)
	}
	if f, err = parseFlags([]string{"-deployment", record, "-markets=false"}); err != nil || f.cfg.Markets.On || f.cfg.Markets.Key != nil {
		t.Fatalf("-markets=false: %+v, %v", f.cfg.Markets, err)
	}
}

// TestRunRefusesWithoutKey: the process refuses to start the markets
// service without the operator key, saying where to give it or how to
// turn the service off, before it connects to NATS.
func TestRunRefusesWithoutKey(t *testing.T) {
	d := &deploy.Deployment{ChainID: 1337, RPCURL: "http://127.0.0.1:1", Deployer: common.HexToAddress("0x1"), Block: 1,
		Contracts: deploy.Contracts{ConditionalTokens: common.HexToAddress("0x2"), Exchange: common.HexToAddress("0x3"),
			NegRiskExchange: common.HexToAddress("0x4"), SafeFactory: common.HexToAddress("0x5"), SafeSingleton: common.HexToAddress("0x6"),
			SafeFallbackHandler: common.HexToAddress("0x7"), Collateral: common.HexToAddress("0x8"), Stablecoin: common.HexToAddress("0x9")},
		SafeInitCodeHash: common.HexToHash("0x10")}
	record := filepath.Join(t.TempDir(), "deployment.json")
	if err := d.Save(record); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SETTLER_OPERATOR_KEY", "")
	err := run(t.Context(), []string{"-deployment", record, "-nats-url", "nats://127.0.0.1:1", "-admin-addr", "127.0.0.1:0"})
	if err == nil || !strings.Contains(err.Error(), "-operator-key-file PATH") || !strings.Contains(err.Error(), "-markets=false") {
		t.Fatalf("run without the operator key: %v", err)
	}
}
