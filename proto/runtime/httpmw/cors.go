package httpmw

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// CORS lets a web page on another origin (the web app served by the CLOB
// gateway calling Gamma and the Relayer, a developer's Vite server) call
// an API. No origin is allowed unless the service's -cors-origins names
// it: a deployment opts in.
//
// Credentials are never cookies: they are headers a page sends
// explicitly (the PRED_* L1/L2 signatures, Gamma's Authorization: Bearer
// token, the relayer's API key), which a browser never attaches on a
// third party's behalf. So Access-Control-Allow-Credentials is never
// sent, and "*" (any origin) is allowed explicitly for public use: a page
// can only authenticate with secrets it already holds.
//
// Preflights (OPTIONS with Origin and Access-Control-Request-Method) are
// answered 204 by the middleware itself, before Strict and the rate
// limits: a browser sends one before most API calls, and charging or
// refusing it would break the call it precedes. A preflight from an
// origin not allowed gets 204 without CORS headers, which the browser
// reads as a refusal.

// PreflightMaxAge is how long a browser may cache a preflight's answer:
// Chromium's cap (Firefox allows a day), so a page pays one preflight per
// route and headers every two hours.
const PreflightMaxAge = 2 * time.Hour

// CORSOriginsUsage is the usage of every API's -cors-origins flag.
const CORSOriginsUsage = "comma-separated web origins (scheme://host[:port]) whose pages may call the API cross-origin (CORS), or * for any; empty allows none"

// AnyOrigin in Origins allows every origin.
const AnyOrigin = "*"

// corsMethods are the methods the APIs serve.
var corsMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// corsRequestHeaders are the request headers every API reads besides a
// service's own credentials (CORSConfig.Headers). Authorization is
// Gamma's and the relayer's bearer token.
var corsRequestHeaders = []string{echo.HeaderContentType, echo.HeaderAuthorization, HeaderRequestID}

// corsExposedHeaders are the response headers a client must read: the
// request id to quote in a report, and the rate limits (Buckets.Charge).
// The rest a page reads (Content-Type, Cache-Control) are safelisted.
var corsExposedHeaders = []string{HeaderRequestID, echo.HeaderRetryAfter, HeaderRateLimitLimit, HeaderRateLimitRemaining, HeaderRateLimitReset}

// CORSConfig is one API's CORS policy.
type CORSConfig struct {
	// Origins are the origins allowed; empty allows none (no CORS
	// headers at all).
	Origins Origins
	// Headers are the service's own request headers a page may send (its
	// PRED_* or RELAYER_* credentials), besides corsRequestHeaders.
	Headers []string
}

// CORS answers preflights and marks the answers to allowed origins
// (see the comment at the top of this file). Errors rendered after it
// keep its headers, so a page can read an error's code.
func CORS(cfg CORSConfig) echo.MiddlewareFunc {
	if len(cfg.Origins) == 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	methods := strings.Join(corsMethods, ", ")
	headers := strings.Join(append(slices.Clone(corsRequestHeaders), cfg.Headers...), ", ")
	exposed := strings.Join(corsExposedHeaders, ", ")
	maxAge := strconv.Itoa(int(PreflightMaxAge / time.Second))
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			h := c.Response().Header()
			// The answer depends on Origin whether or not it is allowed,
			// so a shared cache must not serve one origin's to another.
			h.Add("Vary", echo.HeaderOrigin)
			origin := r.Header.Get(echo.HeaderOrigin)
			allow := cfg.Origins.allowed(origin)
			if allow != "" {
				h.Set(echo.HeaderAccessControlAllowOrigin, allow)
			}
			if r.Method == http.MethodOptions && origin != "" && r.Header.Get(echo.HeaderAccessControlRequestMethod) != "" {
				if allow != "" {
					h.Set(echo.HeaderAccessControlAllowMethods, methods)
					h.Set(echo.HeaderAccessControlAllowHeaders, headers)
					h.Set(echo.HeaderAccessControlMaxAge, maxAge)
				}
				return c.NoContent(http.StatusNoContent)
			}
			if allow != "" {
				h.Set(echo.HeaderAccessControlExposeHeaders, exposed)
			}
			return next(c)
		}
	}
}

// Origins is a list of allowed web origins (scheme://host[:port], as a
// browser sends them in Origin) or AnyOrigin. As a flag.Value it reads a
// comma-separated list, which replaces the default; "" allows none.
type Origins []string

// String lists the origins as the flag reads them.
func (o Origins) String() string { return strings.Join(o, ",") }

// Set parses a comma-separated list of origins.
func (o *Origins) Set(s string) error {
	out := Origins{} // "" allows none, where nil may mean a default
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		origin, err := parseOrigin(f)
		if err != nil {
			return err
		}
		if !slices.Contains(out, origin) {
			out = append(out, origin)
		}
	}
	*o = out
	return nil
}

// parseOrigin checks one origin and returns it as browsers serialise it
// (lower-case scheme and host), so that comparing it with Origin is exact.
func parseOrigin(s string) (string, error) {
	if s == AnyOrigin {
		return s, nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", fmt.Errorf("the origin %q is not scheme://host[:port] (http or https, no path, no trailing slash) or *", s)
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// allowed returns the Access-Control-Allow-Origin value for origin, or ""
// when it is not allowed.
func (o Origins) allowed(origin string) string {
	switch {
	case origin == "":
		return ""
	case slices.Contains(o, AnyOrigin):
		return AnyOrigin
	case slices.Contains(o, origin):
		return origin
	}
	return ""
}
