package api

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/publish"
)

func (a *API) registerOrders(e *echo.Echo) {
	e.POST("/order", a.postOrder, a.requireL2)
	e.POST("/orders", a.postOrders, a.requireL2)
	e.GET("/order/:orderID", a.getOrder, a.requireL2)
	e.GET("/orders", a.getOrders, a.requireL2)
}

// postOrder parses, appends and answers with the engine's outcome.
func (a *API) postOrder(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var env orderEnvelope
	if err := decodeJSON(body, &env, errcode.InvalidOrderPayload); err != nil {
		return err
	}
	resp, err := a.place(c.Request().Context(), l2Identity(c), &env)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, resp)
}

// postOrders places up to PostOrdersMax orders. Each element is parsed
// and placed independently: the answer is an array in request order, with
// success false, errorMsg and code for the elements that failed. Valid
// elements are submitted concurrently, so they share group commits. An
// element whose signed order repeats an earlier element's is answered
// INVALID_ORDER_DUPLICATED without being submitted, as it would be if it
// came in a later request.
func (a *API) postOrders(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var envs []orderEnvelope
	if err := decodeJSON(body, &envs, errcode.InvalidOrderPayload); err != nil {
		return err
	}
	if len(envs) == 0 {
		return errcode.Errorf(errcode.InvalidOrderPayload, "invalid order payload: send a JSON array of 1 to %d order envelopes", PostOrdersMax)
	}
	if len(envs) > PostOrdersMax {
		return errcode.Errorf(errcode.TooManyOrders, "too many orders in payload: %d, max allowed: %d", len(envs), PostOrdersMax)
	}
	if err := a.chargeItems(c, len(envs)); err != nil {
		return err
	}
	out := make([]clobapi.OrderResponse, len(envs))
	ctx, id := c.Request().Context(), l2Identity(c)
	placements := make([]*placement, len(envs))
	errs := make([]error, len(envs))
	var wg sync.WaitGroup
	for i := range envs {
		wg.Go(func() { placements[i], errs[i] = a.parseOrder(ctx, id, &envs[i]) })
	}
	wg.Wait()
	markBatchDuplicates(placements, errs)
	for i, p := range placements {
		if errs[i] != nil {
			out[i] = failedOrder(errs[i])
			continue
		}
		wg.Go(func() {
			resp, err := a.submitPlacement(ctx, id, p)
			if err != nil {
				resp = failedOrder(err)
			}
			out[i] = resp
		})
	}
	wg.Wait()
	return c.JSON(http.StatusOK, out)
}

// markBatchDuplicates fails every valid placement whose order id an
// earlier element of the batch already has.
func markBatchDuplicates(ps []*placement, errs []error) {
	seen := make(map[[32]byte]bool, len(ps))
	for i, p := range ps {
		if errs[i] != nil {
			continue
		}
		if seen[p.id] {
			errs[i] = &pendingError{err: errcode.Errorf(errcode.InvalidOrderDuplicated,
				"%s (it repeats an earlier order of this batch)", errcode.InvalidOrderDuplicated.Message()), orderID: p.orderID()}
			continue
		}
		seen[p.id] = true
	}
}

// failedOrder is a batch element that was not placed.
func failedOrder(err error) clobapi.OrderResponse {
	code, msg, orderID := errcode.CodeOf(err), err.Error(), ""
	var pe *pendingError
	if errors.As(err, &pe) {
		orderID = pe.orderID
	}
	var ce *errcode.Error
	if errors.As(err, &ce) {
		msg = ce.Error()
	}
	if code == errcode.InternalError {
		msg = errcode.InternalError.Message()
	}
	return clobapi.OrderResponse{
		Success: false, ErrorMsg: msg, Code: string(code), OrderID: orderID,
		MakingAmount: "0", TakingAmount: "0", TransactionsHashes: []string{}, TradeIDs: []string{},
	}
}

func (a *API) place(ctx context.Context, id auth.Identity, env *orderEnvelope) (clobapi.OrderResponse, error) {
	p, err := a.parseOrder(ctx, id, env)
	if err != nil {
		return clobapi.OrderResponse{}, err
	}
	return a.submitPlacement(ctx, id, p)
}

// submitPlacement appends a parsed order and reads its outcome. Copies
// of one signed order sent at once each get their own engine result (the
// publisher hands out one result per command), so only the first is placed
// and every other copy is told INVALID_ORDER_DUPLICATED.
func (a *API) submitPlacement(ctx context.Context, id auth.Identity, p *placement) (clobapi.OrderResponse, error) {
	cmd := &pb.Command{Id: p.id[:], Body: &pb.Command_PlaceOrder{PlaceOrder: p.cmd}}
	res, err := a.submit(ctx, cmd, p.orderID())
	if err != nil {
		return clobapi.OrderResponse{}, err
	}
	return orderResponse(p, res)
}

