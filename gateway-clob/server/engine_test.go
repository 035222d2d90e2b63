package server_test

import (
	"context"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/engine/inproc"
	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/fixed"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
)

// testFeeAccount collects the taker fees of the test engines.
var testFeeAccount = common.HexToAddress("0x000000000000000000000000000000000000fee5")

// engine is the real matching engine (pred.dev/engine/inproc) as a leader
// on the harness's NATS, with its Pebble state in a temporary dir. Its
// clock does not tick during a test: no expiry or heartbeat timeout is
// tested here, and every message in the CMD stream is then one the test or
// a gateway appended. stop and start restart it on the same dir.
type engine struct {
	t       testing.TB
	cfg     service.Config
	running *inproc.Engine // nil while stopped
}

func startEngine(t testing.TB, nc *nats.Conn) *engine {
	t.Helper()
	mc := machine.DefaultConfig()
	mc.FeeAccount = machine.Address(testFeeAccount)
	e := &engine{t: t, cfg: service.Config{
		DataDir: t.TempDir(), Conn: nc, Mode: service.ModeLeader, TickInterval: time.Hour, Machine: mc,
		Logger: zaptest.NewLogger(t, zaptest.Level(zap.WarnLevel)).Named("engine"),
	}}
	e.start()
	t.Cleanup(e.stop)
	return e
}

// start opens the engine's data dir and runs it until stop.
func (e *engine) start() {
	e.t.Helper()
	running, err := inproc.Start(context.Background(), e.cfg)
	if err != nil {
		e.t.Fatalf("open the engine: %v", err)
	}
	e.running = running
}

// stop stops the running engine; a no-op once stopped.
func (e *engine) stop() {
	if e.running == nil {
		return
	}
	if err := e.running.Stop(); err != nil {
		e.t.Errorf("engine: %v", err)
	}
	e.running = nil
}

// newAdmin starts the harness's own publisher, which appends the
// commands no gateway sends: market administration and deposits.
func (h *harness) newAdmin() {
	pub, err := publish.New(h.nc, publish.Config{}, zaptest.NewLogger(h.t, zaptest.Level(zap.WarnLevel)))
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { _ = pub.Close() })
	h.admin = pub
}

func randomID() []byte {
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	return id
}

// submit appends an administrative command, waits for the engine's
// result and fails the test if the engine refused it.
func (h *harness) submit(body func(c *pb.Command)) *publish.Result {
	h.t.Helper()
	cmd := &pb.Command{Id: randomID()}
	body(cmd)
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	res, err := h.admin.Submit(ctx, cmd)
	if err != nil {
		h.t.Fatalf("submit %T: %v", cmd.GetBody(), err)
	}
	for _, e := range res.Events {
		if r := e.GetCommandRejected(); r != nil {
			h.t.Fatalf("the engine refused %T: %s", cmd.GetBody(), r.GetReason())
		}
	}
	return res
}

// appendOnly appends an administrative command without waiting for the
// engine, for the tests that run while it is stopped.
func (h *harness) appendOnly(body func(c *pb.Command)) {
	h.t.Helper()
	cmd := &pb.Command{Id: randomID()}
	body(cmd)
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	if _, err := h.admin.Append(ctx, cmd); err != nil {
		h.t.Fatalf("append %T: %v", cmd.GetBody(), err)
	}
}

func createMarket(market, yes, no [32]byte, params *pb.MarketParams) func(*pb.Command) {
	return func(c *pb.Command) {
		c.Body = &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{
			Market: market[:], YesTokenId: yes[:], NoTokenId: no[:], Params: params}}
	}
}

func configureMarket(market [32]byte, params *pb.MarketParams) func(*pb.Command) {
	return func(c *pb.Command) {
		c.Body = &pb.Command_ConfigureMarket{ConfigureMarket: &pb.ConfigureMarket{Market: market[:], Params: params}}
	}
}

func haltMarket(market [32]byte) func(*pb.Command) {
	return func(c *pb.Command) {
		c.Body = &pb.Command_HaltMarket{HaltMarket: &pb.HaltMarket{Market: market[:]}}
	}
}

// fund deposits usdw whole USDW to a wallet, as the chain watcher does
// when collateral arrives, and waits until queries see it.
func (h *harness) fund(account common.Address, usdw uint64) {
	h.t.Helper()
	h.deposit(account, usdw)
	h.approve(account)
}

