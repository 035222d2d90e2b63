package chaos

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
	relayersvc "pred.dev/relayer/server"
	"pred.dev/scripts/devchain"
	"pred.dev/scripts/internal/enginecmd"
	"pred.dev/scripts/internal/proc"
)

// SettlerConfig sizes a settler chaos run: the settler runs as a process
// beside NATS and the engine (processes too), the relayer's worker and a
// JSON-RPC chain; traders cross orders while the settler is killed with
// SIGKILL at random moments and started again.
type SettlerConfig struct {
	// Kills is how many times the settler is killed.
	Kills int
	// Pairs is how many pairs of crossing orders are placed (one trade
	// each), by Traders traders two at a time.
	Pairs, Traders int
	// WorkDir holds binaries, data and logs; empty means a temporary
	// directory.
	WorkDir string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// SettlerReport is what a settler chaos run found.
type SettlerReport struct {
	Kills int
	// Trades the engine made; Confirmed and Failed of them at the end.
	Trades, Confirmed, Failed int
	// Lost fills: trades not CONFIRMED, or orders filled on chain by less
	// than the engine filled. Duplicated: orders filled on chain by more,
	// or match transactions that reverted (a second settlement of a fill
	// refused by the exchange's per-order filled amount).
	Lost, Duplicated int
	// Transactions is the number of matchOrders transactions mined.
	Transactions int
}

// Lines returns the report in the `make bench` line format.
func (r SettlerReport) Lines() string {
	return fmt.Sprintf("settler_kills %d\nsettler_trades %d\nsettler_confirmed %d\nsettler_lost %d\nsettler_duplicated %d\nsettler_failed_trades %d\n",
		r.Kills, r.Trades, r.Confirmed, r.Lost, r.Duplicated, r.Failed)
}

// settleFinalMax bounds the wait for every trade to end after the load.
const settleFinalMax = 3 * time.Minute

type settlerRun struct {
	*run
	scfg     SettlerConfig
	chain    *devchain.Chain
	env      *chaintest.Env
	record   string
	settler  *proc.Proc
	adminKey *ecdsa.PrivateKey
	hot      common.Address
}

// RunSettler performs a settler chaos run.
func RunSettler(ctx context.Context, cfg SettlerConfig) (SettlerReport, error) {
	r := &settlerRun{run: newRun(Config{WorkDir: cfg.WorkDir, Log: cfg.Log}), scfg: cfg}
	if err := r.prepare(); err != nil {
		return SettlerReport{}, err
	}
	if err := proc.Build(r.bin, "./settler/cmd/settler"); err != nil {
		return SettlerReport{}, fmt.Errorf("chaos: %w", err)
	}
	defer r.stopAll()
	if err := r.startNATS(); err != nil {
		return SettlerReport{}, err
	}
	port, err := proc.FreePort()
	if err != nil {
		return SettlerReport{}, err
	}
	r.engines = []*engine{{id: "e0", adminPort: port}}
	if err := r.startEngine(r.engines[0]); err != nil {
		return SettlerReport{}, err
	}
	if err := r.startChain(ctx); err != nil {
		return SettlerReport{}, err
	}
	defer func() { _ = r.chain.Close() }()
	nc, err := nats.Connect(r.natsURL, nats.MaxReconnects(-1))
	if err != nil {
		return SettlerReport{}, err
	}
	defer nc.Close()
	stopRelayer, err := r.startRelayer(ctx)
	if err != nil {
		return SettlerReport{}, err
	}
	defer stopRelayer()
	pub, err := publish.New(nc, publish.Config{}, zap.NewNop())
	if err != nil {
		return SettlerReport{}, err
	}
	defer pub.Close()
	m, traders, err := r.setup(ctx, pub)
	if err != nil {
		return SettlerReport{}, err
	}
	if err := r.startSettler(); err != nil {
		return SettlerReport{}, err
	}
	defer func() { r.settler.Stop(stopBound) }()

	loadDone := make(chan struct{})
	killed := make(chan int, 1)
	go func() { killed <- r.killSettler(ctx, loadDone) }()
	orders, err := r.settleLoad(ctx, pub, m, traders)
	close(loadDone)
	rep := SettlerReport{Kills: <-killed}
	if err != nil {
		return rep, err
	}
	r.logf("load done: %d orders placed, %d settler kills; waiting for every trade to end", len(orders), rep.Kills)
	return r.settleVerify(ctx, nc, rep, orders)
}

// startChain opens a JSON-RPC chain (sealing on demand, an empty block
// every second) and deploys everything from a key funded at genesis.
func (r *settlerRun) startChain(ctx context.Context) error {
	key, err := crypto.GenerateKey()
	if err != nil {
		return err
	}
	r.adminKey = key
	funds := new(big.Int).Mul(big.NewInt(1_000_000), big.NewInt(params.Ether))
	r.chain, err = devchain.Open(devchain.Config{HTTPAddr: "127.0.0.1:0",
		Alloc: types.GenesisAlloc{crypto.PubkeyToAddress(key.PublicKey): {Balance: funds}}})
	if err != nil {
		return err
	}
	if r.env, err = chaintest.New(ctx, &txn.Chain{Backend: r.chain.Client()}, key, r.chain.RPCURL()); err != nil {
		return fmt.Errorf("chaos: deploying: %w", err)
	}
	r.record = filepath.Join(r.dir, "deployment.json")
	return r.env.D.Save(r.record)
}

// startRelayer runs the relayer's worker in this process with a funded
// hot key that is the exchanges' operator.
func (r *settlerRun) startRelayer(ctx context.Context) (func(), error) {
	hot, err := crypto.GenerateKey()
	if err != nil {
		return nil, err
	}
	r.hot = crypto.PubkeyToAddress(hot.PublicKey)
	tx, err := r.env.Admin.Transfer(ctx, r.hot, new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether)))
	if err != nil {
		return nil, err
	}
	if _, err := r.env.Chain.Wait(ctx, tx); err != nil {
		return nil, err
	}
	if err := deploy.GrantOperator(ctx, r.env.Admin, r.env.D, r.hot); err != nil {
		return nil, err
	}
	nc, err := nats.Connect(r.natsURL, nats.MaxReconnects(-1))
	if err != nil {
		return nil, err
	}
	cfg := relayersvc.DefaultConfig()
	cfg.Deployment, cfg.HotKey, cfg.JWTKey = r.env.D, hot, make([]byte, 32)
	cfg.Worker.Confirmations = 2
	rl, err := relayersvc.New(cfg, nc, r.chain.Client(), zap.NewNop())
	if err != nil {
		nc.Close()
		return nil, err
	}
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = rl.Run(rctx) }()
	return func() { cancel(); <-done; nc.Close() }, nil
}

