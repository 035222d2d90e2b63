package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"pred.dev/proto/chain/deploy"
)

const (
	testJWTKey = "0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
	testHotKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
)

func record(t *testing.T) string {
	t.Helper()
	a := func(b byte) common.Address { return common.BytesToAddress([]byte{b}) }
	d := &deploy.Deployment{ChainID: 1337, RPCURL: "http://127.0.0.1:8545", Deployer: a(1),
		SafeInitCodeHash: common.HexToHash("0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf"),
		Contracts: deploy.Contracts{ConditionalTokens: a(0x11), Exchange: a(0x12), NegRiskExchange: a(0x13), SafeFactory: a(0x14),
			SafeSingleton: a(0x15), SafeFallbackHandler: a(0x16), Collateral: a(0x17), Stablecoin: a(0x18), MultiSendCallOnly: a(0x19)}}
	path := filepath.Join(t.TempDir(), "deployment.json")
	if err := os.WriteFile(path, d.JSON(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFlagsWithEnvFallback: an unset flag takes RELAYER_<NAME>; a flag on
// the command line wins.
func TestFlagsWithEnvFallback(t *testing.T) {
	t.Setenv("RELAYER_JWT_KEY", testJWTKey)
	t.Setenv("RELAYER_HOT_KEY", testHotKey)
	t.Setenv("RELAYER_CONFIRMATIONS", "5")
	t.Setenv("RELAYER_LISTEN", ":9999")
	t.Setenv("RELAYER_CORS_ORIGINS", "http://localhost:8080")
	f, err := parseFlags([]string{"-deployment", record(t), "-listen", ":7000", "-reprice-after", "10s", "-max-fee-gwei", "2.5"})
	if err != nil {
		t.Fatal(err)
	}
	c := f.cfg
	if f.listen != ":7000" || len(c.JWTKey) != 32 || c.Worker.Confirmations != 5 || c.Worker.RepriceAfter != 10*time.Second ||
		c.Deployment.ChainID != 1337 || c.Deployment.Contracts.MultiSendCallOnly != common.BytesToAddress([]byte{0x19}) ||
		crypto.PubkeyToAddress(c.HotKey.PublicKey) != common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266") ||
		c.Worker.MaxFeeCap.Int64() != 2_500_000_000 || c.CORSOrigins.String() != "http://localhost:8080" {
		t.Fatalf("config %+v, listen %s", c, f.listen)
	}
}

// TestAPIOnly: without a hot key the process serves the API only.
func TestAPIOnly(t *testing.T) {
	f, err := parseFlags([]string{"-deployment", record(t), "-jwt-key", testJWTKey})
	if err != nil || f.cfg.HotKey != nil {
		t.Fatalf("%v %v", f, err)
	}
}

func TestFlagErrors(t *testing.T) {
	rec := record(t)
	for name, args := range map[string][]string{
		"no deployment":  {"-jwt-key", testJWTKey},
		"missing record": {"-deployment", "/no/such/file", "-jwt-key", testJWTKey},
		"no jwt key":     {"-deployment", rec},
		"short jwt key":  {"-deployment", rec, "-jwt-key", "0x1234"},
		"bad hot key":    {"-deployment", rec, "-jwt-key", testJWTKey, "-hot-key", "0x12"},
		"zero max fee":   {"-deployment", rec, "-jwt-key", testJWTKey, "-max-fee-gwei", "0"},
	} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}

// TestEffectiveConfigRedactsSecrets: the start-up line shows the
// configuration but never the keys.
func TestEffectiveConfigRedactsSecrets(t *testing.T) {
	f, err := parseFlags([]string{"-deployment", record(t), "-jwt-key", testJWTKey, "-hot-key", testHotKey})
	if err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zap.InfoLevel)
	logConfig(zap.New(core), f)
	entries := logs.All()
	if len(entries) != 1 {
		t.Fatalf("%d log lines", len(entries))
	}
	cfg, ok := entries[0].ContextMap()["config"].(map[string]string)
	if !ok {
		t.Fatalf("config field %T", entries[0].ContextMap()["config"])
	}
	var line strings.Builder
	for k, v := range cfg {
		line.WriteString(k + "=" + v + " ")
	}
	s := line.String()
	if strings.Contains(s, "5a5a5a5a") || strings.Contains(s, "ac0974bec39a") || !strings.Contains(s, "redacted") || !strings.Contains(s, ":8082") {
		t.Fatalf("effective config: %s", s)
	}
}

// TestClockSkew: -clock-skew (a fault test's) shifts the clock the
// relayer checks tokens and stamps records with.
func TestClockSkew(t *testing.T) {
	f, err := parseFlags([]string{"-deployment", record(t), "-jwt-key", testJWTKey, "-clock-skew", "45s"})
	if err != nil {
		t.Fatal(err)
	}
	if ahead := time.Until(f.cfg.Clock()); ahead < 44*time.Second || ahead > 45*time.Second {
		t.Fatalf("-clock-skew 45s: the clock is %s ahead", ahead)
	}
}
