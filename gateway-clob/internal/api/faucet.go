package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/gateway-clob/internal/middleware"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// DefaultFaucetMaxUnits bounds one faucet credit: 1,000,000 USDW.
const DefaultFaucetMaxUnits = 1_000_000 * fixed.One

func (a *API) registerFaucet(e *echo.Echo) {
	e.POST("/faucet", a.postFaucet)
}

// postFaucet credits devnet USDW to a wallet: body {"address","amount"}.
// It exists only when the gateway runs with the devnet faucet enabled;
// elsewhere it answers 404 FAUCET_DISABLED.
func (a *API) postFaucet(c echo.Context) error {
	if !a.cfg.Faucet {
		return errcode.New(errcode.FaucetDisabled)
	}
	body, err := middleware.ReadBody(c)
	if err != nil {
		return err
	}
	var req clobapi.FaucetRequest
	if err := decodeJSON(body, &req, errcode.InvalidPayload); err != nil {
		return err
	}
	addr, err := parseAddress(req.Address, "address")
	if err != nil {
		return err
	}
	amount, err := fixed.ParseUnits(req.Amount)
	if err != nil || amount == 0 || amount > a.cfg.FaucetMaxUnits {
		return errcode.Errorf(errcode.InvalidAmount, "amount must be a positive USDW decimal string of at most %s", units(a.cfg.FaucetMaxUnits))
	}
	// The chain first: a failure there credits nothing, and a credit that
	// fails after it leaves the chain ahead of the engine, never behind.
	if a.cfg.FaucetFunder != nil {
		if err := a.cfg.FaucetFunder.Fund(c.Request().Context(), addr, amount); err != nil {
			return errcode.Errorf(errcode.InternalError, "the faucet could not fund %s on chain: %v", addr.Hex(), err)
		}
	}
	cmd := &pb.Command{Id: newCommandID(), Body: &pb.Command_Faucet{Faucet: &pb.Faucet{Account: addr[:], Amount: amount}}}
	res, err := a.submit(c.Request().Context(), auth.Identity{}, cmd, "")
	if err != nil {
		return err
	}
	out := clobapi.FaucetResponse{Address: addr.Hex(), Amount: units(amount)}
	for _, e := range res.Events {
		if cr := e.GetCommandRejected(); cr != nil {
			return errcode.RejectError(cr.GetReason())
		}
		if bc := e.GetBalanceChanged(); bc != nil && len(bc.GetTokenId()) == 0 {
			out.Balance = units(bc.GetBalance())
		}
	}
	return c.JSON(http.StatusOK, out)
}
