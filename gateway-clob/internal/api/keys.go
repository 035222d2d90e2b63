package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client"
	"pred.dev/proto/errcode"
)

func (a *API) registerKeys(e *echo.Echo) {
	e.POST("/auth/api-key", a.createAPIKey, a.requireL1)
	e.GET("/auth/derive-api-key", a.deriveAPIKey, a.requireL1)
	e.DELETE("/auth/api-key", a.revokeAPIKey, a.requireL1)
	e.GET("/auth/api-keys", a.listAPIKeys, a.requireL2)
}

// createAPIKey creates the key of (address, PRED_NONCE, PRED_SCOPE_ID).
// The key id and secrets are derived, so creating an existing key returns
// the same credentials.
func (a *API) createAPIKey(c echo.Context) error {
	id := l1Identity(c)
	keyID := a.deriver.KeyID(id.Address, id.Nonce, id.Scope)
	rec := auth.KeyRecord{
		KeyID: keyID.String(), Address: id.Address.Hex(), Scope: id.Scope,
		Nonce: id.Nonce.Dec(), CreatedAt: a.now().Unix(),
	}
	if _, err := a.keys.Create(c.Request().Context(), rec); err != nil {
		return keyStoreError(err)
	}
	secret, pass := a.deriver.Creds(keyID)
	return c.JSON(http.StatusOK, client.APICreds{APIKey: rec.KeyID, Secret: secret, Passphrase: pass})
}

// deriveAPIKey recomputes the credentials of an existing key.
func (a *API) deriveAPIKey(c echo.Context) error {
	id := l1Identity(c)
	keyID := a.deriver.KeyID(id.Address, id.Nonce, id.Scope)
	rec, err := a.keys.Get(c.Request().Context(), keyID.String())
	if err != nil {
		return keyStoreError(err)
	}
	if rec.Revoked {
		return errcode.New(errcode.APIKeyRevoked)
	}
	secret, pass := a.deriver.Creds(keyID)
	return c.JSON(http.StatusOK, client.APICreds{APIKey: rec.KeyID, Secret: secret, Passphrase: pass})
}

// revokeAPIKey revokes the key the L1 headers select, or the key named by
// the query parameter api_key if it belongs to the same wallet.
func (a *API) revokeAPIKey(c echo.Context) error {
	id := l1Identity(c)
	target := a.deriver.KeyID(id.Address, id.Nonce, id.Scope).String()
	if s := c.QueryParam("api_key"); s != "" {
		k, ok := auth.ParseKeyID(s)
		if !ok {
			return errcode.Errorf(errcode.InvalidParameter, "api_key must be a key id (UUID) as returned by POST /auth/api-key")
		}
		target = k.String()
	}
	ctx := c.Request().Context()
	rec, err := a.keys.Get(ctx, target)
	if err != nil {
		return keyStoreError(err)
	}
	if rec.Address != id.Address.Hex() {
		return errcode.New(errcode.APIKeyNotFound) // another wallet's key: reveal nothing
	}
	if _, err := a.keys.Revoke(ctx, target, a.now()); err != nil {
		return keyStoreError(err)
	}
	return c.JSON(http.StatusOK, client.RevokeAPIKeyResponse{APIKey: target, Revoked: true})
}

// listAPIKeys lists the active keys of the caller's wallet in the caller's
// scope.
func (a *API) listAPIKeys(c echo.Context) error {
	id := l2Identity(c)
	recs, err := a.keys.List(c.Request().Context(), id.Address)
	if err != nil {
		return keyStoreError(err)
	}
	out := client.APIKeysResponse{APIKeys: []client.APIKeyInfo{}}
	for _, r := range recs {
		if r.Scope == id.Scope {
			out.APIKeys = append(out.APIKeys, client.APIKeyInfo{APIKey: r.KeyID, Address: r.Address, ScopeID: r.Scope, CreatedAt: r.CreatedAt})
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
