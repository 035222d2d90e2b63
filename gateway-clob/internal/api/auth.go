package api

import (
	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client/clobapi"
)

const (
	keyL1Identity = "l1_identity"
	keyL2Identity = "l2_identity"
)

// AuthHeaders are the L1 and L2 headers: each may be given once, as a
// second copy would make the request say two things (httpmw.Strict).
var AuthHeaders = []string{
	clobapi.HeaderAddress, clobapi.HeaderSignature, clobapi.HeaderTimestamp, clobapi.HeaderNonce,
	clobapi.HeaderAPIKey, clobapi.HeaderPassphrase, clobapi.HeaderScopeID,
}

// requireL1 verifies the wallet signature headers.
func (a *API) requireL1(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := a.l1.Verify(c.Request().Context(), c.Request().Header)
		if err != nil {
			return err
		}
		c.Set(keyL1Identity, id)
		return next(c)
	}
}

// requireL2 verifies the API-key HMAC over the exact body and charges one
// token to the key's rate limit.
func (a *API) requireL2(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := readBody(c)
		if err != nil {
			return err
		}
		r := c.Request()
		id, err := a.l2.Verify(r.Context(), r.Method, r.URL.Path, r.Header, body)
		if err != nil {
			return err
		}
		c.Set(keyL2Identity, id)
		c.Set(KeyAPIKeyID, id.KeyID.String())
		if err := a.limiter.ChargeKey(c, id.KeyID.String(), 1); err != nil {
			return err
		}
		return next(c)
	}
}

func l1Identity(c echo.Context) auth.L1Identity {
	id, _ := c.Get(keyL1Identity).(auth.L1Identity)
	return id
}

func l2Identity(c echo.Context) auth.Identity {
	id, _ := c.Get(keyL2Identity).(auth.Identity)
	return id
}

// chargeItems charges a batch request's items beyond the first, which the
// auth middleware already charged, to the key and the IP.
func (a *API) chargeItems(c echo.Context, n int) error {
	if n <= 1 {
		return nil
	}
	if err := a.limiter.ChargeIP(c, n-1); err != nil {
		return err
	}
	if id := l2Identity(c); id.KeyID != [16]byte{} {
		return a.limiter.ChargeKey(c, id.KeyID.String(), n-1)
	}
	return nil
}