// orderResponse reads the engine's events for the order: a rejection
// becomes its coded error; otherwise the status is "matched" when the
// order filled completely (or, for FAK, partly with the rest cancelled)
// and "live" when it rests, and the amounts sum its fills.
func orderResponse(p *placement, res *publish.Result) (clobapi.OrderResponse, error) {
	var shares, coll uint64
	var filled, cancelled bool
	resp := clobapi.OrderResponse{Success: true, OrderID: p.orderID(), TransactionsHashes: []string{}, TradeIDs: []string{}}
	for _, e := range res.Events {
		switch b := e.GetBody().(type) {
		case *pb.Event_OrderRejected:
			return resp, errcode.RejectError(b.OrderRejected.GetReason())
		case *pb.Event_CommandRejected:
			return resp, errcode.RejectError(b.CommandRejected.GetReason())
		case *pb.Event_Trade:
			t := b.Trade
			if bytes.Equal(t.GetTakerOrderId(), p.id[:]) {
				shares += t.GetSize()
				coll += collateral(t.GetSize(), t.GetTakerPrice())
				resp.TradeIDs = append(resp.TradeIDs, formatID(t.GetTradeId()))
			}
		case *pb.Event_OrderFilled:
			filled = filled || bytes.Equal(b.OrderFilled.GetOrderId(), p.id[:])
		case *pb.Event_OrderCancelled:
			cancelled = cancelled || bytes.Equal(b.OrderCancelled.GetOrderId(), p.id[:])
		}
	}
	resp.Status = clobapi.InsertStatusLive
	if filled || (cancelled && shares > 0) {
		resp.Status = clobapi.InsertStatusMatched
	}
	resp.MakingAmount, resp.TakingAmount = units(coll), units(shares)
	if p.side == fixed.Sell {
		resp.MakingAmount, resp.TakingAmount = units(shares), units(coll)
	}
	return resp, nil
}

// getOrder returns one of the caller's orders, open or finished. Another
// wallet's order is reported as not found.
func (a *API) getOrder(c echo.Context) error {
	oid, err := parseHash32(c.Param("orderID"), errcode.InvalidOrderID)
	if err != nil {
		return err
	}
	id := l2Identity(c)
	resp, err := a.queryFor(c.Request().Context(), &pb.QueryRequest{
		Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: oid[:]}},
	}, errcode.OrderNotFound)
	if err != nil {
		return err
	}
	rec := resp.GetOrder()
	if rec == nil || !a.owns(id, rec.GetAccount()) {
		return errcode.New(errcode.OrderNotFound)
	}
	return c.JSON(http.StatusOK, openOrder(rec, true))
}

// owns reports whether account is one of the key's maker wallets.
func (a *API) owns(id auth.Identity, account []byte) bool {
	for _, acct := range a.accounts(id) {
		if bytes.Equal(acct[:], account) {
			return true
		}
	}
	return false
}

// getOrders pages the caller's orders, newest first: open orders only,
// unless open_only=false.
func (a *API) getOrders(c echo.Context) error {
	id := l2Identity(c)
	acct, err := a.accountParam(c, id)
	if err != nil {
		return err
	}
	q, err := ordersFilter(c)
	if err != nil {
		return err
	}
	q.Account = acct[:]
	q.OpenOnly = c.QueryParam("open_only") != "false"
	if s := c.QueryParam("id"); s != "" {
		return a.singleOrderPage(c, id, s)
	}
	return a.ordersPage(c, id, q, true)
}

// singleOrderPage serves GET /orders?id=, a one-element page.
func (a *API) singleOrderPage(c echo.Context, id auth.Identity, s string) error {
	oid, err := parseHash32(s, errcode.InvalidOrderID)
	if err != nil {
		return err
	}
	page := clobapi.Page[clobapi.OpenOrder]{Data: []clobapi.OpenOrder{}, NextCursor: clobapi.EndCursor, Limit: PageLimitDefault}
	resp, err := a.queryFor(c.Request().Context(), &pb.QueryRequest{
		Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: oid[:]}},
	}, errcode.OrderNotFound)
	if err != nil && !errors.Is(err, errcode.OrderNotFound) {
		return err
	}
	if rec := resp.GetOrder(); rec != nil && a.owns(id, rec.GetAccount()) {
		page.Data = append(page.Data, openOrder(rec, true))
	}
	page.Count = len(page.Data)
	return c.JSON(http.StatusOK, page)
}

func (a *API) ordersPage(c echo.Context, id auth.Identity, q *pb.OrdersQuery, withOwner bool) error {
	p, err := parsePage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	page, err := fetchPage(p, func(cursor string, limit uint32) ([]clobapi.OpenOrder, string, error) {
		q.Cursor, q.Limit = cursor, limit
		resp, err := a.queryFor(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: q}}, errcode.NotFound)
		if err != nil {
			return nil, "", err
		}
		out := make([]clobapi.OpenOrder, 0, len(resp.GetOrders().GetOrders()))
		for _, r := range resp.GetOrders().GetOrders() {
			out = append(out, openOrder(r, withOwner))
		}
		return out, resp.GetOrders().GetNextCursor(), nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

// decodeJSON reads a request body by every API's one policy
// (httpmw.DecodeJSON): one JSON value, nothing after it, only the keys the
// document names. The fields the reference clients send that have no
// effect here (deferExec, a book request's side) are named and ignored.
func decodeJSON(body []byte, v any, code errcode.Code) error {
	return httpmw.DecodeJSON(body, v, code)
}