// setup makes a market and the traders (Safe wallets with USDW on chain
// and the same in the engine).
func (r *settlerRun) setup(ctx context.Context, pub *publish.Publisher) (ctfid.Market, []*chaintest.Trader, error) {
	m, err := r.env.NewMarket(ctx, false)
	if err != nil {
		return m, nil, err
	}
	if _, err := enginecmd.Submit(ctx, pub, enginecmd.CreateMarket(m, false)); err != nil {
		return m, nil, err
	}
	const usdw = 10_000 * chaintest.Unit
	traders := make([]*chaintest.Trader, max(r.scfg.Traders, 2))
	for i := range traders {
		t, err := r.env.NewTrader(ctx, true, big.NewInt(usdw))
		if err != nil {
			return m, nil, fmt.Errorf("chaos: trader: %w", err)
		}
		traders[i] = t
		for _, c := range enginecmd.FundTrader(t, usdw) {
			if _, err := enginecmd.Submit(ctx, pub, c); err != nil {
				return m, nil, err
			}
		}
	}
	return m, traders, nil
}

func (r *settlerRun) startSettler() error {
	port, err := proc.FreePort()
	if err != nil {
		return err
	}
	cmd := exec.Command(filepath.Join(r.bin, "settler"), "-nats-url", r.natsURL, "-deployment", r.record,
		"-admin-addr", fmt.Sprintf("127.0.0.1:%d", port), "-log-level", "warn", "-sweep-after", "3s", "-lease-ttl", "1s",
		// This run credits the engine itself (WalletDeployed and Faucet in
		// setup), so the settler's chain watcher would credit the traders'
		// funds a second time: it is off here. So is the markets service:
		// this run lists no markets through Gamma.
		"-chainwatch=false", "-markets=false")
	p, err := proc.StartLogged(cmd, filepath.Join(r.dir, "settler.log"))
	if err != nil {
		return err
	}
	r.settler = p
	return nil
}

// killSettler kills the settler at random moments until the load is done
// and every planned kill happened, restarting it each time.
func (r *settlerRun) killSettler(ctx context.Context, loadDone <-chan struct{}) int {
	rng := mrand.New(mrand.NewPCG(uint64(time.Now().UnixNano()), 2))
	kills := 0
	for kills < r.scfg.Kills {
		select {
		case <-ctx.Done():
			return kills
		case <-time.After(time.Duration(200+rng.IntN(800)) * time.Millisecond):
		}
		r.logf("kill -9 settler (%d)", kills+1)
		r.settler.Kill()
		if err := r.startSettler(); err != nil {
			r.logf("restart settler: %v", err)
			return kills
		}
		kills++
	}
	<-loadDone
	return kills
}

