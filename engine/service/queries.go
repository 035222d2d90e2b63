package service

import (
	"context"
	"sync"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
	"google.golang.org/protobuf/proto"

	"pred.dev/engine/machine"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// Queries are answered by a few workers so that one slow scan does not hold
// up the rest; requests wait in a bounded queue and are refused when it is
// full rather than piling up.
const (
	queryWorkers  = 4
	queryQueueMax = 1_024
)

// serveQueries answers pb.QueryRequests on journal.QuerySubject, as one of
// the engines' queue group, until ctx ends.
func (s *Service) serveQueries(ctx context.Context) error {
	queue := make(chan *nats.Msg, queryQueueMax)
	sub, err := s.cfg.Conn.QueueSubscribe(journal.QuerySubject, journal.QueryQueue, func(msg *nats.Msg) {
		select {
		case queue <- msg:
		default:
			s.reply(msg, errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_READY, "engine query queue is full; retry"))
		}
	})
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	for range queryWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case msg := <-queue:
					s.reply(msg, s.answer(ctx, msg.Data))
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	<-ctx.Done()
	_ = sub.Unsubscribe()
	wg.Wait()
	return nil
}

// answer decodes a query, waits for its min_seq and runs it.
func (s *Service) answer(ctx context.Context, data []byte) *pb.QueryResponse {
	req := &pb.QueryRequest{}
	if err := proto.Unmarshal(data, req); err != nil {
		return errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID, "query is not a valid pred.v1.QueryRequest: "+err.Error())
	}
	if seq := req.GetMinSeq(); seq > s.applied.Load() {
		wctx, cancel := context.WithTimeout(ctx, s.cfg.QueryWaitMax)
		ok := s.WaitApplied(wctx, seq)
		cancel()
		if !ok {
			return errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_READY,
				"the engine has not applied the log up to min_seq yet; retry")
		}
	}
	switch q := req.GetQuery().(type) {
	case *pb.QueryRequest_Status:
		return &pb.QueryResponse{Seq: s.applied.Load(), Result: &pb.QueryResponse_Status{Status: s.status()}}
	case *pb.QueryRequest_QueuePosition:
		return s.queuePosition(ctx, q.QueuePosition)
	case *pb.QueryRequest_OrderGroups:
		return s.orderGroups(ctx, q.OrderGroups)
	}
	return s.db.Query(req, s.books)
}

// probe is a read of the core run on the apply loop between two batches;
// seq is the last CMD sequence the core has applied.
type probe struct {
	fn   func(m *machine.Machine, seq uint64)
	done chan struct{}
}

// inspect runs fn on the apply loop and waits for it, at most
// Config.QueryWaitMax: the loop takes a probe only between batches, and
// not at all while it replays or before it starts. Queue places and group
// fills live only in the core (the read model has neither), and copying
// them out after every batch, as the books are, would cost every command
// for the few that ask.
func (s *Service) inspect(ctx context.Context, fn func(m *machine.Machine, seq uint64)) bool {
	p := probe{fn: fn, done: make(chan struct{})}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.QueryWaitMax)
	defer cancel()
	select {
	case s.probes <- p:
	case <-ctx.Done():
		return false
	}
	<-p.done // the loop runs fn at once once it took the probe
	return true
}

var errBusy = errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_READY,
	"the engine is not applying commands yet (starting or replaying) or is too busy to read its core; retry")

func (s *Service) queuePosition(ctx context.Context, q *pb.QueuePositionQuery) *pb.QueryResponse {
	var id machine.Hash
	if len(q.GetOrderId()) != len(id) {
		return errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID, "order_id must be 32 bytes")
	}
	copy(id[:], q.GetOrderId())
	var account machine.Address
	if a := q.GetAccount(); len(a) != 0 {
		if len(a) != len(account) {
			return errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID, "account must be 20 bytes or empty")
		}
		copy(account[:], a)
	}
	var resp *pb.QueryResponse
	ok := s.inspect(ctx, func(m *machine.Machine, seq uint64) {
		maker, live := m.OrderMaker(id)
		ahead, level, _ := m.QueuePosition(id)
		if !live || (len(q.GetAccount()) != 0 && maker != account) {
			resp = errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND, "no live order with this id")
			return
		}
		resp = &pb.QueryResponse{Seq: seq, Result: &pb.QueryResponse_QueuePosition{QueuePosition: &pb.QueuePosition{
			OrderId: q.GetOrderId(), Ahead: ahead, Level: level, TimeMs: m.NowMs(), Account: maker[:]}}}
	})
	if !ok {
		return errBusy
	}
	return resp
}

func (s *Service) orderGroups(ctx context.Context, q *pb.OrderGroupsQuery) *pb.QueryResponse {
	var account machine.Address
	if len(q.GetAccount()) != len(account) {
		return errResponse(pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID, "account must be 20 bytes")
	}
	copy(account[:], q.GetAccount())
	var groups []machine.GroupInfo
	var seq uint64
	var nowMs int64
	ok := s.inspect(ctx, func(m *machine.Machine, applied uint64) {
		groups, seq, nowMs = m.Groups(account, nil), applied, m.NowMs()
	})
	if !ok {
		return errBusy
	}
	r := &pb.OrderGroups{TimeMs: nowMs, Groups: make([]*pb.OrderGroupState, len(groups))}
	for i, g := range groups {
		r.Groups[i] = &pb.OrderGroupState{Group: g.ID, Limit: g.Limit, Filled: g.Filled,
			WindowSec: uint32(g.WindowSec), Tripped: g.Tripped}
	}
	return &pb.QueryResponse{Seq: seq, Result: &pb.QueryResponse_OrderGroups{OrderGroups: r}}
}

func (s *Service) status() *pb.EngineStatus {
	return &pb.EngineStatus{AppliedSeq: s.applied.Load(), TimeMs: s.appliedMs.Load(), Leader: s.leading.Load(),
		Markets: uint32(s.markets.Load()), RestingOrders: uint64(s.resting.Load())}
}

func (s *Service) reply(msg *nats.Msg, resp *pb.QueryResponse) {
	data, err := proto.Marshal(resp)
	if err == nil {
		err = msg.Respond(data)
	}
	if err != nil {
		s.log.Warn("query reply failed", zap.Error(err))
	}
}

func errResponse(code pb.QueryErrorCode, msg string) *pb.QueryResponse {
	return &pb.QueryResponse{Error: &pb.QueryError{Code: code, Message: msg}}
}
