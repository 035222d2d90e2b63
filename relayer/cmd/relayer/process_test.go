package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/txn"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/jwtauth"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/natstest"
)

// processWaitMax bounds the whole process test.
const processWaitMax = 4 * time.Minute

// TestProcessKill runs the relayer as a process, beside a real node (geth
// --dev, sealing every second) and NATS, and kills it with SIGKILL five
// times while traders submit (a submission whose answer is lost is sent
// again: the same transaction). Every submission still ends as it should,
// each executed once, and the hot key's transactions have no nonce gap or
// reuse and none reverted.
func TestProcessKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts geth and the relayer as processes")
	}
	geth := findGeth(t)
	ctx, cancel := context.WithTimeout(context.Background(), processWaitMax)
	defer cancel()
	rpcURL := startGeth(t, ctx, geth)
	rc, err := rpc.DialContext(ctx, rpcURL)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	client := ethclient.NewClient(rc)
	deployer, _ := crypto.GenerateKey()
	hot, _ := crypto.GenerateKey()
	fundFromDev(t, ctx, rc, client, crypto.PubkeyToAddress(deployer.PublicKey))
	env, err := chaintest.New(ctx, &txn.Chain{Backend: client}, deployer, rpcURL)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := env.Admin.Transfer(ctx, crypto.PubkeyToAddress(hot.PublicKey), new(big.Int).Mul(big.NewInt(50), big.NewInt(params.Ether)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.Chain.Wait(ctx, tx); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	record := filepath.Join(dir, "deployment.json")
	if err := env.D.Save(record); err != nil {
		t.Fatal(err)
	}
	ns := natstest.Start(t)
	bin := filepath.Join(dir, "relayer")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	jwtKey := bytes.Repeat([]byte{0x5a}, 32)
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	p := &proc{t: t, bin: bin, args: []string{"-listen", addr, "-nats-url", ns.ClientURL(), "-deployment", record,
		"-jwt-key", hex.EncodeToString(jwtKey), "-hot-key", hex.EncodeToString(crypto.FromECDSA(hot)), "-confirmations", "2",
		"-lease-ttl", "1s", "-poll", "50ms", "-log-level", "warn"}, url: "http://" + addr}
	p.start(ctx)
	defer p.kill()

	signer, _ := jwtauth.NewSigner(jwtKey, time.Hour)
	ch := relayer.Chain{ChainID: env.ChainID, SafeFactory: env.D.Contracts.SafeFactory, SafeInitCodeHash: env.D.SafeInitCodeHash,
		Collateral: env.D.Contracts.Collateral, ConditionalTokens: env.D.Contracts.ConditionalTokens, Exchange: env.D.Contracts.Exchange,
		NegRiskExchange: env.D.Contracts.NegRiskExchange, MultiSendCallOnly: env.D.Contracts.MultiSendCallOnly}
	const traders = 6
	type trader struct {
		c   *relayer.Client
		to  common.Address
		ids []string
	}
	var ts []*trader
	for range traders {
		key, _ := crypto.GenerateKey()
		owner := crypto.PubkeyToAddress(key.PublicKey)
		tok, _, err := signer.Issue(owner, "", time.Now())
		if err != nil {
			t.Fatal(err)
		}
		c := relayer.New(p.url, relayer.WithToken(tok), relayer.WithPrivateKey(key), relayer.WithChain(ch),
			relayer.WithHTTPClient(&http.Client{Timeout: 5 * time.Second}))
		if err := env.Fund(ctx, c.Wallet(), big.NewInt(10_000_000)); err != nil {
			t.Fatal(err)
		}
		ts = append(ts, &trader{c: c, to: common.BytesToAddress(crypto.Keccak256(owner[:])[:20])})
	}
	// Traders submit (retrying what a kill interrupts) while the relayer
	// is killed and restarted.
	var wg sync.WaitGroup
	for _, tr := range ts {
		wg.Go(func() {
			create, err := tr.c.DeployRequest()
			if err != nil {
				t.Error(err)
				return
			}
			reqs := []relayerapi.SubmitRequest{create}
			for _, c := range []struct{ nonce, amount int64 }{{0, 0}, {1, 1_000_000}, {2, 2_000_000}, {3, 3_000_000}} {
				calls := []relayer.Call{relayer.Transfer(ch.Collateral, tr.to, big.NewInt(c.amount))}
				if c.nonce == 0 {
					calls = ch.TradingApprovals()
				}
				s, err := tr.c.SafeRequest(tr.c.Tx(big.NewInt(c.nonce), calls...))
				if err != nil {
					t.Error(err)
					return
				}
				reqs = append(reqs, s)
			}
			for _, s := range reqs {
				for {
					r, err := tr.c.Submit(ctx, s)
					if err == nil {
						tr.ids = append(tr.ids, r.TransactionID)
						break
					}
					if ctx.Err() != nil {
						t.Error(err)
						return
					}
					// A retry's pause, not a wait for a state: this runs
					// off the test's goroutine, where eventually (which
					// fails the test with FailNow) may not be called.
					time.Sleep(100 * time.Millisecond)
				}
			}
		})
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 5 {
		// The pause is the scenario: a kill at a random moment of the
		// traders' work, not a wait for a state.
		time.Sleep(time.Duration(200+rng.IntN(1200)) * time.Millisecond)
		p.kill()
		p.start(ctx)
	}
	wg.Wait()
	for i, tr := range ts {
		for j, id := range tr.ids {
			got := eventually.Value(t, fmt.Sprintf("trader %d submission %d ends", i, j), func() (relayerapi.Transaction, bool) {
				got, err := tr.c.Transaction(ctx, id)
				return got, err == nil && got.State.Terminal()
			})
			if got.State != relayerapi.StateConfirmed {
				t.Errorf("trader %d submission %d: %s %s", i, j, got.State, got.Reason)
			}
		}
		if got, err := env.USDWOf(ctx, tr.to); err != nil || got.Int64() != 6_000_000 {
			t.Errorf("trader %d's recipient holds %v (%v)", i, got, err)
		}
	}
	if n := audit(t, ctx, client, crypto.PubkeyToAddress(hot.PublicKey), env.ChainID); n != traders*5 {
		t.Errorf("the hot key sent %d transactions for %d submissions", n, traders*5)
	}
}

// proc is the relayer process.
type proc struct {
	t      *testing.T
	bin    string
	args   []string
	url    string
	cmd    *exec.Cmd
	exited chan struct{}
	logs   bytes.Buffer
	mu     sync.Mutex
}

func (p *proc) start(ctx context.Context) {
	p.t.Helper()
	p.cmd = exec.Command(p.bin, p.args...)
	p.cmd.Stdout, p.cmd.Stderr = &syncWriter{p: p}, &syncWriter{p: p}
	if err := p.cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	p.exited = make(chan struct{})
	cmd, exited := p.cmd, p.exited
	go func() { _ = cmd.Wait(); close(exited) }()
	// The process's output comes with the failure: it says why it is
	// not ready.
	eventually.NoError(p.t, "the relayer is ready", func() error {
		select {
		case <-exited:
			p.t.Fatalf("the relayer exited:\n%s", p.output())
		default:
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.url+"/readyz", nil)
		if err != nil {
			p.t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return fmt.Errorf("%w; its output:\n%s", err, p.output())
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("GET /readyz: %s; its output:\n%s", resp.Status, p.output())
		}
		return nil
	})
}

// kill sends SIGKILL and waits for the process to end.
func (p *proc) kill() {
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
	p.cmd = nil
}

func (p *proc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

type syncWriter struct{ p *proc }

func (w *syncWriter) Write(b []byte) (int, error) {
	w.p.mu.Lock()
	defer w.p.mu.Unlock()
	return w.p.logs.Write(b)
}

// audit checks the hot key's transactions on chain: nonces 0..n-1 each
// once, none reverted. It returns n.
func audit(t *testing.T, ctx context.Context, c *ethclient.Client, hot common.Address, chainID uint64) int {
	t.Helper()
	head, err := c.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	signer := types.LatestSignerForChainID(new(big.Int).SetUint64(chainID))
	seen := map[uint64]bool{}
	for n := uint64(1); n <= head; n++ {
		blk, err := c.BlockByNumber(ctx, new(big.Int).SetUint64(n))
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range blk.Transactions() {
			if from, err := types.Sender(signer, tx); err != nil || from != hot {
				continue
			}
			if seen[tx.Nonce()] {
				t.Errorf("hot-key nonce %d mined twice", tx.Nonce())
			}
			seen[tx.Nonce()] = true
			if rc, err := c.TransactionReceipt(ctx, tx.Hash()); err != nil || rc.Status != types.ReceiptStatusSuccessful {
				t.Errorf("hot-key transaction %s reverted (%v)", tx.Hash().Hex(), err)
			}
		}
	}
	for i := range uint64(len(seen)) {
		if !seen[i] {
			t.Errorf("hot-key nonce %d is missing", i)
		}
	}
	return len(seen)
}

// findGeth returns ./bin/geth at the repository root if it is the
// go-ethereum version this module builds with (make setup puts it there),
// and skips the test otherwise.
func findGeth(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", "github.com/ethereum/go-ethereum").Output()
	want := strings.TrimPrefix(strings.TrimSpace(string(out)), "v")
	if err != nil || want == "" {
		t.Fatalf("go list -m go-ethereum: %v", err)
	}
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("no repository root to find ./bin/geth in: %v", err)
	}
	p := filepath.Join(strings.TrimSpace(string(root)), "bin", "geth")
	v, err := exec.Command(p, "version").Output()
	if err != nil || !strings.Contains(string(v), "Version: "+want) {
		// make test builds it first (test-deps): a missing geth is a broken
		// set-up, not a reason to pass without running.
		t.Fatalf("no geth %s at %s: make setup builds it", want, p)
	}
	return p
}

func startGeth(t *testing.T, ctx context.Context, geth string) string {
	t.Helper()
	port := freePort(t)
	var logs bytes.Buffer
	cmd := exec.Command(geth, "--dev", "--dev.period", "1", "--datadir", filepath.Join(t.TempDir(), "data"),
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
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	eventually.NoError(t, "geth answers", func() error {
		select {
		case err := <-exited:
			t.Fatalf("geth exited: %v\n%s", err, logs.String())
		default:
		}
		c, err := ethclient.DialContext(ctx, url)
		if err != nil {
			return err
		}
		defer c.Close()
		_, err = c.ChainID(ctx)
		return err
	})
	return url
}

// fundFromDev sends coin from the account geth --dev unlocks.
func fundFromDev(t *testing.T, ctx context.Context, rc *rpc.Client, c *ethclient.Client, to common.Address) {
	t.Helper()
	var accounts []common.Address
	if err := rc.CallContext(ctx, &accounts, "eth_accounts"); err != nil || len(accounts) == 0 {
		t.Fatalf("eth_accounts: %v %v", accounts, err)
	}
	var hash common.Hash
	value := new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether))
	if err := rc.CallContext(ctx, &hash, "eth_sendTransaction", map[string]any{
		"from": accounts[0], "to": to, "value": (*hexutil.Big)(value)}); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "the funding is mined", func() bool {
		r, err := c.TransactionReceipt(ctx, hash)
		return err == nil && r.Status == types.ReceiptStatusSuccessful
	})
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
