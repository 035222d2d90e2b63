package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/wallet"
	"pred.dev/relayer/request"
)

func (a *API) registerWallets(e *echo.Echo) {
	e.GET("/deployed", a.deployed)
	e.GET("/nonce", a.nonce)
}

// deployed answers whether the proxy wallet of an EOA has code on chain.
func (a *API) deployed(c echo.Context) error {
	if _, err := a.caller(c); err != nil {
		return err
	}
	owner, err := request.ParseAddress("address", c.QueryParam("address"))
	if err != nil {
		return err
	}
	w := wallet.ProxyAddress(a.cfg.Env.Factory, a.cfg.Env.InitCodeHash, owner)
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	ok, err := a.chain.Deployed(ctx, w)
	if err != nil {
		return errcode.Wrap(errcode.ChainUnavailable, err)
	}
	return c.JSON(http.StatusOK, relayerapi.DeployedResponse{Deployed: ok, Address: w.Hex()})
}

// nonce answers the Safe nonce the next transaction of an EOA's wallet
// signs.
func (a *API) nonce(c echo.Context) error {
	if _, err := a.caller(c); err != nil {
		return err
	}
	owner, err := request.ParseAddress("address", c.QueryParam("address"))
	if err != nil {
		return err
	}
	if t := c.QueryParam("type"); t != relayerapi.WalletTypeSafe {
		return errcode.Errorf(errcode.UnsupportedTransactionType, "type %q: proxy wallets are Safes, send type=SAFE", t)
	}
	w := wallet.ProxyAddress(a.cfg.Env.Factory, a.cfg.Env.InitCodeHash, owner)
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	n, _, err := a.chain.SafeNonce(ctx, w)
	if err != nil {
		return errcode.Wrap(errcode.ChainUnavailable, err)
	}
	return c.JSON(http.StatusOK, relayerapi.NonceResponse{Nonce: n.String(), Address: w.Hex()})
}
