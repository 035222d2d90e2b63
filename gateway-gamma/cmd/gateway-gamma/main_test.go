package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"pred.dev/proto/chain/deploy"
)

const (
	testJWTKey      = "0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
	testOperatorKey = "operator-secret-0123456789"
	testOracle      = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
)

func chainFlags() []string {
	return []string{"-chain-id", "31337", "-rpc-url", "http://127.0.0.1:8545",
		"-conditional-tokens", "0x5FbDB2315678afecb367f032d93F642f64180aa3", "-exchange", "0xeB4B9f121088c69A4279e53f2d14dc7242a4E3F8",
		"-neg-risk-exchange", "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "-safe-factory", "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
		"-safe-init-code-hash", "0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf",
		"-collateral", "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9"}
}

// TestFlagsWithEnvFallback: an unset flag takes GAMMA_<NAME>; a flag on
// the command line wins.
func TestFlagsWithEnvFallback(t *testing.T) {
	t.Setenv("GAMMA_JWT_KEY", testJWTKey)
	t.Setenv("GAMMA_ORACLE", testOracle)
	t.Setenv("GAMMA_TOKEN_LIFETIME", "10m")
	t.Setenv("GAMMA_LISTEN", ":9999")
	t.Setenv("GAMMA_CORS_ORIGINS", "http://localhost:8080")
	f, err := parseFlags(append(chainFlags(), "-listen", ":7000", "-sport-types", "nba=NBA,soccer=Football"))
	if err != nil {
		t.Fatal(err)
	}
	c := f.cfg
	if c.ChainID != 31337 || c.TokenLifetime != 10*time.Minute || f.listen != ":7000" || len(c.JWTKey) != 32 ||
		c.Oracle != common.HexToAddress(testOracle) || len(c.SportTypes) != 2 || c.SportTypes[1].Name != "Football" ||
		c.PublicInfo.Contracts.Exchange != "0xeB4B9f121088c69A4279e53f2d14dc7242a4E3F8" || c.PublicInfo.Chain[0].RPCURL != "http://127.0.0.1:8545" ||
		c.PublicInfo.Contracts.Stablecoin != "" || c.CORSOrigins.String() != "http://localhost:8080" {
		t.Fatalf("config %+v, listen %s", c, f.listen)
	}
	// -stablecoin names the stablecoin under USDW in /public-info.
	const stable = "0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6"
	if f, err = parseFlags(append(chainFlags(), "-stablecoin", strings.ToLower(stable))); err != nil || f.cfg.PublicInfo.Contracts.Stablecoin != stable {
		t.Fatalf("-stablecoin: %v, public-info contracts %+v", err, f.cfg.PublicInfo.Contracts)
	}
}

