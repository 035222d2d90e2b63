package settlement_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/engine/inproc"
	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
	relayersvc "pred.dev/relayer/server"
	"pred.dev/scripts/internal/enginecmd"
	"pred.dev/settler/settle"
)

// waitMax bounds every wait: it turns a hang into a failure.
const waitMax = 90 * time.Second

const unit = chaintest.Unit

// harness is NATS, a chain sealing a block every blockEvery, the engine,
// the relayer's worker and a settler that can be killed and restarted.
type harness struct {
	t     *testing.T
	ctx   context.Context
	ns    *natsembed.Server
	nc    *nats.Conn
	pub   *publish.Publisher
	env   *chaintest.Env
	eng   *inproc.Engine
	log   *zap.Logger
	owner []byte

	sealMu sync.Mutex
	paused atomic.Bool

	mu      sync.Mutex
	settler context.CancelFunc
	ran     chan error
	reg     *prometheus.Registry
}

const blockEvery = 50 * time.Millisecond

func newHarness(t *testing.T) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*waitMax)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, log: zaptest.NewLogger(t, zaptest.Level(zap.WarnLevel)), owner: make([]byte, 16)}
	_, _ = rand.Read(h.owner)
	h.ns = natstest.Start(t)
	h.nc = natstest.Connect(t, h.ns)
	var err error
	if h.env, err = chaintest.NewSimulated(ctx); err != nil {
		t.Fatal(err)
	}
	sim := h.env.Sim()
	h.env.Chain.Mine = func() {
		h.sealMu.Lock()
		defer h.sealMu.Unlock()
		sim.Commit()
	}
	stop, sealed := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sealed)
		tick := time.NewTicker(blockEvery)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if !h.paused.Load() {
					h.env.Chain.Mine()
				}
			}
		}
	}()
	t.Cleanup(func() { close(stop); <-sealed; h.env.Close() })

	h.eng, err = inproc.Start(ctx, service.Config{DataDir: t.TempDir(), Conn: natstest.Connect(t, h.ns), TickInterval: 100 * time.Millisecond,
		Machine: machine.DefaultConfig()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.eng.Stop() })
	if h.pub, err = publish.New(h.nc, publish.Config{}, h.log); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.pub.Close() })

	// The relayer's worker with a funded hot key, operator on both exchanges.
	hot, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	hotAddr := crypto.PubkeyToAddress(hot.PublicKey)
	tx, err := h.env.Admin.Transfer(ctx, hotAddr, new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.env.Chain.Wait(ctx, tx); err != nil {
		t.Fatal(err)
	}
	if err := deploy.GrantOperator(ctx, h.env.Admin, h.env.D, hotAddr); err != nil {
		t.Fatal(err)
	}
	rcfg := relayersvc.DefaultConfig()
	rcfg.Deployment, rcfg.JWTKey, rcfg.HotKey = h.env.D, make([]byte, 32), hot
	rcfg.Worker.Confirmations = 2
	rcfg.Worker.Poll = 20 * time.Millisecond
	rcfg.LeaseTTL = time.Second
	r, err := relayersvc.New(rcfg, natstest.Connect(t, h.ns), h.env.Chain.Backend, h.log.Named("relayer"))
	if err != nil {
		t.Fatal(err)
	}
	rctx, rcancel := context.WithCancel(context.Background())
	rdone := make(chan struct{})
	go func() { defer close(rdone); _ = r.Run(rctx) }()
	t.Cleanup(func() { rcancel(); <-rdone })
	return h
}

// settlerConfig is the tests' settler configuration.
func (h *harness) settlerConfig() settle.Config {
	return settle.Config{Deployment: h.env.D, Chain: h.env.Chain.Backend, RetryBackoff: 100 * time.Millisecond,
		SweepAfter: 2 * time.Second, CursorEvery: 50 * time.Millisecond}
}

// startSettler starts a settler on its own NATS connection and publisher;
// mod changes its configuration.
func (h *harness) startSettler(mod func(*settle.Config)) {
	h.t.Helper()
	h.startSettlerWith(mod, nil)
}

