package apidocs

import (
	"net/http"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpjson"
)

// Register serves an API's document on mux, for an API served with the
// standard library's server: GET /openapi.yaml (the document, byte for
// byte), GET /docs (the viewer's page) and GET /docs/{asset} (its scripts
// and styles), as the Echo APIs serve theirs. An unknown asset is a JSON
// 404 NOT_FOUND, another method a JSON 405 METHOD_NOT_ALLOWED.
func (v Viewer) Register(mux *http.ServeMux, document []byte) {
	mux.HandleFunc("/openapi.yaml", httpjson.GetOnly(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/yaml")
		_, _ = w.Write(document)
	}))
	mux.HandleFunc("/docs", httpjson.GetOnly(func(w http.ResponseWriter, _ *http.Request) { v.serve(w, "index.html") }))
	mux.HandleFunc("/docs/{asset}", httpjson.GetOnly(func(w http.ResponseWriter, r *http.Request) { v.serve(w, r.PathValue("asset")) }))
}

func (v Viewer) serve(w http.ResponseWriter, name string) {
	b, mediaType, ok := v.Asset(name)
	if !ok {
		httpjson.WriteError(w, errcode.New(errcode.NotFound))
		return
	}
	w.Header().Set("Content-Type", mediaType)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(b)
}
