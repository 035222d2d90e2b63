package service

import (
	"bytes"
	"context"
	"testing"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
)

// TestMakerQueries: queue position and order groups are answered from the
// core (with min_seq waited for, another wallet's order not found), a
// decrease refreshes the book that queries read, and a group's delete
// cancels its orders (GROUP_DELETED in the events and the read model) and
// leaves the wallet no group.
func TestMakerQueries(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	running(t, testConfig(t, nc, ModeLeader))
	market, yes, no := machine.Hash{0xa1}, machine.Hash{0xa2}, machine.Hash{0xa3}
	maker, other := loadgen.UserAddress(0), loadgen.UserAddress(1)
	appendAll(t, nc, []*pb.Command{
		wire.ToPB(&machine.Command{Kind: machine.KindCreateMarket, ID: machine.Hash{1}, Args: &machine.Args{Market: market,
			Tokens: [2]machine.Hash{yes, no}, Params: machine.MarketParams{TickSize: 10_000, MinSize: 1_000_000, MaxSize: 1_000_000_000}}}, nil),
		wire.ToPB(&machine.Command{Kind: machine.KindFaucet, ID: machine.Hash{2}, Account: maker, Amount: 1_000_000_000}, nil),
		wire.ToPB(&machine.Command{Kind: machine.KindCollateralApproval, ID: machine.Hash{3}, Account: maker,
			Args: &machine.Args{Exchange: machine.ExchangeStandard, Approved: true}}, nil),
	})
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	submit := func(c *machine.Command) *publish.Result {
		t.Helper()
		res, err := pub.Submit(context.Background(), wire.ToPB(c, nil))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	ask := func(seq uint64, q *pb.QueryRequest) *pb.QueryResponse {
		t.Helper()
		q.MinSeq = seq
		resp, err := query.Do(context.Background(), nc, q)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	submit(&machine.Command{Kind: machine.KindSetGroup, ID: machine.Hash{4}, Account: maker, Amount: 5_000_000,
		Args: &machine.Args{Group: 3, WindowSec: 10}})
	bid := func(id byte) *machine.Command {
		return &machine.Command{Kind: machine.KindPlace, ID: machine.Hash{0xee, id}, Order: machine.OrderSpec{
			Maker: maker, TokenID: yes, Side: machine.Buy, Type: machine.GTC, Group: 3,
			MakerAmount: 10 * 400_000, TakerAmount: 10 * 1_000_000}}
	}
	submit(bid(1))
	second := machine.Hash{0xee, 2}
	res := submit(bid(2))

	qp := func(seq uint64, account machine.Address) *pb.QueryResponse {
		return ask(seq, &pb.QueryRequest{Query: &pb.QueryRequest_QueuePosition{
			QueuePosition: &pb.QueuePositionQuery{OrderId: second[:], Account: account[:]}}})
	}
	resp := qp(res.Seq, maker)
	if resp.GetError() != nil || resp.GetSeq() < res.Seq {
		t.Fatalf("queue position: %v at seq %d, want >= %d", resp.GetError(), resp.GetSeq(), res.Seq)
	}
	if p := resp.GetQueuePosition(); p.GetAhead() != 10_000_000 || p.GetLevel() != 20_000_000 || !bytes.Equal(p.GetAccount(), maker[:]) {
		t.Fatalf("queue position: ahead %d level %d, want 10 and 20 shares", p.GetAhead(), p.GetLevel())
	}
	if resp := qp(0, other); resp.GetError().GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND {
		t.Fatalf("another wallet's order: %v, want NOT_FOUND", resp.GetError())
	}
	bad := ask(0, &pb.QueryRequest{Query: &pb.QueryRequest_QueuePosition{QueuePosition: &pb.QueuePositionQuery{OrderId: []byte{1}}}})
	if bad.GetError().GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID {
		t.Fatalf("short order id: %v, want INVALID", bad.GetError())
	}

	// A decrease of the first order moves the second up and shows in the
	// book at once.
	first := machine.Hash{0xee, 1}
	res = submit(&machine.Command{Kind: machine.KindDecrease, ID: machine.Hash{5}, Account: maker,
		OrderIDs: []machine.Hash{first}, Amount: 4_000_000})
	if p := qp(res.Seq, maker).GetQueuePosition(); p.GetAhead() != 6_000_000 || p.GetLevel() != 16_000_000 {
		t.Fatalf("after the decrease: ahead %d level %d, want 6 and 16 shares", p.GetAhead(), p.GetLevel())
	}
	book := ask(res.Seq, &pb.QueryRequest{Query: &pb.QueryRequest_Book{Book: &pb.BookQuery{TokenId: yes[:]}}}).GetBook()
	if bids := book.GetBids(); len(bids) != 1 || bids[0].GetSize() != 16_000_000 {
		t.Fatalf("book after the decrease: %v", bids)
	}

	groups := ask(res.Seq, &pb.QueryRequest{Query: &pb.QueryRequest_OrderGroups{OrderGroups: &pb.OrderGroupsQuery{Account: maker[:]}}})
	gs := groups.GetOrderGroups().GetGroups()
	if groups.GetError() != nil || len(gs) != 1 || gs[0].GetGroup() != 3 || gs[0].GetLimit() != 5_000_000 ||
		gs[0].GetWindowSec() != 10 || gs[0].GetTripped() || gs[0].GetFilled() != 0 {
		t.Fatalf("order groups: %v %v", groups.GetError(), gs)
	}
	none := ask(0, &pb.QueryRequest{Query: &pb.QueryRequest_OrderGroups{OrderGroups: &pb.OrderGroupsQuery{Account: other[:]}}})
	if none.GetError() != nil || len(none.GetOrderGroups().GetGroups()) != 0 {
		t.Fatalf("a wallet without groups: %v %v", none.GetError(), none.GetOrderGroups())
	}

	// The delete: both orders go, newest first, in the command's events.
	res = submit(&machine.Command{Kind: machine.KindDeleteGroup, ID: machine.Hash{6}, Account: maker,
		Args: &machine.Args{Group: 3}})
	var cancelled []machine.Hash
	for _, e := range res.Events {
		if oc := e.GetOrderCancelled(); oc != nil && oc.GetCause() == pb.CancelCause_CANCEL_CAUSE_GROUP_DELETED {
			cancelled = append(cancelled, machine.Hash(oc.GetOrderId()))
		}
	}
	if len(cancelled) != 2 || cancelled[0] != second || cancelled[1] != first {
		t.Fatalf("the delete's events: %v", res.Events)
	}
	groups = ask(res.Seq, &pb.QueryRequest{Query: &pb.QueryRequest_OrderGroups{OrderGroups: &pb.OrderGroupsQuery{Account: maker[:]}}})
	if groups.GetError() != nil || len(groups.GetOrderGroups().GetGroups()) != 0 {
		t.Fatalf("order groups after the delete: %v %v", groups.GetError(), groups.GetOrderGroups())
	}
	o := ask(res.Seq, &pb.QueryRequest{Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: first[:]}}}).GetOrder()
	if o.GetStatus() != pb.OrderStatus_ORDER_STATUS_CANCELED || o.GetCancelCause() != pb.CancelCause_CANCEL_CAUSE_GROUP_DELETED {
		t.Fatalf("the first order after the delete: %s %s", o.GetStatus(), o.GetCancelCause())
	}
	// Deleted, the group is unknown: a second delete is refused.
	res = submit(&machine.Command{Kind: machine.KindDeleteGroup, ID: machine.Hash{7}, Account: maker,
		Args: &machine.Args{Group: 3}})
	if len(res.Events) != 1 || res.Events[0].GetCommandRejected().GetReason() != pb.RejectReason_REJECT_REASON_GROUP_NOT_FOUND {
		t.Fatalf("a second delete: %v", res.Events)
	}
}
