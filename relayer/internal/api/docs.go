package api

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
)

// OpenAPI is the hand-written OpenAPI 3.1 document of this API. Tests
// check it against the routes, the error table and real responses.
//
//go:embed openapi.yaml
var OpenAPI []byte

// viewer is the /docs page.
var viewer = apidocs.Viewer{Title: "Pred Relayer API"}

func (a *API) registerDocs(e *echo.Echo) {
	e.GET("/openapi.yaml", serveOpenAPI)
	e.GET("/docs", serveDocsIndex)
	e.GET("/docs/:asset", serveDocsAsset)
}

func serveOpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/yaml", OpenAPI)
}

func serveDocsIndex(c echo.Context) error { return serveAsset(c, "index.html") }

func serveDocsAsset(c echo.Context) error { return serveAsset(c, c.Param("asset")) }

func serveAsset(c echo.Context, name string) error {
	b, mediaType, ok := viewer.Asset(name)
	if !ok {
		return errcode.New(errcode.NotFound)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, mediaType, b)
}