// TestDeploymentRecord: -deployment replaces the chain flags.
func TestDeploymentRecord(t *testing.T) {
	t.Parallel()
	d := &deploy.Deployment{ChainID: 1337, RPCURL: "http://127.0.0.1:8545", Deployer: common.HexToAddress("0x01"),
		SafeInitCodeHash: common.HexToHash("0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf"),
		Contracts: deploy.Contracts{ConditionalTokens: common.HexToAddress("0x11"), Exchange: common.HexToAddress("0x12"),
			NegRiskExchange: common.HexToAddress("0x13"), SafeFactory: common.HexToAddress("0x14"), SafeSingleton: common.HexToAddress("0x15"),
			SafeFallbackHandler: common.HexToAddress("0x16"), Collateral: common.HexToAddress("0x17"), Stablecoin: common.HexToAddress("0x18")}}
	path := filepath.Join(t.TempDir(), "deployment.json")
	if err := os.WriteFile(path, d.JSON(), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := parseFlags([]string{"-deployment", path, "-jwt-key", testJWTKey, "-oracle", testOracle})
	if err != nil {
		t.Fatal(err)
	}
	c := f.cfg
	if c.ChainID != 1337 || c.Collateral != d.Contracts.Collateral || c.ProxyFactory != d.Contracts.SafeFactory ||
		c.PublicInfo.Contracts.NegRiskExchange != d.Contracts.NegRiskExchange.Hex() ||
		c.PublicInfo.Contracts.Stablecoin != d.Contracts.Stablecoin.Hex() || c.Oracle != common.HexToAddress(testOracle) || !f.onChain {
		t.Fatalf("config %+v", c)
	}
	// Without -oracle the record's deployer is the oracle: the settler's
	// default operator key's address, so both derive the same ids.
	if f, err = parseFlags([]string{"-deployment", path, "-jwt-key", testJWTKey}); err != nil || f.cfg.Oracle != d.Deployer {
		t.Fatalf("oracle without -oracle: %v, %v; want the deployer %s", f.cfg.Oracle, err, d.Deployer.Hex())
	}
}

func TestFlagErrors(t *testing.T) {
	t.Parallel()
	base := append(chainFlags(), "-oracle", testOracle, "-jwt-key", testJWTKey)
	for name, args := range map[string][]string{
		"no jwt key":      append(chainFlags(), "-oracle", testOracle),
		"short jwt key":   append(chainFlags(), "-oracle", testOracle, "-jwt-key", "0x1234"),
		"no oracle":       append(chainFlags(), "-jwt-key", testJWTKey),
		"no chain":        {"-oracle", testOracle, "-jwt-key", testJWTKey},
		"bad exchange":    append(base, "-exchange", "0x12"),
		"bad stablecoin":  append(base, "-stablecoin", "0x12"),
		"short operator":  append(base, "-operator-key", "short"),
		"bad sport types": append(base, "-sport-types", "NBA"),
		"missing record":  {"-deployment", "/no/such/file", "-oracle", testOracle, "-jwt-key", testJWTKey},
		"bad init code":   append(base, "-safe-init-code-hash", "0x12"),
	} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}

// TestEffectiveConfigRedactsSecrets: the start-up line shows the
// configuration but never the keys.
func TestEffectiveConfigRedactsSecrets(t *testing.T) {
	t.Parallel()
	f, err := parseFlags(append(chainFlags(), "-oracle", testOracle, "-jwt-key", testJWTKey, "-operator-key", testOperatorKey))
	if err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zap.InfoLevel)
	logConfig(zap.New(core), f)
	entries := logs.All()
	if len(entries) != 1 {
		t.Fatalf("%d log lines", len(entries))
	}
	line := entries[0].Message + " " + strings.Join(func() []string {
		var out []string
		for k, v := range entries[0].ContextMap() {
			out = append(out, k, strings.ReplaceAll(strings.ReplaceAll(toString(v), "\n", " "), "\t", " "))
		}
		return out
	}(), " ")
	if strings.Contains(line, "5a5a5a5a") || strings.Contains(line, testOperatorKey) || !strings.Contains(line, "redacted") ||
		!strings.Contains(line, "31337") {
		t.Fatalf("effective config: %s", line)
	}
}

func toString(v any) string {
	if m, ok := v.(map[string]string); ok {
		var b strings.Builder
		for k, s := range m {
			b.WriteString(k + "=" + s + " ")
		}
		return b.String()
	}
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

// TestClockSkew: -clock-skew (a fault test's) shifts the clock the
// server reads; without it the clock is the system's.
func TestClockSkew(t *testing.T) {
	t.Setenv("GAMMA_CLOCK_SKEW", "-45s")
	f, err := parseFlags(append(chainFlags(), "-jwt-key", testJWTKey, "-oracle", testOracle))
	if err != nil {
		t.Fatal(err)
	}
	if behind := time.Since(f.cfg.Clock()); behind < 45*time.Second || behind > 46*time.Second {
		t.Fatalf("GAMMA_CLOCK_SKEW=-45s: the clock is %s behind", behind)
	}
}
