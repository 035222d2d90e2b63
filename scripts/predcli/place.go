package predcli

import (
	"context"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
)

// placeOrder signs and places an order through the SDK's PlaceOrder: when
// the answer to POST /order is lost (a timeout, a dropped connection, a
// 503 ENGINE_TIMEOUT), it reads GET /order/{id} before anything is sent
// again and sends the same signed order again only if the order is not
// found, so a retry never places it twice. It says on stderr when it did.
func (inv *invocation) placeOrder(ctx context.Context, c *client.Client, args client.OrderArgs) (clobapi.OrderResponse, error) {
	req, id, err := c.BuildOrder(args)
	if err != nil {
		return clobapi.OrderResponse{}, err
	}
	out, err := c.PlaceOrder(ctx, req, id)
	switch {
	case out.Lost == nil:
	case out.Order != nil:
		inv.hint("pred: the answer to POST /order was lost (%v); GET /order/%s found the order %s", out.Lost, id, out.Order.Status)
	case err == nil:
		inv.hint("pred: the answer to POST /order was lost (%v); GET /order/%s did not find the order, so the same signed order was sent again", out.Lost, id)
	}
	return out.Response, err
}
