package deploy_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/deploy"
)

func sample() *deploy.Deployment {
	a := func(b byte) common.Address { return common.BytesToAddress([]byte{b}) }
	return &deploy.Deployment{
		ChainID: 31337,
		RPCURL:  "http://127.0.0.1:8545",
		Contracts: deploy.Contracts{
			ConditionalTokens: a(1), Exchange: a(2), NegRiskExchange: a(3), SafeFactory: a(4),
			SafeSingleton: a(5), SafeFallbackHandler: a(6), Collateral: a(7), Stablecoin: a(8),
		},
		SafeInitCodeHash: common.HexToHash("0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf"),
		Deployer:         a(9),
		Block:            3,
	}
}

// TestRecordRoundTrip: Save then Load gives the same record, and the JSON
// has the documented field names.
func TestRecordRoundTrip(t *testing.T) {
	d := sample()
	d.ExplorerURL = "https://explorer.example/"
	path := filepath.Join(t.TempDir(), "deployment.json")
	if err := d.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := deploy.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if *got != *d {
		t.Fatalf("loaded %+v, saved %+v", got, d)
	}
	var m map[string]any
	if err := json.Unmarshal(d.JSON(), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"chainId", "rpcUrl", "explorerUrl", "contracts", "safeInitCodeHash", "deployer", "block"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in %s", k, d.JSON())
		}
	}
	c := m["contracts"].(map[string]any)
	for _, k := range []string{"conditionalTokens", "exchange", "negRiskExchange", "safeFactory", "safeSingleton", "safeFallbackHandler", "collateral", "stablecoin"} {
		if _, ok := c[k]; !ok {
			t.Errorf("no contracts.%q", k)
		}
	}
}

// TestMultiSendIsOptional: a record without multiSendCallOnly (written
// before it was deployed) loads and writes the same JSON; one with it
// keeps it, and it may not repeat another contract's address.
func TestMultiSendIsOptional(t *testing.T) {
	d := sample()
	if strings.Contains(string(d.JSON()), "multiSendCallOnly") {
		t.Fatalf("a record without MultiSendCallOnly writes it: %s", d.JSON())
	}
	got, err := deploy.Parse(d.JSON())
	if err != nil || *got != *d {
		t.Fatalf("parse %v: %+v", err, got)
	}
	d.Contracts.MultiSendCallOnly = common.BytesToAddress([]byte{10})
	if got, err = deploy.Parse(d.JSON()); err != nil || *got != *d {
		t.Fatalf("parse with MultiSendCallOnly %v: %+v", err, got)
	}
	d.Contracts.MultiSendCallOnly = d.Contracts.Exchange
	if err := d.Validate(); err == nil || !strings.Contains(err.Error(), "contracts.exchange and contracts.multiSendCallOnly") {
		t.Fatalf("duplicate MultiSendCallOnly: %v", err)
	}
}

