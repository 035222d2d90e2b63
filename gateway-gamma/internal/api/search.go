package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/catalog"
)

func (a *API) registerSearch(e *echo.Echo) {
	e.GET("/public-search", a.search)
}

// search answers the events, markets, tags and teams whose texts hold
// every word of q.
func (a *API) search(c echo.Context) error {
	p, err := catalog.ParseSearch(c.QueryParams())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a.reader.Search(p))
}
