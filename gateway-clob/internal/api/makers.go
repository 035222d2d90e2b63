package api

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
	"pred.dev/proto/runtime/publish"
)

// The market makers' tools (issue 26): atomic replace, decrease, queue
// position and order groups. The engine decides each of them in the log's
// order; the handlers here refuse what is malformed before anything is
// appended, so a bad request changes nothing, and map the engine's
// refusals to the same codes as a place's.

// PostReplacesMax is the most replaces in one POST /orders/replace: the
// batch of places' limit, since each replace is a place too.
const PostReplacesMax = PostOrdersMax

func (a *API) registerMakers(e *echo.Echo) {
	e.POST("/order/replace", a.postReplace, a.requireL2)
	e.POST("/orders/replace", a.postReplaces, a.requireL2)
	e.POST("/order/decrease", a.postDecrease, a.requireL2)
	e.GET("/order/:orderID/queue-position", a.getQueuePosition, a.requireL2)
	e.PUT("/order-groups/:groupID", a.putOrderGroup, a.requireL2)
	e.POST("/order-groups/:groupID/reset", a.resetOrderGroup, a.requireL2)
	e.DELETE("/order-groups/:groupID", a.deleteOrderGroup, a.requireL2)
	e.GET("/order-groups", a.getOrderGroups, a.requireL2)
}

// replaceEnvelope is a replace's body as decoded: the order to cancel and
// the envelope of the new order (its fields at the top level, as in POST
// /order).
type replaceEnvelope struct {
	OrderID string `json:"orderID"`
	orderEnvelope
}

// replacement is a parsed replace, ready for the log.
type replacement struct {
	old [32]byte
	p   *placement
}

func (a *API) parseReplace(ctx context.Context, id auth.Identity, env *replaceEnvelope) (*replacement, error) {
	old, err := parseHash32(env.OrderID, errcode.InvalidOrderID)
	if err != nil {
		return nil, err
	}
	p, err := a.parseOrder(ctx, id, &env.orderEnvelope)
	if err != nil {
		return nil, err
	}
	return &replacement{old: old, p: p}, nil
}

// postReplace cancels one live order of the caller and places a new signed
// order in one log command: both or neither. The new order's checks are
// the place's (every one, with the old order counted as gone), so a
// refusal answers as POST /order would, and the old order stays.
func (a *API) postReplace(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var env replaceEnvelope
	if err := decodeJSON(body, &env, errcode.InvalidOrderPayload); err != nil {
		return err
	}
	ctx, id := c.Request().Context(), l2Identity(c)
	r, err := a.parseReplace(ctx, id, &env)
	if err != nil {
		return err
	}
	resp, err := a.submitReplace(ctx, r)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, resp)
}

// postReplaces is POST /orders/replace: up to PostReplacesMax replaces,
// each atomic on its own and answered in request order as POST /orders
// answers its elements (success false, errorMsg and code for a failed
// one). A maker moving many quotes wants every quote that can move to
// move: one refused pair must not keep the others stale.
func (a *API) postReplaces(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var envs []replaceEnvelope
	if err := decodeJSON(body, &envs, errcode.InvalidOrderPayload); err != nil {
		return err
	}
	if len(envs) == 0 {
		return errcode.Errorf(errcode.InvalidOrderPayload,
			"invalid order payload: send a JSON array of 1 to %d replaces ({\"orderID\":\"0x...\",\"order\":{...},\"owner\":\"<api key>\"})", PostReplacesMax)
	}
	if len(envs) > PostReplacesMax {
		return errcode.Errorf(errcode.TooManyOrders, "too many replaces in payload: %d, max allowed: %d", len(envs), PostReplacesMax)
	}
	if err := a.chargeItems(c, len(envs)); err != nil {
		return err
	}
	ctx, id := c.Request().Context(), l2Identity(c)
	rs := make([]*replacement, len(envs))
	errs := make([]error, len(envs))
	var wg sync.WaitGroup
	for i := range envs {
		wg.Go(func() { rs[i], errs[i] = a.parseReplace(ctx, id, &envs[i]) })
	}
	wg.Wait()
	ps := make([]*placement, len(rs))
	for i, r := range rs {
		if r != nil {
			ps[i] = r.p
		}
	}
	markBatchDuplicates(ps, errs)
	out := make([]clobapi.ReplaceOrderResponse, len(envs))
	for i, r := range rs {
		if errs[i] != nil {
			out[i] = clobapi.ReplaceOrderResponse{OrderResponse: failedOrder(errs[i]), ReplacedOrderID: envs[i].OrderID}
			continue
		}
		wg.Go(func() {
			resp, err := a.submitReplace(ctx, r)
			if err != nil {
				resp = clobapi.ReplaceOrderResponse{OrderResponse: failedOrder(err), ReplacedOrderID: hash32(r.old[:])}
			}
			out[i] = resp
		})
	}
	wg.Wait()
	return c.JSON(http.StatusOK, out)
}

