package api

import (
	"embed"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
)

// source is the hand-written OpenAPI 3.1 document of this API, and
// examples the examples of its requests, responses and error codes, one
// file per operation, most recorded from what its tests received (see
// pred.dev/proto/runtime/apidocs).
//
//go:embed openapi.yaml
var source []byte

//go:embed examples
var examples embed.FS

// Document is the document this API serves: source with its examples
// merged in. Tests check it against the routes, the error table, the
// codes each operation answers with and real responses.
var Document = apidocs.MustBuild(source, examples, "examples")

// OpenAPI is what GET /openapi.yaml serves.
var OpenAPI = Document.YAML

func (a *API) registerDocs(e *echo.Echo) {
	e.GET("/", serveRoot)
	e.GET("/openapi.yaml", serveOpenAPI)
	e.GET("/docs", serveDocsIndex)
	e.GET("/docs/:asset", serveDocsAsset)
}

// serveRoot sends a browser to the reference and tells any other client
// where the documentation is.
func serveRoot(c echo.Context) error {
	c.Response().Header().Add("Vary", "Accept")
	if apidocs.WantsPage(c.Request().Header.Get("Accept")) {
		return c.Redirect(http.StatusFound, apidocs.DocsPath)
	}
	return c.JSON(http.StatusOK, viewer.Index())
}

func serveOpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/yaml", OpenAPI)
}

func serveDocsIndex(c echo.Context) error {
	return serveAsset(c, "index.html")
}

func serveDocsAsset(c echo.Context) error {
	return serveAsset(c, c.Param("asset"))
}

// viewer is the shared /docs viewer with this API's title.
var viewer = apidocs.Viewer{Title: "Pred Gamma API"}

func serveAsset(c echo.Context, name string) error {
	b, mediaType, ok := viewer.Asset(name)
	if !ok {
		return errcode.New(errcode.NotFound)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, mediaType, b)
}
