package rest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"pred.dev/proto/errcode"
)

// HeaderRequestID is where the APIs name each request (the servers'
// httpmw.HeaderRequestID, which this module may not import).
const HeaderRequestID = "X-Request-Id"

// APIError is an error answer of an API. Each SDK exports it under its
// own name (clob.APIError, gamma.APIError, relayer.APIError are this
// type), so errors.As with any of them finds it.
type APIError struct {
	// API names the API that answered: "clob", "gamma", "relayer".
	API string
	// Status is the HTTP status.
	Status int
	// Code is the stable code (errcode); INTERNAL_ERROR when the body
	// is not an API error body (a proxy's page, say).
	Code errcode.Code
	// Message is the API's message, or the body when it has no code.
	Message string
	// OrderID is the CLOB's: set on a 503 whose order is (or may be) in
	// the log.
	OrderID string
	// RequestID is the API's X-Request-Id for the request, the one to
	// quote when reporting an INTERNAL_ERROR.
	RequestID string
	// RetryAfter is the server's Retry-After, if it sent one.
	RetryAfter time.Duration
}

func (e *APIError) Error() string {
	if e.API == "" {
		return fmt.Sprintf("%d %s: %s", e.Status, string(e.Code), e.Message)
	}
	return fmt.Sprintf("%s: %d %s: %s", e.API, e.Status, string(e.Code), e.Message)
}

// Is matches errcode values and other *APIError with the same code.
func (e *APIError) Is(target error) bool {
	switch t := target.(type) {
	case errcode.Code:
		return t == e.Code
	case *errcode.Error:
		return t.Code == e.Code
	case *APIError:
		return t.Code == e.Code
	}
	return false
}

// errorBody is the error answer of every API: clobapi.ErrorBody (which
// alone has orderID), gammaapi.ErrorBody and relayerapi.ErrorBody, held
// to it by the tests.
type errorBody struct {
	Error   string `json:"error"`
	Code    string `json:"code"`
	OrderID string `json:"orderID"`
}

func (c *Client) apiError(resp *http.Response, data []byte) *APIError {
	e := &APIError{API: c.API, Status: resp.StatusCode, RequestID: resp.Header.Get(HeaderRequestID),
		RetryAfter: retryAfter(resp.Header, time.Now())}
	var body errorBody
	if json.Unmarshal(data, &body) == nil && body.Code != "" {
		e.Code, e.Message, e.OrderID = errcode.Code(body.Code), body.Error, body.OrderID
	} else {
		e.Code, e.Message = errcode.InternalError, strings.TrimSpace(string(data))
	}
	return e
}
