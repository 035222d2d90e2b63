package chaos

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"net/http"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/txn"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/jwtauth"
	"pred.dev/scripts/devchain"
	"pred.dev/scripts/internal/proc"
)

// RelayerConfig sizes a relayer chaos run: the relayer runs as a process
// (API and worker, with the hot key) beside NATS (a process) and a
// JSON-RPC chain; traders onboard their wallets and submit Safe
// transactions while the relayer is killed with SIGKILL at random moments
// and started again, the pattern of the relayer's cmd/relayer
// TestProcessKill at a larger scale.
type RelayerConfig struct {
	// Kills is how many times the relayer is killed.
	Kills int
	// Traders each submit a deployment, the trading approvals and
	// Transfers transfers (Safe nonces 1..Transfers).
	Traders, Transfers int
	// WorkDir holds binaries, data and logs; empty means a temporary
	// directory.
	WorkDir string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// RelayerReport is what a relayer chaos run found.
type RelayerReport struct {
	Kills int
	// Submissions the relayer accepted; Confirmed of them at the end.
	Submissions, Confirmed int
	// Lost: accepted submissions that did not end CONFIRMED, and transfers
	// the chain does not show (a recipient short of what was sent).
	// Duplicated: hot-key nonces mined twice, hot-key transactions that
	// reverted (a Safe refuses a second execution with a revert), hot-key
	// transactions beyond one per submission, and recipients holding more
	// than was sent.
	Lost, Duplicated int
	// Gaps are hot-key nonces missing below the highest mined one.
	Gaps int
	// Transactions is the number of hot-key transactions mined.
	Transactions int
}

// Lines returns the report in the `make bench` line format.
func (r RelayerReport) Lines() string {
	return fmt.Sprintf("relayer_kills %d\nrelayer_submissions %d\nrelayer_confirmed %d\nrelayer_lost %d\nrelayer_duplicated %d\nrelayer_nonce_gaps %d\n",
		r.Kills, r.Submissions, r.Confirmed, r.Lost, r.Duplicated, r.Gaps)
}

// relayerFinalMax bounds the wait for every submission to end after the
// load.
const relayerFinalMax = 3 * time.Minute

// transferUnit is what each transfer of a trader moves, times its Safe
// nonce: 1, 2, 3... USDW.
const transferUnit = 1_000_000

type relayerRun struct {
	*run
	rcfg    RelayerConfig
	chain   *devchain.Chain
	env     *chaintest.Env
	record  string
	hot     *ecdsa.PrivateKey
	jwtKey  []byte
	url     string
	args    []string
	relayer *proc.Proc
}

// relayerTrader is one trader: its client, where its transfers go, and
// what the relayer accepted of it.
type relayerTrader struct {
	c    *relayer.Client
	to   common.Address
	reqs []relayerapi.SubmitRequest
	ids  []string
}

// RunRelayer performs a relayer chaos run.
func RunRelayer(ctx context.Context, cfg RelayerConfig) (RelayerReport, error) {
	r := &relayerRun{run: newRun(Config{WorkDir: cfg.WorkDir, Log: cfg.Log}), rcfg: cfg}
	if err := r.prepare(); err != nil {
		return RelayerReport{}, err
	}
	if err := proc.Build(r.bin, "./relayer/cmd/relayer"); err != nil {
		return RelayerReport{}, fmt.Errorf("chaos: %w", err)
	}
	if err := r.startNATS(); err != nil {
		return RelayerReport{}, err
	}
	defer r.nats.Stop(stopBound)
	if err := r.startRelayerChain(ctx); err != nil {
		return RelayerReport{}, err
	}
	defer func() { _ = r.chain.Close() }()
	port, err := proc.FreePort()
	if err != nil {
		return RelayerReport{}, err
	}
	r.url = fmt.Sprintf("http://127.0.0.1:%d", port)
	r.jwtKey = make([]byte, 32)
	if _, err := rand.Read(r.jwtKey); err != nil {
		return RelayerReport{}, err
	}
	// The keys go in the environment, not the command line, where any
	// user of the machine could read them.
	r.args = []string{"-listen", fmt.Sprintf("127.0.0.1:%d", port), "-nats-url", r.natsURL, "-deployment", r.record,
		"-confirmations", "2", "-lease-ttl", "1s", "-poll", "50ms", "-log-level", "warn",
		"-rate-ip-per-second", "0", "-rate-address-per-second", "0", "-rate-deploy-ip-per-second", "0"}
	if err := r.startRelayerProc(ctx); err != nil {
		return RelayerReport{}, err
	}
	defer func() { r.relayer.Stop(stopBound) }()
	traders, err := r.relayerTraders(ctx)
	if err != nil {
		return RelayerReport{}, err
	}
	r.logf("relayer chaos: %d traders, %d submissions each, %d kills", len(traders), 2+r.rcfg.Transfers, r.rcfg.Kills)

	rep := RelayerReport{}
	var wg sync.WaitGroup
	var submitErr atomic.Pointer[error]
	// Each trader spreads its submissions over about the time the kills
	// take (a kill every 550 ms on average), so that kills land while
	// submissions arrive, not only while the worker finishes them.
	pace := time.Duration(r.rcfg.Kills) * 550 * time.Millisecond / time.Duration(2+r.rcfg.Transfers)
	for i, tr := range traders {
		rng := mrand.New(mrand.NewPCG(uint64(i), 7))
		wg.Go(func() {
			for _, s := range tr.reqs {
				time.Sleep(time.Duration(rng.Int64N(int64(2*pace) + 1)))
				id, err := r.submit(ctx, tr.c, s)
				if err != nil {
					submitErr.CompareAndSwap(nil, &err)
					return
				}
				tr.ids = append(tr.ids, id)
			}
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	rng := mrand.New(mrand.NewPCG(uint64(time.Now().UnixNano()), 12))
	for rep.Kills < r.rcfg.Kills {
		select {
		case <-time.After(time.Duration(100+rng.IntN(900)) * time.Millisecond):
		case <-ctx.Done():
			return rep, ctx.Err()
		}
		r.relayer.Kill()
		rep.Kills++
		if err := r.startRelayerProc(ctx); err != nil {
			return rep, err
		}
	}
	r.logf("relayer chaos: %d kills done", rep.Kills)
	<-done
	if p := submitErr.Load(); p != nil {
		return rep, *p
	}
	if err := r.verifyRelayer(ctx, traders, &rep); err != nil {
		return rep, err
	}
	return rep, nil
}

// startRelayerChain runs an embedded chain on JSON-RPC with everything
// deployed, and funds the hot key.
func (r *relayerRun) startRelayerChain(ctx context.Context) error {
	admin, err := crypto.GenerateKey()
	if err != nil {
		return err
	}
	funds := new(big.Int).Mul(big.NewInt(1_000_000), big.NewInt(params.Ether))
	r.chain, err = devchain.Open(devchain.Config{HTTPAddr: "127.0.0.1:0",
		Alloc: types.GenesisAlloc{crypto.PubkeyToAddress(admin.PublicKey): {Balance: funds}}})
	if err != nil {
		return err
	}
	if r.env, err = chaintest.New(ctx, &txn.Chain{Backend: r.chain.Client()}, admin, r.chain.RPCURL()); err != nil {
		return fmt.Errorf("chaos: deploying: %w", err)
	}
	r.record = filepath.Join(r.dir, "deployment.json")
	if err := r.env.D.Save(r.record); err != nil {
		return err
	}
	if r.hot, err = crypto.GenerateKey(); err != nil {
		return err
	}
	tx, err := r.env.Admin.Transfer(ctx, crypto.PubkeyToAddress(r.hot.PublicKey), new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether)))
	if err != nil {
		return err
	}
	_, err = r.env.Chain.Wait(ctx, tx)
	return err
}

// startRelayerProc starts the relayer process and waits until it is ready.
func (r *relayerRun) startRelayerProc(ctx context.Context) error {
	cmd := exec.Command(filepath.Join(r.bin, "relayer"), r.args...)
	cmd.Env = append(proc.Env("RELAYER_"), "RELAYER_JWT_KEY="+hex.EncodeToString(r.jwtKey),
		"RELAYER_HOT_KEY="+hex.EncodeToString(crypto.FromECDSA(r.hot)))
	p, err := proc.StartLogged(cmd, filepath.Join(r.dir, "relayer.log"))
	if err != nil {
		return fmt.Errorf("chaos: relayer: %w", err)
	}
	r.relayer = p
	deadline := time.Now().Add(time.Minute)
	for {
		resp, err := http.Get(r.url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if p.Exited() {
			return fmt.Errorf("chaos: the relayer exited at start (see %s)", filepath.Join(r.dir, "relayer.log"))
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("chaos: the relayer is not ready (see %s)", filepath.Join(r.dir, "relayer.log"))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// relayerTraders makes the traders: a key, a login token, USDW in the
// wallet-to-be, and their submissions signed beforehand (a deployment, the
// trading approvals at Safe nonce 0, transfers at nonces 1..Transfers).
func (r *relayerRun) relayerTraders(ctx context.Context) ([]*relayerTrader, error) {
	signer, err := jwtauth.NewSigner(r.jwtKey, time.Hour)
	if err != nil {
		return nil, err
	}
	d := r.env.D
	ch := relayer.Chain{ChainID: r.env.ChainID, SafeFactory: d.Contracts.SafeFactory, SafeInitCodeHash: d.SafeInitCodeHash,
		Collateral: d.Contracts.Collateral, ConditionalTokens: d.Contracts.ConditionalTokens, Exchange: d.Contracts.Exchange,
		NegRiskExchange: d.Contracts.NegRiskExchange, MultiSendCallOnly: d.Contracts.MultiSendCallOnly}
	var out []*relayerTrader
	for range r.rcfg.Traders {
		key, err := crypto.GenerateKey()
		if err != nil {
			return nil, err
		}
		owner := crypto.PubkeyToAddress(key.PublicKey)
		tok, _, err := signer.Issue(owner, "", time.Now())
		if err != nil {
			return nil, err
		}
		tr := &relayerTrader{c: relayer.New(r.url, relayer.WithToken(tok), relayer.WithPrivateKey(key), relayer.WithChain(ch),
			relayer.WithHTTPClient(&http.Client{Timeout: 5 * time.Second})), to: common.BytesToAddress(crypto.Keccak256(owner[:])[:20])}
		sum := int64(r.rcfg.Transfers*(r.rcfg.Transfers+1)/2) * transferUnit
		if err := r.env.Fund(ctx, tr.c.Wallet(), big.NewInt(sum)); err != nil {
			return nil, err
		}
		create, err := tr.c.DeployRequest()
		if err != nil {
			return nil, err
		}
		tr.reqs = append(tr.reqs, create)
		for n := range r.rcfg.Transfers + 1 {
			calls := ch.TradingApprovals()
			if n > 0 {
				calls = []relayer.Call{relayer.Transfer(ch.Collateral, tr.to, big.NewInt(int64(n)*transferUnit))}
			}
			s, err := tr.c.SafeRequest(tr.c.Tx(big.NewInt(int64(n)), calls...))
			if err != nil {
				return nil, err
			}
			tr.reqs = append(tr.reqs, s)
		}
		out = append(out, tr)
	}
	return out, nil
}

// submit sends a submission until the relayer answers it: a kill may
// lose the answer, and sending it again is the same transaction (the
// relayer names a submission by what it asks of the chain).
func (r *relayerRun) submit(ctx context.Context, c *relayer.Client, s relayerapi.SubmitRequest) (string, error) {
	for {
		res, err := c.Submit(ctx, s)
		if err == nil {
			return res.TransactionID, nil
		}
		var ae *relayer.APIError
		if errors.As(err, &ae) && ae.Status < 500 && ae.Status != http.StatusTooManyRequests {
			return "", fmt.Errorf("chaos: a submission refused: %w", err)
		}
		select {
		case <-ctx.Done():
			return "", err
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// verifyRelayer waits for every accepted submission to end and checks
// the chain: each ended CONFIRMED, each recipient holds exactly what its
// trader sent, and the hot key's transactions have nonces 0..n-1 each
// once, none reverted, one per submission.
func (r *relayerRun) verifyRelayer(ctx context.Context, traders []*relayerTrader, rep *RelayerReport) error {
	deadline := time.Now().Add(relayerFinalMax)
	for _, tr := range traders {
		rep.Submissions += len(tr.ids)
		for _, id := range tr.ids {
			var got relayerapi.Transaction
			var err error
			for {
				got, err = tr.c.Transaction(ctx, id)
				if err == nil && got.State.Terminal() || time.Now().After(deadline) || ctx.Err() != nil {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if got.State == relayerapi.StateConfirmed {
				rep.Confirmed++
			} else {
				rep.Lost++
				r.logf("relayer chaos: %s ended %s %s (%v)", id, got.State, got.Reason, err)
			}
		}
		want := int64(r.rcfg.Transfers*(r.rcfg.Transfers+1)/2) * transferUnit
		have, err := r.env.USDWOf(ctx, tr.to)
		if err != nil {
			return err
		}
		switch c := have.Cmp(big.NewInt(want)); {
		case c < 0:
			rep.Lost++
			r.logf("relayer chaos: %s received %s of %d", tr.to.Hex(), have, want)
		case c > 0:
			rep.Duplicated++
			r.logf("relayer chaos: %s received %s, more than %d", tr.to.Hex(), have, want)
		}
	}
	// The hot key's transactions on chain.
	b := r.chain.Client()
	hot := crypto.PubkeyToAddress(r.hot.PublicKey)
	head, err := b.BlockNumber(ctx)
	if err != nil {
		return err
	}
	signer := types.LatestSignerForChainID(new(big.Int).SetUint64(r.env.ChainID))
	seen := map[uint64]bool{}
	var highest uint64
	for n := uint64(1); n <= head; n++ {
		blk, err := b.BlockByNumber(ctx, new(big.Int).SetUint64(n))
		if err != nil {
			return err
		}
		for _, tx := range blk.Transactions() {
			if from, err := types.Sender(signer, tx); err != nil || from != hot {
				continue
			}
			if seen[tx.Nonce()] {
				rep.Duplicated++
				r.logf("relayer chaos: hot-key nonce %d mined twice", tx.Nonce())
			}
			seen[tx.Nonce()], highest = true, max(highest, tx.Nonce())
			rc, err := b.TransactionReceipt(ctx, tx.Hash())
			if err != nil {
				return err
			}
			if rc.Status != types.ReceiptStatusSuccessful {
				rep.Duplicated++
				r.logf("relayer chaos: hot-key transaction %s (nonce %d) reverted", tx.Hash().Hex(), tx.Nonce())
			}
		}
	}
	rep.Transactions = len(seen)
	for n := range highest {
		if !seen[n] {
			rep.Gaps++
		}
	}
	if rep.Transactions > rep.Submissions {
		rep.Duplicated += rep.Transactions - rep.Submissions
	}
	return nil
}
