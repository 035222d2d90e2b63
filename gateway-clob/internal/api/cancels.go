package api

import (
	"bytes"
	"net/http"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
	"pred.dev/proto/runtime/publish"
)

func (a *API) registerCancels(e *echo.Echo) {
	e.DELETE("/order", a.cancelOrder, a.requireL2)
	e.DELETE("/orders", a.cancelOrders, a.requireL2)
	e.DELETE("/cancel-market-orders", a.cancelMarketOrders, a.requireL2)
	e.DELETE("/cancel-all", a.cancelAll, a.requireL2)
}

// Reasons given in not_canceled.
const notCanceledReason = "order not found, not open, or not the caller's: it may be already matched or canceled"

// cancelOrder cancels one order: body {"orderID":"0x..."}.
func (a *API) cancelOrder(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var req clobapi.CancelOrderRequest
	if err := decodeJSON(body, &req, errcode.InvalidPayload); err != nil {
		return err
	}
	oid, err := parseHash32(req.OrderID, errcode.InvalidOrderID)
	if err != nil {
		return err
	}
	return a.cancelIDs(c, [][32]byte{oid})
}

// cancelOrders cancels up to rules.CancelOrdersMax orders: body ["0x...", ...].
func (a *API) cancelOrders(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var ids []string
	if err := decodeJSON(body, &ids, errcode.InvalidPayload); err != nil {
		return err
	}
	if len(ids) == 0 {
		return errcode.Errorf(errcode.InvalidPayload, "send a JSON array of 1 to %d order ids", rules.CancelOrdersMax)
	}
	if len(ids) > rules.CancelOrdersMax {
		return errcode.Errorf(errcode.TooManyOrders, "too many orders in payload: %d, max allowed: %d", len(ids), rules.CancelOrdersMax)
	}
	if err := a.chargeItems(c, len(ids)); err != nil {
		return err
	}
	seen := make(map[[32]byte]bool, len(ids))
	var oids [][32]byte
	for _, s := range ids {
		oid, err := parseHash32(s, errcode.InvalidOrderID)
		if err != nil {
			return err
		}
		if !seen[oid] {
			seen[oid] = true
			oids = append(oids, oid)
		}
	}
	return a.cancelIDs(c, oids)
}

func (a *API) cancelIDs(c echo.Context, oids [][32]byte) error {
	raw := make([][]byte, len(oids))
	for i := range oids {
		raw[i] = oids[i][:]
	}
	results, err := a.cancelForAccounts(c, func(acct common.Address) *pb.Command {
		if len(raw) == 1 {
			return &pb.Command{Body: &pb.Command_CancelOrder{CancelOrder: &pb.CancelOrder{Account: acct[:], OrderId: raw[0]}}}
		}
		return &pb.Command{Body: &pb.Command_CancelOrders{CancelOrders: &pb.CancelOrders{Account: acct[:], OrderIds: raw}}}
	})
	if err != nil {
		return err
	}
	out := mergeCancels(results)
	canceled := make(map[string]bool, len(out.Canceled))
	for _, id := range out.Canceled {
		canceled[id] = true
	}
	for _, oid := range oids {
		if id := hash32(oid[:]); !canceled[id] {
			out.NotCanceled[id] = notCanceledReason
		}
	}
	return c.JSON(http.StatusOK, out)
}

// cancelMarketOrders cancels the caller's orders on a market, or on one
// token of it: body {"market":"0x...","asset_id":"..."} (either or both);
// the same fields are accepted as query parameters for clients that cannot
// send a body with DELETE.
func (a *API) cancelMarketOrders(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var req clobapi.CancelMarketOrdersRequest
	if len(bytes.TrimSpace(body)) > 0 {
		if err := decodeJSON(body, &req, errcode.InvalidPayload); err != nil {
			return err
		}
	}
	if req.Market == "" && req.AssetID == "" {
		req.Market, req.AssetID = c.QueryParam("market"), c.QueryParam("asset_id")
	}
	q := &pb.CancelMarketOrders{}
	if req.Market != "" {
		m, err := parseHash32(req.Market, errcode.InvalidMarketID)
		if err != nil {
			return err
		}
		q.Market = m[:]
	}
	if req.AssetID != "" {
		t, err := parseTokenID(req.AssetID)
		if err != nil {
			return err
		}
		q.TokenId = t[:]
	}
	if q.Market == nil && q.TokenId == nil {
		return errcode.Errorf(errcode.InvalidPayload, "send {\"market\":\"<condition id>\"} or {\"asset_id\":\"<token id>\"} (or both)")
	}
	results, err := a.cancelForAccounts(c, func(acct common.Address) *pb.Command {
		return &pb.Command{Body: &pb.Command_CancelMarketOrders{CancelMarketOrders: &pb.CancelMarketOrders{
			Account: acct[:], Market: q.Market, TokenId: q.TokenId,
		}}}
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, mergeCancels(results))
}

// cancelAll cancels every open order of the caller.
func (a *API) cancelAll(c echo.Context) error {
	results, err := a.cancelForAccounts(c, func(acct common.Address) *pb.Command {
		return &pb.Command{Body: &pb.Command_CancelAll{CancelAll: &pb.CancelAll{Account: acct[:]}}}
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, mergeCancels(results))
}

// cancelForAccounts submits one cancel command per maker wallet of the key
// (its EOA and its proxy wallet), concurrently so they share a group
// commit, because the engine cancels only the orders of the account a
// command names. A command the engine rejects as a whole (unknown market
// or token) fails the request only if it is rejected for every wallet.
func (a *API) cancelForAccounts(c echo.Context, build func(common.Address) *pb.Command) ([]*publish.Result, error) {
	results, err := a.forAccounts(c, build)
	if err != nil {
		return nil, err
	}
	return results, wholeRejection(results)
}

// wholeRejection returns the engine's reason when every command was
// rejected as a whole.
func wholeRejection(results []*publish.Result) error {
	var reason pb.RejectReason
	for _, r := range results {
		rejected := false
		for _, e := range r.Events {
			if cr := e.GetCommandRejected(); cr != nil {
				rejected, reason = true, cr.GetReason()
			}
		}
		if !rejected {
			return nil
		}
	}
	return errcode.RejectError(reason)
}

// mergeCancels lists the orders the engine cancelled, each once, in event
// order.
func mergeCancels(results []*publish.Result) clobapi.CancelResponse {
	out := clobapi.CancelResponse{Canceled: []string{}, NotCanceled: map[string]string{}}
	seen := map[string]bool{}
	for _, r := range results {
		for _, e := range r.Events {
			if oc := e.GetOrderCancelled(); oc != nil {
				if id := hash32(oc.GetOrderId()); !seen[id] {
					seen[id] = true
					out.Canceled = append(out.Canceled, id)
				}
			}
		}
	}
	return out
}
