package gateway

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
)

// docs serves an API's document and the shared viewer, and for an API
// with streams their AsyncAPI document and its page.
type docs struct {
	viewer   apidocs.Viewer
	document []byte
	// asyncAPI is the AsyncAPI document, nil for an API without streams;
	// streamPage is its rendering.
	asyncAPI, streamPage []byte
}

// newDocs renders the streams' page once. The document is embedded in the
// binary, so one that does not render is a programming error: it panics.
func newDocs(title string, document, asyncAPI []byte) docs {
	d := docs{viewer: apidocs.Viewer{Title: title, Streams: len(asyncAPI) > 0}, document: document, asyncAPI: asyncAPI}
	if d.viewer.Streams {
		page, err := apidocs.RenderAsync(asyncAPI)
		if err != nil {
			panic(err)
		}
		d.streamPage = page
	}
	return d
}

func (d docs) register(e *echo.Echo) {
	e.GET("/", d.root)
	e.GET(apidocs.OpenAPIPath, d.openAPI)
	e.GET(apidocs.DocsPath, func(c echo.Context) error { return d.asset(c, "index.html") })
	e.GET(apidocs.DocsPath+"/:asset", func(c echo.Context) error { return d.asset(c, c.Param("asset")) })
	if d.viewer.Streams {
		e.GET(apidocs.AsyncAPIPath, func(c echo.Context) error { return c.Blob(http.StatusOK, "application/yaml", d.asyncAPI) })
		e.GET(apidocs.StreamDocsPath, func(c echo.Context) error {
			return c.Blob(http.StatusOK, "text/html; charset=utf-8", d.streamPage)
		})
	}
}

// root sends a browser to the reference and tells any other client where
// the documentation is.
func (d docs) root(c echo.Context) error {
	c.Response().Header().Add("Vary", "Accept")
	if apidocs.WantsPage(c.Request().Header.Get("Accept")) {
		return c.Redirect(http.StatusFound, apidocs.DocsPath)
	}
	return c.JSON(http.StatusOK, d.viewer.Index())
}

func (d docs) openAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/yaml", d.document)
}

func (d docs) asset(c echo.Context, name string) error {
	b, mediaType, ok := d.viewer.Asset(name)
	if !ok {
		return errcode.New(errcode.NotFound)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, mediaType, b)
}
