package api

import (
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// A withdrawal asked for through the exchange has two steps. This
// endpoint is the first: it appends the engine's Withdraw reservation for
// the caller's proxy wallet, which takes the amount out of the available
// balance before anything moves on chain (so the funds can no longer back
// an order or be matched), and refuses it if available does not cover it.
// The caller then has the wallet's transfer relayed (the Relayer API; `pred
// withdraw` does both); when the settler's chain watcher sees that
// transfer, it consumes the reservation instead of the balance, so it is
// debited once. A reservation whose transfer never happens stays reserved:
// relaying the transfer again completes it.

func (a *API) registerWithdraw(e *echo.Echo) {
	e.POST("/withdraw", a.postWithdraw, a.requireL2)
}

func (a *API) postWithdraw(c echo.Context) error {
	id := l2Identity(c)
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var req clobapi.WithdrawRequest
	if err := decodeJSON(body, &req, errcode.InvalidPayload); err != nil {
		return err
	}
	wallet, ok := a.proxyOf(id.Address)
	if !ok {
		return errcode.Errorf(errcode.InvalidParameter, "withdrawals are from proxy wallets, and this deployment has none")
	}
	amount, err := fixed.ParseUnits(req.Amount)
	if err != nil || amount == 0 {
		return errcode.Errorf(errcode.InvalidAmount, "amount must be a positive decimal string (USDW or shares)")
	}
	var token []byte
	if req.TokenID != "" {
		t, err := parseTokenID(req.TokenID)
		if err != nil {
			return err
		}
		token = t[:]
	}
	cmdID := newCommandID()
	if req.ID != "" {
		// The caller's id makes a retried request the same reservation:
		// the engine applies an id once (a repeat is refused).
		b, err := hex.DecodeString(strings.TrimPrefix(req.ID, "0x"))
		if err != nil || len(b) != 32 {
			return errcode.Errorf(errcode.InvalidParameter, "id must be 32 bytes of hex (0x and 64 digits)")
		}
		cmdID = b
	}
	cmd := &pb.Command{Id: cmdID, Body: &pb.Command_Withdraw{Withdraw: &pb.Withdraw{Account: wallet[:], Amount: amount, TokenId: token}}}
	res, err := a.submit(c.Request().Context(), cmd, "")
	if err != nil {
		return err
	}
	out := clobapi.WithdrawResponse{ID: "0x" + hex.EncodeToString(cmdID), Wallet: wallet.Hex(), TokenID: req.TokenID, Amount: units(amount)}
	for _, e := range res.Events {
		if cr := e.GetCommandRejected(); cr != nil {
			if cr.GetReason() == pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE {
				return errcode.Errorf(errcode.InvalidOrderNotEnoughBal, "not enough balance: the wallet's available balance (balance - locked by open orders - reserved) does not cover the withdrawal; see GET /balance-allowance")
			}
			return errcode.RejectError(cr.GetReason())
		}
		if bc := e.GetBalanceChanged(); bc != nil {
			out.Balance, out.Locked, out.Reserved = units(bc.GetBalance()), units(bc.GetLocked()), units(bc.GetPending())
		}
	}
	return c.JSON(http.StatusOK, out)
}
