package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"pred.dev/proto/chain/chaintest"
)

const testKeyHex = "0x4242424242424242424242424242424242424242424242424242424242424242"

// TestFlagsWithEnvFallback: an unset flag takes CLOB_<NAME>; a flag on the
// command line wins over the environment.
func TestFlagsWithEnvFallback(t *testing.T) {
	t.Setenv("CLOB_MASTER_KEY", testKeyHex)
	t.Setenv("CLOB_CHAIN_ID", "80002")
	t.Setenv("CLOB_AUTH_WINDOW", "30s")
	t.Setenv("CLOB_LISTEN", ":9999")
	t.Setenv("CLOB_CORS_ORIGINS", "http://localhost:5173, http://127.0.0.1:8080")
	f, err := parseFlags([]string{"-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40", "-listen", ":7000", "-faucet", "-faucet-max", "50"})
	if err != nil {
		t.Fatal(err)
	}
	c := f.cfg
	if c.ChainID != 80002 || c.AuthWindow != 30*time.Second || f.listen != ":7000" || !c.Faucet || c.FaucetMaxUnits != 50_000_000 ||
		len(c.MasterKey) != 32 || c.Exchange.Hex() != "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40" ||
		c.CORSOrigins.String() != "http://localhost:5173,http://127.0.0.1:8080" {
		t.Fatalf("config %+v, listen %s", c, f.listen)
	}
}

func TestFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-chain-id", "1", "-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40"},                                                             // no master key
		{"-chain-id", "1", "-master-key", testKeyHex},                                                                                             // no exchange
		{"-chain-id", "1", "-master-key", testKeyHex, "-exchange", "0x12"},                                                                        // bad exchange
		{"-chain-id", "1", "-master-key", testKeyHex, "-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40", "-proxy-init-code-hash", "0x12"}, // bad hash
		{"-chain-id", "1", "-master-key", testKeyHex, "-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40", "-cors-origins", "http://x/app"}, // an origin with a path
	} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("%v parsed", args)
		}
	}
}

// TestEffectiveConfigRedactsTheMasterKey: the start-up log line shows the
// configuration but never the key.
func TestEffectiveConfigRedactsTheMasterKey(t *testing.T) {
	f, err := parseFlags([]string{"-chain-id", "1", "-master-key", testKeyHex, "-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40",
		"-cors-origins", "http://localhost:8080"})
	if err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zap.InfoLevel)
	logConfig(zap.New(core), f)
	entries := logs.All()
	if len(entries) != 1 {
		t.Fatalf("%d log lines", len(entries))
	}
	fields := entries[0].ContextMap()["config"].(map[string]string)
	if fields["chain-id"] != "1" || !strings.Contains(fields["master-key"], "redacted") || fields["listen"] != ":8080" || fields["cors-origins"] != "http://localhost:8080" {
		t.Fatalf("fields %v", fields)
	}
	for k, v := range fields {
		if strings.Contains(strings.ToLower(v), "4242424242") {
			t.Fatalf("field %s leaks the master key", k)
		}
	}
}

// TestDeploymentFlag: -deployment fills the chain id, the exchanges and
// the proxy factory from the record (a flag given wins), and -rpc-url is
// refused without it, since the record names the contracts it reads.
func TestDeploymentFlag(t *testing.T) {
	env, err := chaintest.NewSimulated(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	path := filepath.Join(t.TempDir(), "deployment.json")
	if err := env.D.Save(path); err != nil {
		t.Fatal(err)
	}
	f, err := parseFlags([]string{"-master-key", testKeyHex, "-deployment", path, "-neg-risk-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40"})
	if err != nil {
		t.Fatal(err)
	}
	c, k := f.cfg, env.D.Contracts
	if c.ChainID != env.D.ChainID || c.Exchange != k.Exchange || c.ProxyFactory != k.SafeFactory || c.ProxyInitCodeHash != env.D.SafeInitCodeHash ||
		c.NegRiskExchange.Hex() != "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40" {
		t.Fatalf("config %+v from the record %+v", c, env.D)
	}
	if _, err := parseFlags([]string{"-master-key", testKeyHex, "-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40", "-rpc-url", "http://127.0.0.1:8545"}); err == nil ||
		!strings.Contains(err.Error(), "-deployment") {
		t.Fatalf("-rpc-url without -deployment: %v", err)
	}
}

// TestClockSkew: -clock-skew (a fault test's) shifts the clock the
// gateway checks PRED_TIMESTAMP and expirations against.
func TestClockSkew(t *testing.T) {
	f, err := parseFlags([]string{"-chain-id", "1", "-master-key", testKeyHex, "-exchange", "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40",
		"-clock-skew", "45s"})
	if err != nil {
		t.Fatal(err)
	}
	if ahead := time.Until(f.cfg.Clock()); ahead < 44*time.Second || ahead > 45*time.Second {
		t.Fatalf("-clock-skew 45s: the clock is %s ahead", ahead)
	}
}