// startSettlerWith starts a settler that, with a lease, settles only
// while it holds it (Campaign).
func (h *harness) startSettlerWith(mod func(*settle.Config), l *lease.Lease) {
	h.t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	cfg := h.settlerConfig()
	h.reg = prometheus.NewRegistry()
	cfg.Registerer = h.reg
	if mod != nil {
		mod(&cfg)
	}
	nc := natstest.Connect(h.t, h.ns)
	pub, err := publish.New(nc, publish.Config{}, h.log)
	if err != nil {
		h.t.Fatal(err)
	}
	s, err := settle.New(cfg, nc, pub, h.log.Named("settler"))
	if err != nil {
		h.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(h.ctx)
	ran, done := make(chan error, 1), make(chan struct{})
	go func() {
		defer close(done)
		var err error
		if l != nil {
			err = s.Campaign(ctx, l)
		} else {
			err = s.Run(ctx)
		}
		_ = pub.Close()
		nc.Close()
		ran <- err
	}()
	h.settler, h.ran = cancel, ran
	h.t.Cleanup(func() { cancel(); <-done })
}

// crashed waits for the settler to stop at its crash point (named for
// the failure message).
func (h *harness) crashed(point string) {
	h.t.Helper()
	select {
	case err := <-h.ran:
		if !errors.Is(err, settle.ErrCrashed) {
			h.t.Fatalf("%s: the settler ended with %v", point, err)
		}
	case <-time.After(waitMax):
		h.t.Fatalf("%s: the settler did not reach its crash", point)
	}
}

func b32(v *big.Int) []byte { return common.LeftPadBytes(v.Bytes(), 32) }

// market prepares a market on chain and creates it in the engine.
func (h *harness) market(negRisk bool) ctfid.Market {
	h.t.Helper()
	m, err := h.env.NewMarket(h.ctx, negRisk)
	if err != nil {
		h.t.Fatal(err)
	}
	h.command(enginecmd.CreateMarket(m, negRisk))
	return m
}

// trader makes a Safe trader with usdw whole USDW on chain and the same
// in the engine's ledger, its wallet deployed in both.
func (h *harness) trader(usdw int64) *chaintest.Trader {
	h.t.Helper()
	tr, err := h.env.NewTrader(h.ctx, true, big.NewInt(usdw*unit))
	if err != nil {
		h.t.Fatal(err)
	}
	for _, c := range enginecmd.FundTrader(tr, uint64(usdw*unit)) {
		h.command(c)
	}
	return tr
}

// command submits a command and fails the test if the engine refuses it.
func (h *harness) command(c *pb.Command) *publish.Result {
	h.t.Helper()
	res, err := enginecmd.Submit(h.ctx, h.pub, c)
	if err != nil {
		h.t.Fatal(err)
	}
	return res
}

// order has tr sign and place a GTC order (GTD when expiration is set).
func (h *harness) order(tr *chaintest.Trader, negRisk bool, side uint8, token *big.Int, shares, price int64, expiration int64) common.Hash {
	h.t.Helper()
	c, id := h.orderCommand(tr, negRisk, side, token, shares, price, expiration)
	h.command(c)
	return id
}

// orderCommand is the PlaceOrder of a GTC order tr signs (GTD when
// expiration is set), and the order's id.
func (h *harness) orderCommand(tr *chaintest.Trader, negRisk bool, side uint8, token *big.Int, shares, price int64, expiration int64) (*pb.Command, common.Hash) {
	o := tr.NewOrder(side, token, shares*unit, price, 0)
	typ := pb.OrderType_ORDER_TYPE_GTC
	if expiration != 0 {
		o.Expiration, typ = big.NewInt(expiration), pb.OrderType_ORDER_TYPE_GTD
	}
	ex := h.env.D.ExchangeFor(negRisk)
	tr.Sign(&o, ex)
	id := chaintest.OrderHash(h.env.ChainID, ex, &o)
	return &pb.Command{Id: id[:], Body: &pb.Command_PlaceOrder{PlaceOrder: &pb.PlaceOrder{Order: enginecmd.SignedOrder(&o),
		OrderType: typ, Owner: h.owner}}}, id
}

// trades returns every trade the engine recorded.
func (h *harness) trades() []*pb.TradeRecord {
	h.t.Helper()
	var out []*pb.TradeRecord
	cursor := ""
	for {
		resp, err := query.Do(h.ctx, h.nc, &pb.QueryRequest{Query: &pb.QueryRequest_Trades{Trades: &pb.TradesQuery{Cursor: cursor, Limit: 500}}})
		if err != nil {
			h.t.Fatal(err)
		}
		if e := resp.GetError(); e != nil {
			h.t.Fatalf("trades: %s", e.GetMessage())
		}
		out = append(out, resp.GetTrades().GetTrades()...)
		if cursor = resp.GetTrades().GetNextCursor(); cursor == "" {
			return out
		}
	}
}

// waitFinal waits until the engine has n trades and every one is final
// (CONFIRMED or FAILED), and returns them.
func (h *harness) waitFinal(n int) []*pb.TradeRecord {
	h.t.Helper()
	var ts []*pb.TradeRecord
	eventually.NoError(h.t, fmt.Sprintf("the engine has %d trades, all final", n), func() error {
		ts = h.trades()
		var open []string
		for _, tr := range ts {
			if s := tr.GetStatus(); s != pb.TradeStatus_TRADE_STATUS_CONFIRMED && s != pb.TradeStatus_TRADE_STATUS_FAILED {
				open = append(open, fmt.Sprintf("trade %d %s", tr.GetTradeId(), s))
			}
		}
		if len(ts) < n || len(open) > 0 {
			return fmt.Errorf("%d trades, not final: %v", len(ts), open)
		}
		return nil
	})
	return ts
}

// filledOnChain is an order's filled shares on its exchange.
func (h *harness) filledOnChain(negRisk bool, id [32]byte) uint64 {
	h.t.Helper()
	ex, err := exchange.NewCTFExchangeCaller(h.env.D.ExchangeFor(negRisk), h.env.Chain.Backend)
	if err != nil {
		h.t.Fatal(err)
	}
	st, err := ex.OrderStatus(&bind.CallOpts{Context: h.ctx}, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return st.Filled.Uint64()
}

// balance is the engine's collateral (token nil) or share balance.
func (h *harness) balance(account common.Address, token *big.Int) uint64 {
	h.t.Helper()
	q := &pb.BalanceQuery{Account: account.Bytes()}
	if token != nil {
		q.TokenId = b32(token)
	}
	resp, err := query.Do(h.ctx, h.nc, &pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: q}})
	if err != nil {
		h.t.Fatal(err)
	}
	return resp.GetBalance().GetBalance()
}

// onChain is a wallet's USDW (token nil) or share balance on chain.
func (h *harness) onChain(account common.Address, token *big.Int) uint64 {
	h.t.Helper()
	var v *big.Int
	var err error
	if token == nil {
		v, err = h.env.USDWOf(h.ctx, account)
	} else {
		v, err = h.env.TokenOf(h.ctx, account, token)
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return v.Uint64()
}

// counter reads a settler counter from its registry.
func (h *harness) counter(name string) float64 {
	h.t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	mfs, err := h.reg.Gather()
	if err != nil {
		h.t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			var sum float64
			for _, m := range mf.GetMetric() {
				sum += m.GetCounter().GetValue()
			}
			return sum
		}
	}
	return 0
}
