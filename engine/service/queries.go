package service

import (
	"context"
	"sync"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
	"google.golang.org/protobuf/proto"

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
	if _, ok := req.GetQuery().(*pb.QueryRequest_Status); ok {
		return &pb.QueryResponse{Seq: s.applied.Load(), Result: &pb.QueryResponse_Status{Status: s.status()}}
	}
	return s.db.Query(req, s.books)
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
