package api

import (
	"net/url"
	"slices"
	"strings"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/errcode"
)

// PageSizeDefault is the games page size without page_size or limit.
const PageSizeDefault = 20

// parseGames parses a GET /games query. sportTypes are the configured
// sport ids. Paging is page (from 1) and page_size, or limit and offset,
// not a mix.
func parseGames(q url.Values, sportTypes []string) (*catalog.GameParams, error) {
	p := &catalog.GameParams{Limit: PageSizeDefault}
	known := []string{"date", "keyword", "limit", "offset", "page", "page_size", "sport_type", "status"}
	page, pageSize := 0, 0
	hasLimitOffset := false
	for _, name := range sortedNames(q) {
		vals := q[name]
		if !slices.Contains(known, name) {
			return nil, errcode.Errorf(errcode.UnknownParameter, "unknown query parameter %q: GET /games takes %s", clip(name), strings.Join(known, ", "))
		}
		if len(vals) != 1 {
			return nil, errcode.Errorf(errcode.InvalidParameter, "%s is given %d times: send it once", name, len(vals))
		}
		var err error
		switch name {
		case "page":
			page, err = singleInt(name, vals, 1, OffsetMax, errcode.InvalidOffset)
		case "page_size":
			pageSize, err = singleInt(name, vals, 1, LimitMax, errcode.InvalidLimit)
		case "limit":
			p.Limit, err = singleInt(name, vals, 1, LimitMax, errcode.InvalidLimit)
			hasLimitOffset = true
		case "offset":
			p.Offset, err = singleInt(name, vals, 0, OffsetMax, errcode.InvalidOffset)
			hasLimitOffset = true
		default:
			err = gamesFilter(p, name, vals[0], sportTypes)
		}
		if err != nil {
			return nil, err
		}
	}
	if (page != 0 || pageSize != 0) && hasLimitOffset {
		return nil, errcode.Errorf(errcode.InvalidParameter, "page and page_size do not mix with limit and offset: use one pair")
	}
	return p, gamesPage(p, page, pageSize)
}

// gamesFilter sets one filter of a GET /games query.
func gamesFilter(p *catalog.GameParams, name, v string, sportTypes []string) error {
	switch name {
	case "sport_type":
		if !slices.Contains(sportTypes, v) {
			return errcode.Errorf(errcode.InvalidParameter, "unknown sport_type %q: use one of %s (GET /config/sport-types)", clip(v), strings.Join(sportTypes, ", "))
		}
		p.SportType = v
	case "status":
		if !slices.Contains(catalog.GameStatuses, v) {
			return errcode.Errorf(errcode.InvalidParameter, "status must be one of %s, got %q", strings.Join(catalog.GameStatuses, ", "), clip(v))
		}
		p.Status = v
	case "date":
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return errcode.Errorf(errcode.InvalidDate, "date must be a day as YYYY-MM-DD (UTC), got %q", clip(v))
		}
		p.Date = &t
	case "keyword":
		if len(v) > keywordBytesMax {
			return errcode.Errorf(errcode.InvalidParameter, "keyword is longer than %d bytes", keywordBytesMax)
		}
		p.Keyword = strings.ToLower(v)
	}
	return nil
}

// gamesPage turns page and page_size (0 when absent) into the limit and
// offset of p.
func gamesPage(p *catalog.GameParams, page, pageSize int) error {
	if page == 0 && pageSize == 0 {
		return nil
	}
	if pageSize == 0 {
		pageSize = PageSizeDefault
	}
	if page == 0 {
		page = 1
	}
	p.Limit = pageSize
	p.Offset = (page - 1) * pageSize
	if p.Offset > OffsetMax {
		return errcode.Errorf(errcode.InvalidOffset, "page %d of %d rows starts past row %d", page, pageSize, OffsetMax)
	}
	return nil
}