// deposit credits usdw to a wallet, as the chain watcher does a deposit.
func (h *harness) deposit(account common.Address, usdw uint64) {
	h.t.Helper()
	h.submit(func(c *pb.Command) {
		c.Body = &pb.Command_Deposit{Deposit: &pb.Deposit{Account: account.Bytes(), Amount: usdw * fixed.One}}
	})
	h.sync()
}

// approve lets both exchanges move the wallet's USDW and shares, as the
// chain watcher reports a wallet's approval transaction.
func (h *harness) approve(account common.Address) {
	h.t.Helper()
	for _, x := range []pb.Exchange{pb.Exchange_EXCHANGE_STANDARD, pb.Exchange_EXCHANGE_NEG_RISK} {
		h.submit(func(c *pb.Command) {
			c.Body = &pb.Command_CollateralApproval{CollateralApproval: &pb.CollateralApproval{
				Account: account.Bytes(), Exchange: x, Unlimited: true}}
		})
		h.submit(func(c *pb.Command) {
			c.Body = &pb.Command_SharesApproval{SharesApproval: &pb.SharesApproval{Account: account.Bytes(), Exchange: x, Approved: true}}
		})
	}
	h.sync()
}

// sync returns once the engine has applied and committed every command
// in the log so far, so that reads without a read-your-writes sequence
// (the public endpoints, another wallet's view) see them: it asks the
// engine with min_seq at the log's end, the gateway's own mechanism.
func (h *harness) sync() {
	h.t.Helper()
	last := h.lastCommandSeq()
	req := &pb.QueryRequest{MinSeq: last, Query: &pb.QueryRequest_Status{Status: &pb.StatusQuery{}}}
	eventually.True(h.t, "the engine has applied the log", func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), waitMax)
		defer cancel()
		resp, err := query.Do(ctx, h.nc, req)
		switch {
		case errors.Is(err, query.ErrNoEngine):
			return false // a restarted engine not yet subscribed
		case err != nil:
			h.t.Fatalf("status query: %v", err)
		case resp.GetError().GetCode() == pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_READY:
			return false // the engine's own wait for min_seq ran out
		case resp.GetError() != nil:
			h.t.Fatalf("status query: %s", resp.GetError().GetMessage())
		case resp.GetStatus().GetAppliedSeq() < last:
			h.t.Fatalf("the engine answered min_seq %d at applied seq %d", last, resp.GetStatus().GetAppliedSeq())
		}
		return true
	})
}

// commands returns every command in the CMD stream, in log order.
func (h *harness) commands() []*pb.Command {
	h.t.Helper()
	ctx := context.Background()
	s, err := h.js.Stream(ctx, journal.CommandStream)
	if err != nil {
		h.t.Fatal(err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []*pb.Command
	for seq := info.State.FirstSeq; info.State.Msgs > 0 && seq <= info.State.LastSeq; seq++ {
		m, err := s.GetMsg(ctx, seq)
		if err != nil {
			h.t.Fatal(err)
		}
		b, err := journal.DecodeCommandBatch(m.Data)
		if err != nil {
			h.t.Fatalf("CMD message %d: %v", seq, err)
		}
		out = append(out, b.GetCommands()...)
	}
	return out
}

// funded is tradingClient with usdw deposited to the wallet, approved.
func (h *harness) funded(i int, usdw uint64, opts ...client.Option) *client.Client {
	h.t.Helper()
	c := h.tradingClient(i, opts...)
	h.fund(c.Funder(), usdw)
	return c
}

// mint gives holder size shares of token: holder bids price for them and
// a fresh wallet buys the other outcome at the complementary price, so
// the engine mints the pair. holder needs price x size USDW.
func (h *harness) mint(holder *client.Client, token, other, price, complement, size string) {
	h.t.Helper()
	ctx := context.Background()
	bid, err := holder.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: token, Side: "BUY", Price: price, Size: size, FeeRateBps: 10})
	if err != nil || bid.Status != clobapi.InsertStatusLive {
		h.t.Fatalf("the holder's bid: %+v, %v", bid, err)
	}
	counter := h.funded(0, 1000)
	fill, err := counter.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: other, Side: "BUY", Price: complement, Size: size, FeeRateBps: 10})
	if err != nil || fill.Status != clobapi.InsertStatusMatched {
		h.t.Fatalf("the minting counter-order: %+v, %v", fill, err)
	}
}
