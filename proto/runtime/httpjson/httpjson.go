// Package httpjson writes the exchange's JSON error body,
// {"error":"<what to fix>","code":"<STABLE_CODE>"} with the code's status,
// for what serves HTTP with the standard library's server rather than
// Echo (the settler's reconciliation, the API viewer's plain mux).
package httpjson

import (
	"encoding/json"
	"net/http"

	"pred.dev/proto/errcode"
)

// errorBody is the body of every error answer.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// WriteError answers e: its code's status and the error body. The cause
// (e.Err) is never sent.
func WriteError(w http.ResponseWriter, e *errcode.Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status())
	_ = json.NewEncoder(w).Encode(errorBody{Error: e.Error(), Code: string(e.Code)})
}

// GetOnly answers another method than GET (or HEAD) with the JSON 405
// METHOD_NOT_ALLOWED, which the standard library's mux would answer in
// plain text, and passes GET and HEAD to h.
func GetOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			WriteError(w, errcode.Errorf(errcode.MethodNotAllowed, "%s %s: this path takes GET only", r.Method, r.URL.Path))
			return
		}
		h(w, r)
	}
}
