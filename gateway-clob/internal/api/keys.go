package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

func (a *API) registerKeys(e *echo.Echo) {
	e.POST("/auth/api-key", a.createAPIKey, a.requireL1)
	e.GET("/auth/derive-api-key", a.deriveAPIKey, a.requireL1)
	e.DELETE("/auth/api-key", a.revokeAPIKey, a.requireL1)
	e.GET("/auth/api-keys", a.listAPIKeys, a.requireL2)
}

// createAPIKey creates a new key for the wallet in the request's scope.
// The key id is derived from the signed request (KeyID) and the secrets
// from the id, so nothing secret is stored and every replica agrees.
func (a *API) createAPIKey(c echo.Context) error {
	id := l1Identity(c)
	ctx := c.Request().Context()
	active, err := a.keys.ActiveInScope(ctx, id.Address, id.Scope)
	if err != nil {
		return keyStoreError(err)
	}
	if len(active) >= auth.ActiveKeysPerScopeMax {
		return errcode.Errorf(errcode.APIKeyLimitReached, "%s (limit %d)", errcode.APIKeyLimitReached.Message(), auth.ActiveKeysPerScopeMax)
	}
	keyID := a.deriver.KeyID(id)
	rec := auth.KeyRecord{KeyID: keyID.String(), Address: id.Address.Hex(), Scope: id.Scope, CreatedAt: a.now().Unix()}
	if _, err := a.keys.Create(ctx, rec); err != nil {
		return keyStoreError(err)
	}
	secret, pass := a.deriver.Creds(keyID)
	return c.JSON(http.StatusOK, clobapi.APICreds{APIKey: rec.KeyID, Secret: secret, Passphrase: pass})
}

// deriveAPIKey recomputes the credentials of one of the wallet's active
// keys in the request's scope: the one named by api_key, or else the most
// recently created one.
func (a *API) deriveAPIKey(c echo.Context) error {
	rec, err := a.selectKey(c, false)
	if err != nil {
		return err
	}
	keyID, _ := auth.ParseKeyID(rec.KeyID)
	secret, pass := a.deriver.Creds(keyID)
	return c.JSON(http.StatusOK, clobapi.APICreds{APIKey: rec.KeyID, Secret: secret, Passphrase: pass})
}

// revokeAPIKey revokes the key named by api_key (or by a PRED_API_KEY
// header), which must be one of the signing wallet's keys. Naming the key
// is required: a revoke never guesses.
func (a *API) revokeAPIKey(c echo.Context) error {
	if keyParam(c) == "" {
		return errcode.Errorf(errcode.InvalidParameter, "name the key to revoke: DELETE /auth/api-key?api_key=<apiKey> (GET /auth/api-keys lists them)")
	}
	rec, err := a.selectKey(c, true)
	if err != nil {
		return err
	}
	if _, err := a.keys.Revoke(c.Request().Context(), rec.KeyID, a.now()); err != nil {
		return keyStoreError(err)
	}
	return c.JSON(http.StatusOK, clobapi.RevokeAPIKeyResponse{APIKey: rec.KeyID, Revoked: true})
}

// keyParam is the key a request names: the api_key query parameter, else
// the PRED_API_KEY header.
func keyParam(c echo.Context) string {
	if s := c.QueryParam("api_key"); s != "" {
		return s
	}
	return c.Request().Header.Get(clobapi.HeaderAPIKey)
}

// selectKey finds the active key an L1 request is about: the one it names,
// if it belongs to the signing wallet and scope, or else the wallet's
// newest active key in the scope. Another wallet's key is reported as not
// found, so ids reveal nothing. A revoked key is refused unless
// allowRevoked (revoking twice is not an error).
func (a *API) selectKey(c echo.Context, allowRevoked bool) (auth.KeyRecord, error) {
	id := l1Identity(c)
	ctx := c.Request().Context()
	if s := keyParam(c); s != "" {
		k, ok := auth.ParseKeyID(s)
		if !ok {
			return auth.KeyRecord{}, errcode.Errorf(errcode.InvalidParameter, "api_key must be a key id (lowercase UUID) as returned by POST /auth/api-key")
		}
		rec, err := a.keys.Get(ctx, k.String())
		if err != nil {
			return auth.KeyRecord{}, keyStoreError(err)
		}
		if rec.Address != id.Address.Hex() || rec.Scope != id.Scope {
			return auth.KeyRecord{}, errcode.New(errcode.APIKeyNotFound)
		}
		if rec.Revoked && !allowRevoked {
			return auth.KeyRecord{}, errcode.New(errcode.APIKeyRevoked)
		}
		return rec, nil
	}
	active, err := a.keys.ActiveInScope(ctx, id.Address, id.Scope)
	if err != nil {
		return auth.KeyRecord{}, keyStoreError(err)
	}
	if len(active) == 0 {
		return auth.KeyRecord{}, errcode.New(errcode.APIKeyNotFound)
	}
	return active[len(active)-1], nil
}

// listAPIKeys lists the active keys of the caller's wallet in the caller's
// scope.
func (a *API) listAPIKeys(c echo.Context) error {
	id := l2Identity(c)
	recs, err := a.keys.List(c.Request().Context(), id.Address)
	if err != nil {
		return keyStoreError(err)
	}
	out := clobapi.APIKeysResponse{APIKeys: []clobapi.APIKeyInfo{}}
	for _, r := range recs {
		if r.Scope == id.Scope {
			out.APIKeys = append(out.APIKeys, clobapi.APIKeyInfo{APIKey: r.KeyID, Address: r.Address, ScopeID: r.Scope, CreatedAt: r.CreatedAt})
		}
	}
	return c.JSON(http.StatusOK, out)
}

func keyStoreError(err error) error {
	var ce *errcode.Error
	switch {
	case errors.As(err, &ce):
		return ce
	case errors.Is(err, auth.ErrKeyNotFound):
		return errcode.New(errcode.APIKeyNotFound)
	}
	return errcode.Wrap(errcode.EngineUnavailable, err)
}
