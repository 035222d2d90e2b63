package api

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/operator"
	"pred.dev/proto/errcode"
)

// HeaderOperatorKey carries the operator key on /admin requests.
const HeaderOperatorKey = "PRED_OPERATOR_KEY"

// operatorBodyBytesMax bounds an operator request.
const operatorBodyBytesMax = 64 << 10

func (a *API) registerOperator(e *echo.Echo) {
	g := e.Group("/admin", a.requireOperator)
	g.POST("/events", a.createEvent)
	g.PATCH("/events/:id", a.updateEvent)
	g.POST("/markets", a.createMarket)
	g.PATCH("/markets/:id", a.updateMarket)
	g.POST("/games", a.createGame)
	g.PATCH("/games/:id", a.updateGame)
	g.PUT("/games/:id/scores", a.putScores)
}

// requireOperator admits requests carrying the operator key. A trader's
// bearer token is not an operator credential: it is never looked at.
func (a *API) requireOperator(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if a.operatorKeyHash == nil || a.operator == nil {
			return errcode.Errorf(errcode.OperatorUnauthorized, "the operator API is disabled on this gateway (no operator key configured)")
		}
		got := sha256.Sum256([]byte(c.Request().Header.Get(HeaderOperatorKey)))
		if subtle.ConstantTimeCompare(got[:], a.operatorKeyHash) != 1 {
			return errcode.New(errcode.OperatorUnauthorized)
		}
		return next(c)
	}
}

// operatorCall decodes the body into in, runs f with a bounded context
// and answers status with the result.
func operatorCall[In, Out any](a *API, c echo.Context, status int, f func(ctx context.Context, in In) (Out, error), render func(Out) any) error {
	body, err := readBody(c, operatorBodyBytesMax)
	if err != nil {
		return err
	}
	var in In
	if err := decodeStrict(body, &in, errcode.InvalidPayload, "request body"); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), operator.WriteTimeout())
	defer cancel()
	out, err := f(ctx, in)
	if err != nil {
		return err
	}
	return c.JSON(status, render(out))
}

func (a *API) createEvent(c echo.Context) error {
	return operatorCall(a, c, http.StatusCreated, a.operator.CreateEvent, a.renderEvent)
}

func (a *API) updateEvent(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, p operator.EventPatch) (*eventRecord, error) {
		return a.operator.UpdateEvent(ctx, id, p)
	}, a.renderEvent)
}

func (a *API) createMarket(c echo.Context) error {
	return operatorCall(a, c, http.StatusCreated, a.operator.CreateMarket, a.renderMarket)
}

func (a *API) updateMarket(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, p operator.MarketPatch) (*marketRecord, error) {
		return a.operator.UpdateMarket(ctx, id, p)
	}, a.renderMarket)
}

func (a *API) createGame(c echo.Context) error {
	return operatorCall(a, c, http.StatusCreated, a.operator.CreateGame, asIs[*game])
}

func (a *API) updateGame(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, p operator.GamePatch) (*game, error) {
		return a.operator.UpdateGame(ctx, id, p)
	}, asIs[*game])
}

func (a *API) putScores(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, in operator.ScoresInput) (*scores, error) {
		return a.operator.PutScores(ctx, id, in)
	}, asIs[*scores])
}

func asIs[T any](v T) any { return v }

func (a *API) renderEvent(e *eventRecord) any   { return a.reader.RenderEvent(e) }
func (a *API) renderMarket(m *marketRecord) any { return a.reader.RenderMarket(m) }