// submitReplace appends a replace (its command id is the new order's
// hash, as a place's) and reads its outcome as a place's.
func (a *API) submitReplace(ctx context.Context, r *replacement) (clobapi.ReplaceOrderResponse, error) {
	cmd := &pb.Command{Id: r.p.id[:], Body: &pb.Command_ReplaceOrder{ReplaceOrder: &pb.ReplaceOrder{OrderId: r.old[:], Place: r.p.cmd}}}
	res, err := a.submit(ctx, cmd, r.p.orderID())
	if err != nil {
		return clobapi.ReplaceOrderResponse{}, err
	}
	resp, err := orderResponse(r.p, res)
	return clobapi.ReplaceOrderResponse{OrderResponse: resp, ReplacedOrderID: hash32(r.old[:])}, err
}

// postDecrease lowers a live order's remaining size in place (it keeps
// its queue position): body {"orderID", "reduceBy"|"reduceTo"}, exactly
// one amount, shares in whole lots. No signature is needed: the signed
// order allows up to its size, and less is always within it.
func (a *API) postDecrease(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var req clobapi.DecreaseOrderRequest
	if err := decodeJSON(body, &req, errcode.InvalidPayload); err != nil {
		return err
	}
	oid, err := parseHash32(req.OrderID, errcode.InvalidOrderID)
	if err != nil {
		return err
	}
	dec, err := parseDecrease(&req)
	if err != nil {
		return err
	}
	dec.OrderId = oid[:]
	results, err := a.forAccounts(c, func(acct common.Address) *pb.Command {
		d := &pb.DecreaseOrder{Account: acct[:], OrderId: dec.OrderId, Amount: dec.Amount}
		return &pb.Command{Body: &pb.Command_DecreaseOrder{DecreaseOrder: d}}
	})
	if err != nil {
		return err
	}
	resp, err := decreaseResponse(oid, results)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, resp)
}

// parseDecrease checks the amounts: exactly one of reduceBy and reduceTo,
// a decimal of shares in whole lots; reduceBy above 0 (reduceTo 0 cancels
// the order).
func parseDecrease(req *clobapi.DecreaseOrderRequest) (*pb.DecreaseOrder, error) {
	if (req.ReduceBy == "") == (req.ReduceTo == "") {
		return nil, errcode.Errorf(errcode.InvalidPayload,
			"send exactly one of reduceBy (shares to take off) and reduceTo (the remaining size wanted), as a decimal string of shares")
	}
	field, s := "reduceBy", req.ReduceBy
	if s == "" {
		field, s = "reduceTo", req.ReduceTo
	}
	v, err := fixed.ParseUnits(s)
	if err != nil || v%rules.LotUnits != 0 {
		return nil, errcode.Errorf(errcode.InvalidOrderAmounts,
			"invalid %s %q: send a decimal string of shares in whole lots of 0.01 (\"2.5\")", field, clipStr(s))
	}
	if field == "reduceBy" {
		if v == 0 {
			return nil, errcode.Errorf(errcode.InvalidOrderNotADecrease, "reduceBy is 0: take off at least 0.01 share, or leave the order as it is")
		}
		return &pb.DecreaseOrder{Amount: &pb.DecreaseOrder_ReduceBy{ReduceBy: v}}, nil
	}
	return &pb.DecreaseOrder{Amount: &pb.DecreaseOrder_ReduceTo{ReduceTo: v}}, nil
}

