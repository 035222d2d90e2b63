package api

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
)

func (a *API) registerTransactions(e *echo.Echo) {
	e.GET("/transaction", a.transaction)
	e.GET("/transactions", a.transactions)
}

// transaction answers one of the caller's transactions, as an array of
// one (the reference relayer's shape).
func (a *API) transaction(c echo.Context) error {
	cl, err := a.caller(c)
	if err != nil {
		return err
	}
	id := strings.ToLower(c.QueryParam("id"))
	if !request.ValidTxID(id) {
		return errcode.Errorf(errcode.InvalidParameter, "id: send the transactionID POST /submit returned (a UUID)")
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	tx, err := a.st.Lookup(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return errcode.New(errcode.TransactionNotFound)
	case err != nil:
		return errcode.Wrap(errcode.RelayerUnavailable, err)
	case !strings.EqualFold(tx.Owner, cl.Address.Hex()):
		return errcode.New(errcode.TransactionNotFound)
	}
	return c.JSON(http.StatusOK, []relayerapi.Transaction{tx})
}

// transactions answers the caller's recent transactions, newest first.
func (a *API) transactions(c echo.Context) error {
	cl, err := a.caller(c)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	ids, err := a.st.Recent(ctx, cl.Address.Hex())
	if err != nil {
		return errcode.Wrap(errcode.RelayerUnavailable, err)
	}
	out := []relayerapi.Transaction{}
	for _, id := range ids {
		tx, err := a.st.Lookup(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue // expired
		}
		if err != nil {
			return errcode.Wrap(errcode.RelayerUnavailable, err)
		}
		out = append(out, tx)
	}
	return c.JSON(http.StatusOK, out)
}
