package clob

import (
	"context"
	"net/http"

	"pred.dev/proto/client/clobapi"
)

// Withdraw reserves amount (USDW, or shares of tokenID when it is not
// empty) in the client's proxy wallet for a withdrawal: the exchange takes
// it out of the available balance before the wallet's transfer is relayed
// (POST /withdraw). id (0x and 64 hex digits, or "") makes a retry the same
// reservation. Relay the transfer with the Relayer API afterwards.
func (c *Client) Withdraw(ctx context.Context, amount, tokenID, id string) (clobapi.WithdrawResponse, error) {
	var out clobapi.WithdrawResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/withdraw", level: l2,
		body: clobapi.WithdrawRequest{Amount: amount, TokenID: tokenID, ID: id}}, &out)
	return out, err
}
