package httpmw

import (
	"net/url"
	"slices"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
)

// StrictConfig names what a service allows beyond the strict default.
type StrictConfig struct {
	// Repeatable are the query parameters that may be given more than
	// once (list filters such as Gamma's id=1&id=2).
	Repeatable []string
	// Single are the service's own headers that a request may carry at
	// most once (its credentials), besides singleHeaders.
	Single []string
}

// singleHeaders may appear at most once in a request to any API.
var singleHeaders = []string{echo.HeaderAuthorization, echo.HeaderContentType, HeaderRequestID}

// Strict refuses what a request says ambiguously before any handler
// reads it: a query that does not parse (an invalid escape such as %zz,
// a ; separator), which net/url would drop silently; a query parameter
// given twice, unless cfg makes it repeatable; a credential or
// Content-Type header given twice (handlers read the first). It also
// answers the stand-in of a request head the guard refused (see Serve)
// with that refusal.
func Strict(cfg StrictConfig) echo.MiddlewareFunc {
	single := append(slices.Clone(singleHeaders), cfg.Single...)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if err := refusalOf(r); err != nil {
				return err
			}
			for _, h := range single {
				if n := len(r.Header.Values(h)); n > 1 {
					return errcode.Errorf(errcode.DuplicateHeader, "the header %s is given %d times: send it once", h, n)
				}
			}
			q, err := url.ParseQuery(r.URL.RawQuery)
			if err != nil {
				return errcode.Errorf(errcode.MalformedURL, "malformed query (%s): write a literal %% as %%25, escape bytes as %% and two hex digits, and separate parameters with &", err)
			}
			names := make([]string, 0, len(q))
			for name := range q {
				names = append(names, name)
			}
			slices.Sort(names) // name the same parameter on every call
			for _, name := range names {
				if n := len(q[name]); n > 1 && !slices.Contains(cfg.Repeatable, name) {
					return errcode.Errorf(errcode.DuplicateParameter, "the query parameter %s is given %d times: send it once", clipHead(name), n)
				}
			}
			return next(c)
		}
	}
}
