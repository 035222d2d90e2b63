package apidocs

import (
	"mime"
	"strconv"
	"strings"
)

// The bare base URL of an API (GET /) is where a person lands first. A
// browser is sent to the viewer; any other client gets Index as JSON:
// where the documentation is, rather than a 404.

// Paths of the documentation every API serves.
const (
	DocsPath    = "/docs"
	OpenAPIPath = "/openapi.yaml"
)

// Index is what GET / answers a client that is not a browser.
type Index struct {
	// Name is the API's title ("Pred CLOB API").
	Name string `json:"name"`
	// Docs is the interactive reference, OpenAPI the document.
	Docs    string `json:"docs"`
	OpenAPI string `json:"openapi"`
}

// Index returns the answer of GET / to a client that is not a browser.
func (v Viewer) Index() Index {
	return Index{Name: v.Title, Docs: DocsPath, OpenAPI: OpenAPIPath}
}

// WantsPage reports whether a request's Accept header asks for HTML, as a
// browser's does ("text/html,application/xhtml+xml,...;q=0.8"): such a
// request to GET / is redirected to the viewer. "*/*" (curl, most HTTP
// libraries) and "application/json" do not.
func WantsPage(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil || mt != "text/html" {
			continue
		}
		q, err := strconv.ParseFloat(params["q"], 64)
		return params["q"] == "" || err == nil && q > 0
	}
	return false
}
