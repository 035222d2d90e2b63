package clob

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"pred.dev/proto/client/clobapi"
)

// The market makers' tools: atomic replace, decrease, queue position and
// order groups.

// ReplaceOrder cancels the live order orderID and places the signed order
// req in one command: both or neither. The answer is the new order's, as
// PostOrder's; a refusal (of either part) leaves the old order as it was.
// Unlike PlaceOrder, a lost answer is not reconciled here: read the new
// order (GET /order/{id}) before sending the replace again.
func (c *Client) ReplaceOrder(ctx context.Context, orderID string, req *clobapi.PostOrderRequest) (clobapi.ReplaceOrderResponse, error) {
	var out clobapi.ReplaceOrderResponse
	body := clobapi.ReplaceOrderRequest{OrderID: orderID, PostOrderRequest: *req}
	err := c.do(ctx, request{method: http.MethodPost, path: "/order/replace", body: body, level: l2}, &out)
	return out, err
}

// ReplaceOrders sends up to 15 replaces, each atomic on its own; each
// element of the answer says whether its replace happened.
func (c *Client) ReplaceOrders(ctx context.Context, reqs []clobapi.ReplaceOrderRequest) ([]clobapi.ReplaceOrderResponse, error) {
	var out []clobapi.ReplaceOrderResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/orders/replace", body: reqs, level: l2}, &out)
	return out, err
}

// DecreaseOrder lowers a live order's remaining size in place, keeping its
// queue position: set exactly one of ReduceBy and ReduceTo (shares, whole
// lots of 0.01). ReduceTo "0" cancels the order.
func (c *Client) DecreaseOrder(ctx context.Context, req clobapi.DecreaseOrderRequest) (clobapi.DecreaseOrderResponse, error) {
	var out clobapi.DecreaseOrderResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/order/decrease", body: req, level: l2}, &out)
	return out, err
}

// QueuePosition returns the shares ahead of one of the caller's live
// orders at its price, and the shares resting there in all.
func (c *Client) QueuePosition(ctx context.Context, orderID string) (clobapi.QueuePosition, error) {
	var out clobapi.QueuePosition
	err := c.do(ctx, request{method: http.MethodGet, path: "/order/" + orderID + "/queue-position", level: l2}, &out)
	return out, err
}

// groupQuery names the wallet of a group request: the client's own maker
// wallet (its signature type), as account reads do.
func (c *Client) groupQuery() url.Values {
	return url.Values{"signature_type": {c.walletParam("")}}
}

// SetOrderGroup creates or updates the order group id of the client's
// maker wallet: when its orders fill limit shares (a decimal string)
// within windowSec seconds (1 to 60; 0 for 15), every order of the group
// is cancelled and the group takes no orders until ResetOrderGroup.
func (c *Client) SetOrderGroup(ctx context.Context, id uint32, limit string, windowSec uint32) (clobapi.OrderGroup, error) {
	var out clobapi.OrderGroup
	body := clobapi.OrderGroupRequest{Limit: limit, WindowSec: windowSec}
	err := c.do(ctx, request{method: http.MethodPut, path: "/order-groups/" + strconv.FormatUint(uint64(id), 10),
		query: c.groupQuery(), body: body, level: l2}, &out)
	return out, err
}

// ResetOrderGroup re-arms a group: its fills are forgotten and it takes
// orders again.
func (c *Client) ResetOrderGroup(ctx context.Context, id uint32) (clobapi.OrderGroup, error) {
	var out clobapi.OrderGroup
	err := c.do(ctx, request{method: http.MethodPost, path: "/order-groups/" + strconv.FormatUint(uint64(id), 10) + "/reset",
		query: c.groupQuery(), level: l2}, &out)
	return out, err
}

// DeleteOrderGroup cancels every live order of a group and removes it:
// its place among the wallet's groups is free and its id can be set again,
// fresh. The answer lists the orders cancelled (cancel_reason
// GROUP_DELETED); a group the wallet does not have is
// ORDER_GROUP_NOT_FOUND.
func (c *Client) DeleteOrderGroup(ctx context.Context, id uint32) (clobapi.OrderGroupDeleted, error) {
	var out clobapi.OrderGroupDeleted
	err := c.do(ctx, request{method: http.MethodDelete, path: "/order-groups/" + strconv.FormatUint(uint64(id), 10),
		query: c.groupQuery(), level: l2}, &out)
	return out, err
}

// OrderGroups lists the order groups of the client's maker wallet, oldest
// first.
func (c *Client) OrderGroups(ctx context.Context) ([]clobapi.OrderGroup, error) {
	var out []clobapi.OrderGroup
	err := c.do(ctx, request{method: http.MethodGet, path: "/order-groups", query: c.groupQuery(), level: l2}, &out)
	return out, err
}
