package server_test

import (
	"context"
	"crypto/rand"
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/engine/inproc"
	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
	"pred.dev/proto/runtime/streams"
)

// startEngine starts the real matching engine as the leader on the
// harness's NATS (Pebble in a temporary dir, a clock that does not tick)
// and the harness's own publisher for the commands no gateway sends in
// these tests (deposits, orders without a CLOB gateway).
func (h *harness) startEngine() {
	h.t.Helper()
	mc := machine.DefaultConfig()
	mc.FeeAccount = machine.Address(common.HexToAddress("0x000000000000000000000000000000000000fee5"))
	e, err := inproc.Start(context.Background(), service.Config{
		DataDir: h.t.TempDir(), Conn: h.nc, Mode: service.ModeLeader, TickInterval: time.Hour, Machine: mc,
		Logger: zaptest.NewLogger(h.t, zaptest.Level(zap.WarnLevel)).Named("engine"),
	})
	if err != nil {
		h.t.Fatalf("start the engine: %v", err)
	}
	h.t.Cleanup(func() {
		if err := e.Stop(); err != nil {
			h.t.Errorf("engine: %v", err)
		}
	})
	pub, err := publish.New(h.nc, publish.Config{}, zaptest.NewLogger(h.t, zaptest.Level(zap.WarnLevel)))
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { _ = pub.Close() })
	h.pub = pub
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

// submit appends a command and returns the engine's result.
func (h *harness) submit(cmd *pb.Command) *publish.Result {
	h.t.Helper()
	if cmd.Id == nil {
		cmd.Id = randomBytes(16)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	res, err := h.pub.Submit(ctx, cmd)
	if err != nil {
		h.t.Fatalf("submit %T: %v", cmd.GetBody(), err)
	}
	return res
}

// query asks the engine, waiting until it has applied and committed the
// whole log (min_seq: the engine answers commands before it commits).
func (h *harness) query(req *pb.QueryRequest) *pb.QueryResponse {
	h.t.Helper()
	last, err := streams.LastSeq(context.Background(), h.js, journal.CommandStream)
	if err != nil {
		h.t.Fatal(err)
	}
	req.MinSeq = last
	var resp *pb.QueryResponse
	eventually.NoError(h.t, "an engine answers the query", func() error {
		ctx, cancel := context.WithTimeout(context.Background(), waitMax)
		defer cancel()
		r, err := query.Do(ctx, h.nc, req)
		switch {
		case errors.Is(err, query.ErrNoEngine):
			return err // not started yet
		case err != nil:
			h.t.Fatalf("query: %v", err)
		case r.GetError() != nil && r.GetError().GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_UNSPECIFIED:
			h.t.Fatalf("query: %s", r.GetError().GetMessage())
		}
		resp = r
		return nil
	})
	return resp
}
