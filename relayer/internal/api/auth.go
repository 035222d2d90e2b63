package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/jwtauth"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
)

// storeWaitMax bounds one request's reads and writes of NATS.
const storeWaitMax = 5 * time.Second

// Caller is an authenticated request's caller.
type Caller struct {
	Address common.Address
	ScopeID string
	// APIKey is the relayer key it came with, "" for a token.
	APIKey string
}

func lower(a common.Address) string { return strings.ToLower(a.Hex()) }

// caller authenticates a request: a relayer key (RELAYER_API_KEY and
// RELAYER_API_KEY_ADDRESS, the address it was created for) or a Gamma
// login token (Authorization: Bearer), then charges the caller's rate
// limit.
func (a *API) caller(c echo.Context) (*Caller, error) {
	cl, err := a.authenticate(c, true)
	if err != nil {
		return nil, err
	}
	c.Set(KeyAddress, lower(cl.Address))
	if err := a.limiter.ChargeCaller(c, lower(cl.Address)); err != nil {
		return nil, err
	}
	return cl, nil
}

func (a *API) authenticate(c echo.Context, keys bool) (*Caller, error) {
	h := c.Request().Header
	key, keyAddr := h.Get(relayerapi.HeaderAPIKey), h.Get(relayerapi.HeaderAPIKeyAddress)
	if keys && (key != "" || keyAddr != "") {
		return a.keyCaller(c.Request().Context(), key, keyAddr)
	}
	auth := h.Get(relayerapi.HeaderAuthorization)
	if auth == "" {
		return nil, errcode.New(errcode.RelayerUnauthorized)
	}
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || tok == "" {
		return nil, errcode.Errorf(errcode.InvalidToken, "Authorization must be \"Bearer <token>\" with a token from Gamma's POST /auth/login")
	}
	return a.tokenCaller(c.Request().Context(), tok)
}

func (a *API) keyCaller(ctx context.Context, key, addr string) (*Caller, error) {
	if key == "" || addr == "" {
		return nil, errcode.Errorf(errcode.InvalidRelayerAPIKey, "send both %s and %s", relayerapi.HeaderAPIKey, relayerapi.HeaderAPIKeyAddress)
	}
	owner, err := request.ParseAddress(relayerapi.HeaderAPIKeyAddress, addr)
	if err != nil {
		return nil, errcode.Errorf(errcode.InvalidRelayerAPIKey, "%s is not 0x followed by 40 hex digits", relayerapi.HeaderAPIKeyAddress)
	}
	if _, err := uuid.Parse(key); err != nil || len(key) != 36 {
		return nil, errcode.New(errcode.InvalidRelayerAPIKey)
	}
	ctx, cancel := context.WithTimeout(ctx, storeWaitMax)
	defer cancel()
	rec, err := a.st.Key(ctx, strings.ToLower(key))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, errcode.New(errcode.InvalidRelayerAPIKey)
	case err != nil:
		return nil, errcode.Wrap(errcode.RelayerUnavailable, err)
	case !strings.EqualFold(rec.Address, owner.Hex()):
		return nil, errcode.New(errcode.InvalidRelayerAPIKey)
	}
	return &Caller{Address: owner, ScopeID: rec.ScopeID, APIKey: rec.APIKey}, nil
}

// tokenCaller verifies a Gamma token with the shared key, and refuses one
// Gamma has refreshed (its jti is in gamma_refreshed).
func (a *API) tokenCaller(ctx context.Context, tok string) (*Caller, error) {
	claims, err := a.verifier.Verify(tok)
	switch {
	case errors.Is(err, jwtauth.ErrExpired):
		return nil, errcode.New(errcode.TokenExpired)
	case err != nil:
		return nil, errcode.Wrap(errcode.InvalidToken, err)
	}
	ctx, cancel := context.WithTimeout(ctx, storeWaitMax)
	defer cancel()
	used, err := a.st.Refreshed(ctx, claims.ID)
	if err != nil {
		return nil, errcode.Wrap(errcode.RelayerUnavailable, err)
	}
	if used {
		return nil, errcode.Errorf(errcode.RefreshTokenUsed, "this token was refreshed: use the token the refresh returned")
	}
	return &Caller{Address: claims.Address(), ScopeID: claims.ScopeID}, nil
}

func (a *API) registerKeys(e *echo.Echo) {
	e.POST("/relayer/api/auth", a.createKey)
	e.GET("/relayer/api/keys", a.listKeys)
	e.DELETE("/relayer/api/keys/:id", a.revokeKey)
}

// createKey makes a relayer key for the token's address.
func (a *API) createKey(c echo.Context) error {
	cl, err := a.authenticate(c, false)
	if err != nil {
		return err
	}
	addr := lower(cl.Address)
	c.Set(KeyAddress, addr)
	if err := a.limiter.ChargeCaller(c, addr); err != nil {
		return err
	}
	if err := a.limiter.ChargeKeyCreate(c, addr); err != nil {
		return err
	}
	now := a.now().UTC().Truncate(time.Millisecond)
	k := store.KeyRecord{APIKey: uuid.NewString(), Address: cl.Address.Hex(), ScopeID: cl.ScopeID, CreatedAt: now, UpdatedAt: now}
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	err = a.st.CreateKey(ctx, k, a.cfg.KeysPerAddress)
	switch {
	case errors.Is(err, store.ErrKeyLimit):
		return errcode.Errorf(errcode.RelayerAPIKeyLimitReached, "%s has %d relayer keys, the most it may: revoke one with DELETE /relayer/api/keys/{id}",
			cl.Address.Hex(), a.cfg.KeysPerAddress)
	case err != nil:
		return errcode.Wrap(errcode.RelayerUnavailable, err)
	}
	return c.JSON(http.StatusCreated, relayerapi.APIKey(k))
}

// listKeys lists the caller's keys.
func (a *API) listKeys(c echo.Context) error {
	cl, err := a.caller(c)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	keys, err := a.st.Keys(ctx, cl.Address.Hex())
	if err != nil {
		return errcode.Wrap(errcode.RelayerUnavailable, err)
	}
	return c.JSON(http.StatusOK, keys)
}

// revokeKey revokes one of the caller's keys (the one it came with too).
func (a *API) revokeKey(c echo.Context) error {
	cl, err := a.caller(c)
	if err != nil {
		return err
	}
	id := strings.ToLower(c.Param("id"))
	if _, err := uuid.Parse(id); err != nil || len(id) != 36 {
		return errcode.Errorf(errcode.RelayerAPIKeyNotFound, "%q is not a relayer key (a UUID)", c.Param("id"))
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	err = a.st.RevokeKey(ctx, cl.Address.Hex(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return errcode.New(errcode.RelayerAPIKeyNotFound)
	case err != nil:
		return errcode.Wrap(errcode.RelayerUnavailable, err)
	}
	return c.NoContent(http.StatusNoContent)
}