// decreaseResponse reads what the decrease did: an OrderDecreased (live,
// smaller) or an OrderCancelled (decreased to nothing). The command for
// the wallet that is not the order's maker is refused ORDER_NOT_FOUND and
// says nothing; when no command acted, the maker's refusal (anything but
// ORDER_NOT_FOUND) is the answer, else ORDER_NOT_FOUND.
func decreaseResponse(oid [32]byte, results []*publish.Result) (clobapi.DecreaseOrderResponse, error) {
	resp := clobapi.DecreaseOrderResponse{OrderID: hash32(oid[:])}
	reason := pb.RejectReason_REJECT_REASON_ORDER_NOT_FOUND
	for _, r := range results {
		for _, e := range r.Events {
			switch b := e.GetBody().(type) {
			case *pb.Event_OrderDecreased:
				resp.Status, resp.Size, resp.Remaining = clobapi.DecreaseStatusLive, units(b.OrderDecreased.GetSize()), units(b.OrderDecreased.GetRemaining())
				return resp, nil
			case *pb.Event_OrderCancelled:
				if bytes.Equal(b.OrderCancelled.GetOrderId(), oid[:]) {
					resp.Status, resp.Remaining = clobapi.DecreaseStatusCanceled, "0"
					return resp, nil
				}
			case *pb.Event_OrderRejected:
				if r := b.OrderRejected.GetReason(); r != pb.RejectReason_REJECT_REASON_ORDER_NOT_FOUND {
					reason = r
				}
			case *pb.Event_CommandRejected:
				reason = b.CommandRejected.GetReason()
			}
		}
	}
	return resp, errcode.RejectError(reason)
}

