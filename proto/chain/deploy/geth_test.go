package deploy_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"

	"pred.dev/proto/chain/chainerr"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
)

const gethModule = "github.com/ethereum/go-ethereum"

// TestGethDev runs the deployment and a match on a real node: go-ethereum's
// own geth binary, at the go-ethereum version this module builds with, in
// --dev mode on a random loopback port. It proves the contracts and the
// deployment need nothing of the simulated backend.
func TestGethDev(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	_, client, e := deployOnGeth(t, ctx)
	t.Logf("geth --dev started and deployed on (chain id %d) in %v: %+v", e.ChainID, time.Since(start).Round(time.Millisecond), e.D.Contracts)
	if err := e.D.Verify(ctx, client); err != nil {
		t.Fatal(err)
	}
	wrong := *e.D
	wrong.ChainID = 31337
	if err := wrong.Verify(ctx, client); !errors.Is(err, deploy.ErrMismatch) {
		t.Fatalf("a record of another chain verified: %v", err)
	}

	// One MINT match between a Safe maker and an EOA taker.
	m, err := e.NewMarket(ctx, false)
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	const unit = chaintest.Unit
	maker, err := e.NewTrader(ctx, true, big.NewInt(20*unit))
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	taker, err := e.NewTrader(ctx, false, big.NewInt(20*unit))
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	mo := maker.Order(false, chaintest.Buy, m.No, 10*unit, 350_000, 0)
	to := taker.Order(false, chaintest.Buy, m.Yes, 10*unit, 700_000, 100)
	r, err := e.Match(ctx, false, to, []chaintest.Order{mo}, []*big.Int{big.NewInt(10 * unit)})
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	t.Logf("matchOrders (MINT, one maker) used %d gas", r.GasUsed)
	s, err := e.Balances(ctx, m.Yes, m.No, maker.Maker, taker.Maker, e.FeeReceiver)
	if err != nil {
		t.Fatal(err)
	}
	fee := int64(6_500_000 * 100 / 10_000)
	want := map[common.Address][3]int64{
		maker.Maker:   {20*unit - 3_500_000, 0, 10 * unit},
		taker.Maker:   {20*unit - 6_500_000 - fee, 10 * unit, 0},
		e.FeeReceiver: {fee, 0, 0},
	}
	for a, w := range want {
		got := [3]int64{s[a][0].Int64(), s[a][1].Int64(), s[a][2].Int64()}
		if got != w {
			t.Errorf("%s holds USDW/YES/NO %v, want %v", a.Hex(), got, w)
		}
	}
}

func waitHash(t *testing.T, ctx context.Context, c *ethclient.Client, h common.Hash) {
	t.Helper()
	for {
		r, err := c.TransactionReceipt(ctx, h)
		if err == nil {
			if r.Status != types.ReceiptStatusSuccessful {
				t.Fatalf("transaction %s failed", h.Hex())
			}
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v", h.Hex(), err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// gethBinary returns a geth of the go-ethereum version this module builds
// with (go list -m): ./bin/geth at the repository root if `make setup` put one there,
// else one built with `go install` into the user cache directory (a few
// minutes the first time, seconds after).
func gethBinary(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", gethModule).Output()
	version := strings.TrimSpace(string(out))
	if err != nil || !strings.HasPrefix(version, "v") {
		t.Fatalf("go list -m %s: %q %v", gethModule, version, err)
	}
	if root, err := repoRoot(); err == nil {
		p := filepath.Join(root, "bin", "geth")
		if gethVersion(p) == strings.TrimPrefix(version, "v") {
			return p
		}
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "pred", "geth-"+version)
	p := filepath.Join(dir, "geth")
	if gethVersion(p) == strings.TrimPrefix(version, "v") {
		return p
	}
	start := time.Now()
	cmd := exec.Command("go", "install", gethModule+"/cmd/geth@"+version)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOWORK=off", "CGO_ENABLED=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install geth@%s: %v\n%s", version, err, out)
	}
	t.Logf("built geth %s in %v", version, time.Since(start).Round(time.Second))
	return p
}

// deployOnGeth starts geth --dev, funds a deployer from the dev account
// and deploys the contracts: the node's URL, a client of it and the
// deployment.
func deployOnGeth(t *testing.T, ctx context.Context) (string, *ethclient.Client, *chaintest.Env) {
	t.Helper()
	url := startGeth(t, ctx, gethBinary(t))
	rc, err := rpc.DialContext(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rc.Close)
	client := ethclient.NewClient(rc)
	chain := &txn.Chain{Backend: client}

	// Fund the deployer from the dev account geth unlocks.
	deployer, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	var accounts []common.Address
	if err := rc.CallContext(ctx, &accounts, "eth_accounts"); err != nil || len(accounts) == 0 {
		t.Fatalf("eth_accounts: %v %v", accounts, err)
	}
	var hash common.Hash
	value := new(big.Int).Mul(big.NewInt(100), big.NewInt(params.Ether))
	if err := rc.CallContext(ctx, &hash, "eth_sendTransaction", map[string]any{
		"from": accounts[0], "to": crypto.PubkeyToAddress(deployer.PublicKey), "value": (*hexutil.Big)(value),
	}); err != nil {
		t.Fatal(err)
	}
	waitHash(t, ctx, client, hash)
	e, err := chaintest.New(ctx, chain, deployer, url)
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	return url, client, e
}

// gethVersion returns the version a geth binary reports, "" if none.
func gethVersion(path string) string {
	out, err := exec.Command(path, "version").Output()
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "Version: "); ok {
			return strings.TrimSuffix(strings.TrimSpace(v), "-stable")
		}
	}
	return ""
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.work above the working directory")
		}
		dir = parent
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startGeth runs geth --dev with HTTP JSON-RPC on a free loopback port and
// returns its URL once it answers. The node stops with the test.
func startGeth(t *testing.T, ctx context.Context, geth string) string {
	t.Helper()
	dir := t.TempDir()
	port := freePort(t)
	var logs bytes.Buffer
	cmd := exec.Command(geth, "--dev", "--dev.period", "0",
		"--datadir", filepath.Join(dir, "data"),
		"--http", "--http.addr", "127.0.0.1", "--http.port", fmt.Sprint(port), "--http.api", "eth,net,web3",
		"--authrpc.addr", "127.0.0.1", "--authrpc.port", fmt.Sprint(freePort(t)),
		"--ipcdisable", "--nodiscover", "--maxpeers", "0", "--port", "0", "--verbosity", "2")
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("geth output:\n%s", logs.String())
		}
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	for {
		c, err := ethclient.DialContext(ctx, url)
		if err == nil {
			_, err = c.ChainID(ctx)
			c.Close()
			if err == nil {
				return url
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("geth exited: %v\n%s", err, logs.String())
		case <-ctx.Done():
			t.Fatalf("geth did not answer on %s: %v", url, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
