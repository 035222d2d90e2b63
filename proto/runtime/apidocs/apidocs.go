// Package apidocs embeds the interactive API viewer every HTTP API of the
// exchange serves at /docs: the swagger-ui-dist bundle from npm (version
// in swaggerui/VERSION, files copied unmodified) and a small page that
// points it at /openapi.yaml. Nothing is loaded from the internet. One
// copy serves all the gateways; only the page title differs.
package apidocs

import (
	"bytes"
	"embed"
	"io/fs"
	"path"
)

//go:embed index.html init.js swaggerui/swagger-ui-bundle.js swaggerui/swagger-ui.css swaggerui/LICENSE swaggerui/NOTICE swaggerui/VERSION
var files embed.FS

// titlePlaceholder in index.html is replaced by the API's title, and
// streamsPlaceholder by streamsLink for an API with streams.
var (
	titlePlaceholder   = []byte("{{TITLE}}")
	streamsPlaceholder = []byte("{{STREAMS}}")
	streamsLink        = []byte(`<p id="streams"><strong>Streams:</strong><a href="` + StreamDocsPath +
		`">WebSocket channels and messages</a><a href="` + AsyncAPIPath + `">asyncapi.yaml</a></p>`)
)

// Viewer is the /docs viewer of one API.
type Viewer struct {
	// Title names the API in the page title ("Pred CLOB API").
	Title string
	// Streams says the API has an AsyncAPI document: the page links to
	// its rendering (StreamDocsPath).
	Streams bool
}

// Asset returns the content and media type of a viewer asset by its name
// under /docs/ ("index.html", "swagger-ui-bundle.js", ...).
func (v Viewer) Asset(name string) ([]byte, string, bool) {
	file, ok := assets[name]
	if !ok {
		return nil, "", false
	}
	b, err := fs.ReadFile(files, file)
	if err != nil {
		return nil, "", false
	}
	if name == "index.html" {
		b = bytes.ReplaceAll(b, titlePlaceholder, []byte(v.Title))
		link := []byte(nil)
		if v.Streams {
			link = streamsLink
		}
		b = bytes.ReplaceAll(b, streamsPlaceholder, link)
	}
	return b, mediaType(name), true
}

// assets maps the served names to embedded paths.
var assets = map[string]string{
	"index.html":           "index.html",
	"init.js":              "init.js",
	"swagger-ui-bundle.js": "swaggerui/swagger-ui-bundle.js",
	"swagger-ui.css":       "swaggerui/swagger-ui.css",
	"LICENSE":              "swaggerui/LICENSE",
	"NOTICE":               "swaggerui/NOTICE",
	"VERSION":              "swaggerui/VERSION",
}

func mediaType(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	}
	return "text/plain; charset=utf-8"
}