// settleLoad has pairs of traders cross orders (a MINT each: YES at
// 0.40 against NO at 0.60, one share) from several goroutines, and
// returns every order placed.
func (r *settlerRun) settleLoad(ctx context.Context, pub *publish.Publisher, m ctfid.Market, traders []*chaintest.Trader) ([]common.Hash, error) {
	var mu sync.Mutex
	var orders []common.Hash
	var firstErr error
	var wg sync.WaitGroup
	pairs := len(traders) / 2
	for p := range pairs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			yes, no := traders[2*p], traders[2*p+1]
			for i := p; i < r.scfg.Pairs; i += pairs {
				for _, o := range []struct {
					t     *chaintest.Trader
					token *big.Int
					price int64
				}{{yes, m.Yes, 400_000}, {no, m.No, 600_000}} {
					id, err := r.place(ctx, pub, o.t, o.token, o.price)
					mu.Lock()
					if err != nil && firstErr == nil {
						firstErr = err
					}
					orders = append(orders, id)
					mu.Unlock()
				}
				time.Sleep(10 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	return orders, firstErr
}

// place signs and places a GTC BUY of one share.
func (r *settlerRun) place(ctx context.Context, pub *publish.Publisher, t *chaintest.Trader, token *big.Int, price int64) (common.Hash, error) {
	o := t.NewOrder(chaintest.Buy, token, chaintest.Unit, price, 0)
	ex := r.env.D.Contracts.Exchange
	t.Sign(&o, ex)
	id := chaintest.OrderHash(r.env.ChainID, ex, &o)
	_, err := enginecmd.Submit(ctx, pub, &pb.Command{Id: id[:], Body: &pb.Command_PlaceOrder{PlaceOrder: &pb.PlaceOrder{
		Order: enginecmd.SignedOrder(&o), OrderType: pb.OrderType_ORDER_TYPE_GTC, Owner: chaosOwner}}})
	return id, err
}

// settleVerify waits until every trade is final, then compares every
// order's fill on chain with the engine's and counts the operator's
// reverted transactions.
func (r *settlerRun) settleVerify(ctx context.Context, nc *nats.Conn, rep SettlerReport, orders []common.Hash) (SettlerReport, error) {
	var trades []*pb.TradeRecord
	deadline := time.Now().Add(settleFinalMax)
	for {
		var err error
		if trades, err = enginecmd.AllTrades(ctx, nc); err != nil {
			return rep, err
		}
		open := 0
		for _, t := range trades {
			if s := t.GetStatus(); s != pb.TradeStatus_TRADE_STATUS_CONFIRMED && s != pb.TradeStatus_TRADE_STATUS_FAILED {
				open++
			}
		}
		if open == 0 {
			break
		}
		if time.Now().After(deadline) {
			r.logf("%d trades not final after %s", open, settleFinalMax)
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	filled := map[common.Hash]uint64{}
	txs := map[common.Hash]bool{}
	for _, t := range trades {
		rep.Trades++
		switch t.GetStatus() {
		case pb.TradeStatus_TRADE_STATUS_CONFIRMED:
			rep.Confirmed++
			txs[common.BytesToHash(t.GetTxHash())] = true
		case pb.TradeStatus_TRADE_STATUS_FAILED:
			rep.Failed++
		default:
			rep.Lost++
			r.logf("trade %d stays %s", t.GetTradeId(), t.GetStatus())
		}
		filled[common.BytesToHash(t.GetTakerOrderId())] += t.GetSize()
		filled[common.BytesToHash(t.GetMakerOrderId())] += t.GetSize()
	}
	rep.Transactions = len(txs)
	ex, err := exchange.NewCTFExchangeCaller(r.env.D.Contracts.Exchange, r.chain.Client())
	if err != nil {
		return rep, err
	}
	for _, id := range orders {
		st, err := ex.OrderStatus(&bind.CallOpts{Context: ctx}, id)
		if err != nil {
			return rep, err
		}
		switch got := st.Filled.Uint64(); {
		case got < filled[id]:
			rep.Lost++
			r.logf("order %s filled %d on chain, %d in the engine", id.Hex(), got, filled[id])
		case got > filled[id]:
			rep.Duplicated++
			r.logf("order %s filled %d on chain, %d in the engine", id.Hex(), got, filled[id])
		}
	}
	reverted, err := r.revertedFromHot(ctx)
	if err != nil {
		return rep, err
	}
	rep.Duplicated += reverted
	if rep.Trades == 0 {
		return rep, errors.New("chaos: the load made no trade")
	}
	return rep, nil
}

// revertedFromHot counts the hot key's transactions that reverted: a
// fill settled twice would be refused by the exchange in one of them.
func (r *settlerRun) revertedFromHot(ctx context.Context) (int, error) {
	c := r.chain.Client()
	head, err := c.BlockNumber(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for b := uint64(1); b <= head; b++ {
		blk, err := c.BlockByNumber(ctx, new(big.Int).SetUint64(b))
		if err != nil {
			return n, err
		}
		for _, tx := range blk.Transactions() {
			from, err := types.Sender(types.LatestSignerForChainID(tx.ChainId()), tx)
			if err != nil || from != r.hot {
				continue
			}
			rc, err := c.TransactionReceipt(ctx, tx.Hash())
			if err != nil {
				return n, err
			}
			if rc.Status != types.ReceiptStatusSuccessful {
				n++
				r.logf("the operator's transaction %s reverted", tx.Hash().Hex())
			}
		}
	}
	return n, nil
}

// chaosOwner is the API key the load's orders name (heartbeats are
// tracked per key; this one never sends any).
var chaosOwner = []byte("settler-chaos-ld")
