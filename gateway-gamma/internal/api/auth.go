package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/login"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/jwtauth"
	"pred.dev/proto/runtime/httpmw"
)

// loginBodyBytesMax bounds the body of POST /auth/login.
const loginBodyBytesMax = 4 << 10

// keyClaims is the context key of the authenticated caller's claims.
const keyClaims = "claims"

func (a *API) registerAuth(e *echo.Echo) {
	e.GET("/auth/nonce", a.nonce)
	e.POST("/auth/login", a.doLogin)
	e.POST("/auth/refresh", a.refresh)
}

func (a *API) nonce(c echo.Context) error {
	q := c.QueryParams()
	for name, vals := range q {
		if name != "address" && name != "scopeId" {
			return errcode.Errorf(errcode.UnknownParameter, "unknown query parameter %q: GET /auth/nonce takes address and, for whitelabel scopes, scopeId", clip(name))
		}
		if len(vals) != 1 {
			return errcode.Errorf(errcode.InvalidParameter, "%s is given %d times: send it once", name, len(vals))
		}
	}
	if q.Get("address") == "" {
		return errcode.Errorf(errcode.InvalidAddress, "address is required: send ?address=0x... (your EOA)")
	}
	addr, err := parseAddress(q.Get("address"))
	if err != nil {
		return err
	}
	if err := a.limiter.ChargeAuthIP(c); err != nil {
		return err
	}
	if err := a.limiter.ChargeAddress(c, strings.ToLower(addr.Hex())); err != nil {
		return err
	}
	resp, err := a.login.Nonce(c.Request().Context(), addr, q.Get("scopeId"))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, resp)
}

func (a *API) doLogin(c echo.Context) error {
	if err := a.limiter.ChargeAuthIP(c); err != nil {
		return err
	}
	body, err := httpmw.ReadBody(c, loginBodyBytesMax)
	if err != nil {
		return err
	}
	var req gammaapi.LoginRequest
	if err := httpmw.DecodeJSON(body, &req, errcode.InvalidLoginMessage); err != nil {
		// An attempt spends the nonce it names, whatever else is wrong
		// with it; a body that is not JSON names none.
		a.login.Spend(c.Request().Context(), login.NonceOf(body))
		return err
	}
	resp, addr, err := a.login.Login(c.Request().Context(), &req, func(addr string) error {
		return a.limiter.ChargeAddress(c, addr)
	})
	if addr != ([20]byte{}) {
		c.Set(KeyAddress, strings.ToLower(addr.Hex()))
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, resp)
}

// bearer reads the token of an Authorization: Bearer header.
func bearer(c echo.Context) (string, error) {
	h := c.Request().Header.Get(echo.HeaderAuthorization)
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || tok == "" {
		return "", errcode.New(errcode.InvalidToken)
	}
	return strings.TrimSpace(tok), nil
}

func (a *API) refresh(c echo.Context) error {
	if err := a.limiter.ChargeAuthIP(c); err != nil {
		return err
	}
	tok, err := bearer(c)
	if err != nil {
		return err
	}
	resp, err := a.login.Refresh(c.Request().Context(), tok, func(addr string) error {
		c.Set(KeyAddress, addr)
		return a.limiter.ChargeAddress(c, addr)
	})
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, resp)
}

// requireBearer authenticates a trader's request with its bearer token.
func (a *API) requireBearer(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		tok, err := bearer(c)
		if err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(c.Request().Context(), 5*time.Second)
		defer cancel()
		claims, err := a.login.Authenticate(ctx, tok)
		if err != nil {
			return err
		}
		c.Set(keyClaims, claims)
		c.Set(KeyAddress, claims.Subject)
		return next(c)
	}
}

func claimsOf(c echo.Context) *jwtauth.Claims {
	cl, _ := c.Get(keyClaims).(*jwtauth.Claims)
	return cl
}
