package api

import (
	"net/http"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

func (a *API) registerEvents(e *echo.Echo) {
	e.GET("/events", a.listEvents, a.fresh)
	e.GET("/events/keyset", a.listEventsKeyset, a.fresh)
	e.GET("/events/:id", a.getEvent, a.fresh)
	e.GET("/events/slug/:slug", a.getEventBySlug, a.fresh)
}

func (a *API) registerMarkets(e *echo.Echo) {
	e.GET("/markets", a.listMarkets, a.fresh)
	e.GET("/markets/keyset", a.listMarketsKeyset, a.fresh)
	e.GET("/markets/:id", a.getMarket, a.fresh)
	e.GET("/markets/slug/:slug", a.getMarketBySlug, a.fresh)
}

func (a *API) listEvents(c echo.Context) error {
	p, err := parseList(catalog.KindEvents, c.QueryParams(), false)
	if err != nil {
		return err
	}
	body, err := a.reader.EventsJSON(p)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, body)
}

func (a *API) listEventsKeyset(c echo.Context) error {
	p, err := parseList(catalog.KindEvents, c.QueryParams(), true)
	if err != nil {
		return err
	}
	page := a.reader.Events(p)
	return c.JSON(http.StatusOK, gammaapi.EventsPage{Events: nonNil(page.Rows), NextCursor: page.NextCursor})
}

func (a *API) listMarkets(c echo.Context) error {
	p, err := parseList(catalog.KindMarkets, c.QueryParams(), false)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, nonNil(a.reader.Markets(p).Rows))
}

func (a *API) listMarketsKeyset(c echo.Context) error {
	p, err := parseList(catalog.KindMarkets, c.QueryParams(), true)
	if err != nil {
		return err
	}
	page := a.reader.Markets(p)
	return c.JSON(http.StatusOK, gammaapi.MarketsPage{Markets: nonNil(page.Rows), NextCursor: page.NextCursor})
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func pathID(c echo.Context) (string, error) {
	id := c.Param("id")
	if !catalog.ValidID(id) {
		return "", errcode.Errorf(errcode.InvalidID, "invalid id %q: catalogue ids are positive decimal integers", clip(id))
	}
	return id, nil
}

func pathSlug(c echo.Context) (string, error) {
	s := c.Param("slug")
	if !catalog.ValidSlug(s) {
		return "", errcode.Errorf(errcode.InvalidSlug, "invalid slug %q: use lowercase letters, digits and single dashes", clip(s))
	}
	return s, nil
}

func (a *API) getEvent(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	e, ok := a.view.Event(id)
	if !ok {
		return errcode.New(errcode.EventNotFound)
	}
	return c.JSON(http.StatusOK, a.reader.RenderEvent(e))
}

func (a *API) getEventBySlug(c echo.Context) error {
	slug, err := pathSlug(c)
	if err != nil {
		return err
	}
	e, ok := a.view.EventBySlug(slug)
	if !ok {
		return errcode.New(errcode.EventNotFound)
	}
	return c.JSON(http.StatusOK, a.reader.RenderEvent(e))
}

var errMarketNotFound = errcode.Errorf(errcode.MarketNotFound, "market not found: no market has this id or slug")

func (a *API) getMarket(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	m, ok := a.view.Market(id)
	if !ok {
		return errMarketNotFound
	}
	body, err := a.reader.MarketJSON(m)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, body)
}

func (a *API) getMarketBySlug(c echo.Context) error {
	slug, err := pathSlug(c)
	if err != nil {
		return err
	}
	m, ok := a.view.MarketBySlug(slug)
	if !ok {
		return errMarketNotFound
	}
	body, err := a.reader.MarketJSON(m)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, body)
}

func (a *API) registerGames(e *echo.Echo) {
	e.GET("/games", a.listGames, a.fresh)
	e.GET("/games/:id", a.getGame, a.fresh)
	e.GET("/games/:id/scores", a.getScores, a.fresh)
	e.GET("/config/sport-types", a.sportTypes)
}

func (a *API) listGames(c echo.Context) error {
	p, err := parseGames(c.QueryParams(), a.sports)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a.reader.Games(p))
}

func (a *API) getGame(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	g, ok := a.view.Game(id)
	if !ok {
		return errcode.New(errcode.GameNotFound)
	}
	return c.JSON(http.StatusOK, g)
}

func (a *API) getScores(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	g, ok := a.view.Game(id)
	if !ok {
		return errcode.New(errcode.GameNotFound)
	}
	s, ok := a.view.Scores(id)
	if !ok {
		// No feed has reported yet: the game's own status, never fetched.
		s = &gammaapi.GameScores{FixtureID: id, Consistency: "none", LatestStatus: g.GameStatus}
	}
	return c.JSON(http.StatusOK, s)
}

func (a *API) sportTypes(c echo.Context) error {
	return c.JSON(http.StatusOK, nonNil(a.cfg.SportTypes))
}

func (a *API) registerInfo(e *echo.Echo) {
	e.GET("/public-info", a.publicInfo)
}

func (a *API) publicInfo(c echo.Context) error {
	return c.JSON(http.StatusOK, a.cfg.PublicInfo)
}

func (a *API) registerProfiles(e *echo.Echo) {
	e.GET("/profiles/user_address/:user_address", a.getProfile, a.fresh)
	e.POST("/profiles", a.postProfile, a.requireBearer)
}

// parseAddress reads a 0x address, any case.
func parseAddress(s string) (common.Address, error) {
	if len(s) != 42 || !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") || !common.IsHexAddress(s) {
		return common.Address{}, errcode.Errorf(errcode.InvalidAddress, "invalid address %q: send 0x followed by 40 hex digits", clip(s))
	}
	return common.HexToAddress(s), nil
}

func (a *API) getProfile(c echo.Context) error {
	addr, err := parseAddress(c.Param("user_address"))
	if err != nil {
		return err
	}
	p, ok := a.view.Profile(strings.ToLower(addr.Hex()))
	if !ok {
		return errcode.New(errcode.ProfileNotFound)
	}
	return c.JSON(http.StatusOK, p)
}
