package client_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"pred.dev/proto/client/clob"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/errcode"
)

// TestOneAPIError: each SDK's APIError is the transport's one type, so a
// caller's errors.As finds an error answer under any SDK's name, and the
// error says which API gave it.
func TestOneAPIError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", "req-7")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"error":"no such event","code":"EVENT_NOT_FOUND"}`)
	}))
	defer srv.Close()
	_, err := gamma.New(srv.URL).EventBySlug(context.Background(), "nope")
	var ce *clob.APIError
	var ge *gamma.APIError
	var re *relayer.APIError
	if !errors.As(err, &ce) || !errors.As(err, &ge) || !errors.As(err, &re) {
		t.Fatalf("%#v is not found under every SDK's APIError", err)
	}
	if ge.API != "gamma" || ge.Status != 404 || ge.Code != errcode.Code("EVENT_NOT_FOUND") || ge.RequestID != "req-7" ||
		err.Error() != "gamma: 404 EVENT_NOT_FOUND: no such event" {
		t.Fatalf("got %#v (%v)", ge, err)
	}
}
