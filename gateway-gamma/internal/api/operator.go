package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
)

// HeaderOperatorKey carries the operator key on /admin requests.
const HeaderOperatorKey = "PRED_OPERATOR_KEY"

// operatorBodyBytesMax bounds an operator request.
const operatorBodyBytesMax = 64 << 10

// registerOperator adds the operator's routes. Their checks read the
// catalogue's view (the event a market names, the market a step moves),
// so each is fenced like a read (fresh): a write made through the other
// replica a moment before is seen. Without it, the README's walkthrough
// on the cluster failed on a market refused EVENT_NOT_FOUND for the event
// created, through the other Gamma, by the command before.
func (a *API) registerOperator(e *echo.Echo) {
	g := e.Group("/admin", a.requireOperator, a.fresh)
	g.POST("/events", a.createEvent)
	g.PATCH("/events/:id", a.updateEvent)
	g.POST("/markets", a.createMarket)
	g.PATCH("/markets/:id", a.updateMarket)
	g.POST("/games", a.createGame)
	g.PATCH("/games/:id", a.updateGame)
	g.PUT("/games/:id/scores", a.putScores)
	g.POST("/games/:id/scores", a.pushScores)
	g.POST("/markets/:id/close", a.closeMarket)
	g.POST("/markets/:id/propose", a.propose)
	g.POST("/markets/:id/challenge", a.challenge)
	g.POST("/markets/:id/arbitrate", a.arbitrate)
	g.POST("/markets/:id/cancel", a.cancelMarket)
	g.POST("/tags", a.createTag)
	g.PATCH("/tags/:id", a.updateTag)
}

// empty is the body of the operator's steps that take no input.
type empty struct{}

// pushScores applies a score report as the score feed would.
func (a *API) pushScores(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, in gammaapi.ScoreReport) (*gammaapi.Game, error) {
		return a.operator.ApplyReport(ctx, id, operator.Report{Status: in.GameStatus, Home: in.HomeScore, Away: in.AwayScore,
			SourceStatus: in.LatestStatus})
	}, asIs[*gammaapi.Game])
}

// marketStep runs one adjudication step on the market of the path.
func marketStep[In any](a *API, c echo.Context, f func(ctx context.Context, id string, in In) (*catalog.MarketRecord, error)) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, in In) (*catalog.MarketRecord, error) {
		return f(ctx, id, in)
	}, a.renderMarket)
}

func (a *API) closeMarket(c echo.Context) error {
	return marketStep(a, c, func(ctx context.Context, id string, _ empty) (*catalog.MarketRecord, error) {
		return a.operator.Close(ctx, id)
	})
}

func (a *API) propose(c echo.Context) error {
	return marketStep(a, c, func(ctx context.Context, id string, in gammaapi.ProposeInput) (*catalog.MarketRecord, error) {
		return a.operator.Propose(ctx, id, in.PayoutVector)
	})
}

func (a *API) challenge(c echo.Context) error {
	return marketStep(a, c, func(ctx context.Context, id string, in gammaapi.ChallengeInput) (*catalog.MarketRecord, error) {
		return a.operator.Challenge(ctx, id, in.Reason)
	})
}

func (a *API) arbitrate(c echo.Context) error {
	return marketStep(a, c, func(ctx context.Context, id string, in gammaapi.ProposeInput) (*catalog.MarketRecord, error) {
		return a.operator.Arbitrate(ctx, id, in.PayoutVector)
	})
}

func (a *API) cancelMarket(c echo.Context) error {
	return marketStep(a, c, func(ctx context.Context, id string, _ empty) (*catalog.MarketRecord, error) {
		return a.operator.Cancel(ctx, id)
	})
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
	body, err := httpmw.ReadBody(c, operatorBodyBytesMax)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}") // the steps without input take no body
	}
	var in In
	if err := httpmw.DecodeJSON(body, &in, errcode.InvalidPayload); err != nil {
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
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, p gammaapi.EventPatch) (*catalog.EventRecord, error) {
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
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, p gammaapi.MarketPatch) (*catalog.MarketRecord, error) {
		return a.operator.UpdateMarket(ctx, id, p)
	}, a.renderMarket)
}

func (a *API) createGame(c echo.Context) error {
	return operatorCall(a, c, http.StatusCreated, a.operator.CreateGame, asIs[*gammaapi.Game])
}

func (a *API) updateGame(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, p gammaapi.GamePatch) (*gammaapi.Game, error) {
		return a.operator.UpdateGame(ctx, id, p)
	}, asIs[*gammaapi.Game])
}

func (a *API) putScores(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, in gammaapi.ScoresInput) (*gammaapi.GameScores, error) {
		return a.operator.PutScores(ctx, id, in)
	}, asIs[*gammaapi.GameScores])
}

func asIs[T any](v T) any { return v }

func (a *API) renderEvent(e *catalog.EventRecord) any   { return a.reader.RenderEvent(e) }
func (a *API) renderMarket(m *catalog.MarketRecord) any { return a.reader.RenderMarket(m) }