// TestMalformedRecords: every malformed record is refused with an error
// that names what is wrong.
func TestMalformedRecords(t *testing.T) {
	good := string(sample().JSON())
	cases := []struct {
		name, json, want string
	}{
		{"not json", "{", "unexpected EOF"},
		{"unknown field", strings.Replace(good, `"block"`, `"blok"`, 1), `unknown field "blok"`},
		{"trailing data", good + "{}", "trailing data"},
		{"bad address", strings.Replace(good, `"0x0000000000000000000000000000000000000002"`, `"0x02"`, 1), "hex string has length 2"},
		{"zero chain id", strings.Replace(good, `"chainId": 31337`, `"chainId": 0`, 1), "chainId is missing"},
		{"no rpc url", strings.Replace(good, `"http://127.0.0.1:8545"`, `""`, 1), "rpcUrl is missing"},
		{"bad rpc url", strings.Replace(good, `"http://127.0.0.1:8545"`, `"127.0.0.1:8545"`, 1), "rpcUrl"},
		{"bad explorer url", strings.Replace(good, `"rpcUrl"`, `"explorerUrl": "ftp://x", "rpcUrl"`, 1), "explorerUrl"},
		{"missing contract", strings.Replace(good, `"0x0000000000000000000000000000000000000003"`, `"0x0000000000000000000000000000000000000000"`, 1), "contracts.negRiskExchange is missing"},
		{"duplicate contract", strings.Replace(good, `"0x0000000000000000000000000000000000000003"`, `"0x0000000000000000000000000000000000000002"`, 1), "contracts.exchange and contracts.negRiskExchange are the same"},
		{"no init code hash", strings.Replace(good, `"0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf"`, `"0x0000000000000000000000000000000000000000000000000000000000000000"`, 1), "safeInitCodeHash is missing"},
	}
	for _, c := range cases {
		_, err := deploy.Parse([]byte(c.json))
		if err == nil || !errors.Is(err, deploy.ErrInvalidRecord) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	if _, err := deploy.Load(filepath.Join(t.TempDir(), "missing.json")); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestVerify: a fresh deployment verifies against its chain; a record
// with another chain id, an address without code or contracts swapped
// does not, and the error says which.
func TestVerify(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	b := e.Chain.Backend
	if err := e.D.Verify(ctx, b); err != nil {
		t.Fatal(err)
	}
	if e.D.ChainID != 1337 {
		t.Fatalf("simulated chain id %d", e.D.ChainID)
	}
	bad := func(name, want string, mod func(d *deploy.Deployment)) {
		d := *e.D
		mod(&d)
		err := d.Verify(ctx, b)
		if err == nil || !errors.Is(err, deploy.ErrMismatch) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want a mismatch containing %q", name, err, want)
		}
	}
	bad("chain id", "chain id is 1337, the record's is 31337", func(d *deploy.Deployment) { d.ChainID = 31337 })
	bad("no code", "no contract at contracts.exchange", func(d *deploy.Deployment) {
		d.Contracts.Exchange = common.HexToAddress("0x00000000000000000000000000000000000000ee")
	})
	bad("swapped", "exchange.collateral()", func(d *deploy.Deployment) {
		d.Contracts.Collateral, d.Contracts.Stablecoin = d.Contracts.Stablecoin, d.Contracts.Collateral
	})
	bad("init code hash", "proxyInitCodeHash", func(d *deploy.Deployment) { d.SafeInitCodeHash = common.HexToHash("0x01") })
	bad("singleton", "safeFactory.singleton()", func(d *deploy.Deployment) {
		d.Contracts.SafeSingleton, d.Contracts.SafeFallbackHandler = d.Contracts.SafeFallbackHandler, d.Contracts.SafeSingleton
	})
	bad("not MultiSendCallOnly", "does not hold Safe's MultiSendCallOnly", func(d *deploy.Deployment) {
		d.Contracts.MultiSendCallOnly = common.HexToAddress("0x00000000000000000000000000000000000000ee")
	})
	if e.D.Contracts.MultiSendCallOnly == (common.Address{}) {
		t.Error("the deployment has no MultiSendCallOnly")
	}
	d := *e.D
	d.RPCURL = ""
	if err := d.Verify(ctx, b); !errors.Is(err, deploy.ErrInvalidRecord) {
		t.Errorf("invalid record: %v", err)
	}
	// The record names the last deployment block, which holds code.
	code, err := b.CodeAt(ctx, e.D.Contracts.NegRiskExchange, new(big.Int).SetUint64(e.D.Block))
	if err != nil || len(code) == 0 {
		t.Fatalf("no exchange code at block %d: %v", e.D.Block, err)
	}
}

// TestPredict: a fresh deployer's contracts land where Predict says, so
// a devnet with a fixed deployer key has fixed addresses.
func TestPredict(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if got := deploy.Predict(e.D.Deployer, 0); got != e.D.Contracts {
		t.Fatalf("predicted %+v, deployed %+v", got, e.D.Contracts)
	}
}

// TestOtherChainID: the simulated chain can take the devnet's chain id,
// and the record and its verification follow it.
func TestOtherChainID(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := chaintest.NewSimulated(ctx, chaintest.WithChainID(31337))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.D.ChainID != 31337 {
		t.Fatalf("chain id %d", e.D.ChainID)
	}
	if err := e.D.Verify(ctx, e.Chain.Backend); err != nil {
		t.Fatal(err)
	}
	d := *e.D
	d.ChainID = 1337
	if err := d.Verify(ctx, e.Chain.Backend); !errors.Is(err, deploy.ErrMismatch) {
		t.Fatalf("a 1337 record verified on 31337: %v", err)
	}
	// A process refuses it at start, saying which flag to change.
	err = d.CheckChain(ctx, e.Chain.Backend, "http://node:8545")
	if !errors.Is(err, deploy.ErrMismatch) || !strings.Contains(err.Error(), "-deployment, chain 1337") ||
		!strings.Contains(err.Error(), "http://node:8545") || !strings.Contains(err.Error(), "-rpc-url of a node of chain 1337") {
		t.Fatalf("the refusal at start: %v", err)
	}
	if err := e.D.CheckChain(ctx, e.Chain.Backend, "http://node:8545"); err != nil {
		t.Fatalf("the chain's own record: %v", err)
	}
}
