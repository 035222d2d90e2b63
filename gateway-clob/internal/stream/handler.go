package stream

import (
	"context"
	"net/http"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// Paths of the channels.
const (
	PathMarket = "/ws/market"
	PathUser   = "/ws/user"
)

// Register adds the channels' routes.
func (h *Hub) Register(e *echo.Echo) {
	e.GET(PathMarket, h.serveMarket)
	e.GET(PathUser, h.serveUser)
}

func (h *Hub) serveMarket(c echo.Context) error {
	conn, err := h.feed.Accept(c.Response(), c.Request(), ChannelMarket, c.RealIP())
	if err != nil {
		return err
	}
	cl := newClient(h, conn, false)
	conn.Run(context.Background(), cl.onMessage)
	h.unregister(cl)
	return nil
}

// serveUser authenticates with the upgrade's L2 headers when it has any,
// else waits AuthTimeout for an auth message. Bad credentials are an
// error message with REST's code, then a close (1008).
func (h *Hub) serveUser(c echo.Context) error {
	conn, err := h.feed.Accept(c.Response(), c.Request(), ChannelUser, c.RealIP())
	if err != nil {
		return err
	}
	cl := newClient(h, conn, true)
	cl.accountOf = func(id auth.Identity) (common.Address, error) { return h.cfg.Account(c, id) }
	if hasL2(c.Request().Header) {
		cl.verify(c.Request().Context(), c.Request().Header)
	} else {
		conn.FailWithin(h.feed.Limits().AuthTimeout, cl.authDone, errcode.New(errcode.StreamAuthTimeout))
	}
	conn.Run(context.Background(), cl.onMessage)
	h.unregister(cl)
	return nil
}

func hasL2(hd http.Header) bool {
	for _, k := range []string{clobapi.HeaderAPIKey, clobapi.HeaderPassphrase, clobapi.HeaderSignature, clobapi.HeaderTimestamp} {
		if hd.Get(k) != "" {
			return true
		}
	}
	return false
}

// authenticate serves an auth message: the credentials signed as for a
// GET /ws/user request.
func (c *client) authenticate(ctx context.Context, req request) {
	c.mu.Lock()
	authed := c.authed
	c.mu.Unlock()
	if authed {
		c.conn.SendError(req.id, errcode.Errorf(errcode.StreamInvalidRequest, "this connection is authenticated already"))
		return
	}
	a := req.auth
	hd := http.Header{}
	hd.Set(clobapi.HeaderAPIKey, a.APIKey)
	hd.Set(clobapi.HeaderPassphrase, a.Passphrase)
	hd.Set(clobapi.HeaderSignature, a.Signature)
	hd.Set(clobapi.HeaderTimestamp, a.Timestamp)
	if c.verify(ctx, hd) {
		c.answerAuth(req.id)
	}
}

// verify checks L2 credentials; it fails the connection on bad ones.
func (c *client) verify(ctx context.Context, hd http.Header) bool {
	h := c.hub
	id, err := h.cfg.L2.Verify(ctx, http.MethodGet, PathUser, hd, nil)
	if err == nil {
		if ce := h.feed.ClaimKey(c.conn, id.KeyID.String()); ce != nil {
			err = ce
		}
	}
	if err != nil {
		c.conn.Fail(coded(err))
		return false
	}
	acct, err := c.accountOf(id)
	if err != nil {
		c.conn.Fail(coded(err))
		return false
	}
	c.mu.Lock()
	c.wallet, c.authed = acct, true
	c.mu.Unlock()
	close(c.authDone)
	return true
}

// answerAuth answers an auth request with the (still empty) subscription.
func (c *client) answerAuth(id string) {
	at := c.hub.Position() // the hub's lock is never taken inside the client's
	c.mu.Lock()
	defer c.mu.Unlock()
	c.answerLocked(id, at)
}