// forAccounts submits one command per maker wallet of the key (its EOA
// and its proxy wallet) concurrently, so that they share a group commit:
// the engine acts only on what the wallet a command names owns, and the
// request names an order, not its wallet. Each command gets an id of its
// own.
func (a *API) forAccounts(c echo.Context, build func(common.Address) *pb.Command) ([]*publish.Result, error) {
	ctx, id := c.Request().Context(), l2Identity(c)
	accts := a.accounts(id)
	results := make([]*publish.Result, len(accts))
	errs := make([]error, len(accts))
	var wg sync.WaitGroup
	for i, acct := range accts {
		wg.Go(func() {
			cmd := build(acct)
			cmd.Id = newCommandID()
			results[i], errs[i] = a.submit(ctx, cmd, "")
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// getQueuePosition answers where one of the caller's live orders stands
// at its price. The read is fenced as the caller's other reads are, so an
// order just placed is found; the engine answers from its core.
func (a *API) getQueuePosition(c echo.Context) error {
	oid, err := parseHash32(c.Param("orderID"), errcode.InvalidOrderID)
	if err != nil {
		return err
	}
	resp, err := a.queryFor(c.Request().Context(), &pb.QueryRequest{
		Query: &pb.QueryRequest_QueuePosition{QueuePosition: &pb.QueuePositionQuery{OrderId: oid[:]}},
	}, errcode.OrderNotFound)
	if err != nil {
		return err
	}
	qp := resp.GetQueuePosition()
	if qp == nil || !a.owns(l2Identity(c), qp.GetAccount()) {
		return errcode.Errorf(errcode.OrderNotFound,
			"order not found: no live order of the caller has this id (a queue position exists only while the order rests; GET /order/{orderID} shows finished orders)")
	}
	return c.JSON(http.StatusOK, clobapi.QueuePosition{OrderID: hash32(oid[:]), SharesAhead: units(qp.GetAhead()), LevelSize: units(qp.GetLevel())})
}

// parseGroupID reads the path's group id: 1 to 2^32-1 (0 is "no group").
func parseGroupID(c echo.Context) (uint32, error) {
	s := c.Param("groupID")
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil || v == 0 || (len(s) > 1 && s[0] == '0') {
		return 0, errcode.Errorf(errcode.InvalidOrderGroup,
			"invalid order group id %q: use a decimal integer from 1 to 4294967295 without leading zeros", clipStr(s))
	}
	return uint32(v), nil
}

// putOrderGroup creates or updates an order group of the wallet chosen by
// signature_type (as account reads choose it): the wallet that makes the
// orders naming the group. An update keeps the fills counted and a
// tripped group tripped; only a reset re-arms it.
func (a *API) putOrderGroup(c echo.Context) error {
	gid, err := parseGroupID(c)
	if err != nil {
		return err
	}
	acct, err := a.accountParam(c, l2Identity(c))
	if err != nil {
		return err
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var req clobapi.OrderGroupRequest
	if err := decodeJSON(body, &req, errcode.InvalidPayload); err != nil {
		return err
	}
	limit, err := fixed.ParseUnits(req.Limit)
	if err != nil || limit == 0 || limit%rules.LotUnits != 0 {
		return errcode.Errorf(errcode.InvalidOrderGroup,
			"invalid limit %q: send the group's fill limit as a decimal string of shares above 0 in whole lots of 0.01 (\"100\")", clipStr(req.Limit))
	}
	if req.WindowSec > rules.GroupWindowMaxSec {
		return errcode.Errorf(errcode.InvalidOrderGroup,
			"invalid windowSec %d: send %d to %d seconds, or leave it out for %d", req.WindowSec,
			rules.GroupWindowMinSec, rules.GroupWindowMaxSec, rules.GroupWindowDefaultSec)
	}
	set := &pb.SetOrderGroup{Account: acct[:], Group: gid, Limit: limit, WindowSec: req.WindowSec}
	return a.groupCommand(c, acct, gid, &pb.Command{Id: newCommandID(), Body: &pb.Command_SetOrderGroup{SetOrderGroup: set}})
}

// resetOrderGroup re-arms a group: its fills are forgotten and it takes
// orders again.
func (a *API) resetOrderGroup(c echo.Context) error {
	gid, err := parseGroupID(c)
	if err != nil {
		return err
	}
	acct, err := a.accountParam(c, l2Identity(c))
	if err != nil {
		return err
	}
	reset := &pb.ResetOrderGroup{Account: acct[:], Group: gid}
	return a.groupCommand(c, acct, gid, &pb.Command{Id: newCommandID(), Body: &pb.Command_ResetOrderGroup{ResetOrderGroup: reset}})
}

// deleteOrderGroup cancels every live order of a group and removes the
// group, so that its slot is free (a wallet has at most 32) and its id can
// be set again, fresh. The engine does both in one command; the answer
// lists the orders it cancelled, read from that command's events, as the
// cancel endpoints do.
func (a *API) deleteOrderGroup(c echo.Context) error {
	gid, err := parseGroupID(c)
	if err != nil {
		return err
	}
	acct, err := a.accountParam(c, l2Identity(c))
	if err != nil {
		return err
	}
	del := &pb.DeleteOrderGroup{Account: acct[:], Group: gid}
	res, err := a.submit(c.Request().Context(), &pb.Command{Id: newCommandID(),
		Body: &pb.Command_DeleteOrderGroup{DeleteOrderGroup: del}}, "")
	if err != nil {
		return err
	}
	out := clobapi.OrderGroupDeleted{ID: gid, Deleted: true, Canceled: []string{}}
	for _, e := range res.Events {
		if cr := e.GetCommandRejected(); cr != nil {
			return errcode.RejectError(cr.GetReason())
		}
		if oc := e.GetOrderCancelled(); oc != nil {
			out.Canceled = append(out.Canceled, hash32(oc.GetOrderId()))
		}
	}
	return c.JSON(http.StatusOK, out)
}

// groupCommand appends a group command and answers the group as the
// engine has it right after the command.
func (a *API) groupCommand(c echo.Context, acct common.Address, gid uint32, cmd *pb.Command) error {
	ctx := c.Request().Context()
	res, err := a.submit(ctx, cmd, "")
	if err != nil {
		return err
	}
	for _, e := range res.Events {
		if cr := e.GetCommandRejected(); cr != nil {
			return errcode.RejectError(cr.GetReason())
		}
	}
	groups, err := a.groups(ctx, acct, res.Seq)
	if err != nil {
		return err
	}
	for _, g := range groups {
		if g.ID == gid {
			return c.JSON(http.StatusOK, g)
		}
	}
	// The engine took the command, so it has the group: not finding it
	// is a bug, answered as one.
	return errcode.Errorf(errcode.InternalError, "order group %d missing after its command", gid)
}

// getOrderGroups lists the wallet's order groups, oldest first.
func (a *API) getOrderGroups(c echo.Context) error {
	acct, err := a.accountParam(c, l2Identity(c))
	if err != nil {
		return err
	}
	seq, err := a.fence.Seq(c.Request().Context())
	if err != nil {
		return errcode.Wrap(errcode.EngineUnavailable, err)
	}
	groups, err := a.groups(c.Request().Context(), acct, seq)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, groups)
}

// groups reads a wallet's groups once the engine has applied the log up
// to minSeq.
func (a *API) groups(ctx context.Context, acct common.Address, minSeq uint64) ([]clobapi.OrderGroup, error) {
	resp, err := a.query(ctx, &pb.QueryRequest{MinSeq: minSeq,
		Query: &pb.QueryRequest_OrderGroups{OrderGroups: &pb.OrderGroupsQuery{Account: acct[:]}}}, errcode.NotFound)
	if err != nil {
		return nil, err
	}
	out := make([]clobapi.OrderGroup, 0, len(resp.GetOrderGroups().GetGroups()))
	for _, g := range resp.GetOrderGroups().GetGroups() {
		out = append(out, clobapi.OrderGroup{ID: g.GetGroup(), Limit: units(g.GetLimit()), WindowSec: g.GetWindowSec(),
			Filled: units(g.GetFilled()), Tripped: g.GetTripped()})
	}
	return out, nil
}
