package api

import (
	"net/http"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/errcode"
)

func (a *API) registerSearch(e *echo.Echo) {
	e.GET("/public-search", a.search, a.fresh)
}

// search answers the events, markets, tags and teams whose texts hold
// every word of q.
func (a *API) search(c echo.Context) error {
	p, err := parseSearch(c.QueryParams())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a.reader.Search(p))
}

// Limits of GET /public-search.
const (
	// SearchLimitPerTypeDefault and SearchLimitPerTypeMax bound each kind
	// of result (events, markets, tags, teams) of one page.
	SearchLimitPerTypeDefault = 10
	SearchLimitPerTypeMax     = 50
	// SearchQueryBytesMax bounds q, and SearchTermsMax its words.
	SearchQueryBytesMax = 100
	SearchTermsMax      = 8
)

// parseSearch parses a GET /public-search query.
func parseSearch(q url.Values) (*catalog.SearchParams, error) {
	p := &catalog.SearchParams{LimitPerType: SearchLimitPerTypeDefault, Page: 1}
	known := []string{"limit_per_type", "page", "q"}
	for _, name := range sortedNames(q) {
		vals := q[name]
		var err error
		switch name {
		case "q":
			p.Terms, err = searchTerms(vals)
		case "limit_per_type":
			p.LimitPerType, err = singleInt(name, vals, 1, SearchLimitPerTypeMax, errcode.InvalidLimit)
		case "page":
			p.Page, err = singleInt(name, vals, 1, OffsetMax, errcode.InvalidOffset)
		default:
			err = errcode.Errorf(errcode.UnknownParameter, "unknown query parameter %q: GET /public-search takes %s", clip(name), strings.Join(known, ", "))
		}
		if err != nil {
			return nil, err
		}
	}
	if p.Terms == nil {
		return nil, errcode.Errorf(errcode.InvalidParameter, "q is required: send the words to search for (q=lakers)")
	}
	if (p.Page-1)*p.LimitPerType > OffsetMax {
		return nil, errcode.Errorf(errcode.InvalidOffset, "page %d of %d rows per kind starts past row %d", p.Page, p.LimitPerType, OffsetMax)
	}
	return p, nil
}

func searchTerms(vals []string) ([]string, error) {
	if len(vals) != 1 {
		return nil, errcode.Errorf(errcode.InvalidParameter, "q is given %d times: send it once", len(vals))
	}
	s := vals[0]
	if len(s) > SearchQueryBytesMax {
		return nil, errcode.Errorf(errcode.InvalidParameter, "q is longer than %d bytes", SearchQueryBytesMax)
	}
	if !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) {
		return nil, errcode.Errorf(errcode.InvalidParameter, "q must be UTF-8 text without control characters")
	}
	terms := strings.Fields(strings.ToLower(s))
	if len(terms) == 0 {
		return nil, errcode.Errorf(errcode.InvalidParameter, "q is required: send the words to search for (q=lakers)")
	}
	if len(terms) > SearchTermsMax {
		return nil, errcode.Errorf(errcode.InvalidParameter, "q has %d words: at most %d", len(terms), SearchTermsMax)
	}
	return terms, nil
}
