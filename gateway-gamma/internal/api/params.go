package api

import (
	"net/url"
	"slices"
	"time"

	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

// The query parameters every read endpoint shares: paging, booleans,
// dates. Each endpoint parses its query into the catalogue's typed
// filters (catalog.ListParams, GameParams, TagParams, SearchParams).

// Limits of list queries.
const (
	// LimitDefault and LimitMax bound a page. Above LimitMax the request
	// is refused, never silently capped.
	LimitDefault = 20
	LimitMax     = 100
	// OffsetMax bounds offset paging; deeper pages use the keyset cursor.
	OffsetMax = 100_000
	// listValuesMax bounds the values of one list filter (id, slug, ...).
	listValuesMax = 100
	// cursorBytesMax bounds an after_cursor parameter.
	cursorBytesMax = 512
	// keywordBytesMax bounds a games keyword.
	keywordBytesMax = 100
)

func singleInt(name string, vals []string, lo, hi int, code errcode.Code) (int, error) {
	if len(vals) != 1 {
		return 0, errcode.Errorf(code, "%s is given %d times: send it once", name, len(vals))
	}
	// One spelling: decimal digits without sign or leading zeros.
	n, ok := fixed.ParseCanonicalUint(vals[0])
	if !ok || n < uint64(lo) || n > uint64(hi) {
		return 0, errcode.Errorf(code, "%s must be an integer from %d to %d in decimal digits (no sign, no leading zero), got %q", name, lo, hi, clip(vals[0]))
	}
	return int(n), nil
}

func parseBool(name, s string) (bool, error) {
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, errcode.Errorf(errcode.InvalidParameter, "%s must be true or false, got %q", name, clip(s))
}

// parseTime reads an RFC 3339 date-time or a date (YYYY-MM-DD, midnight
// UTC).
func parseTime(name, s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil && len(s) <= 40 {
		return t.UTC(), nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	return time.Time{}, errcode.Errorf(errcode.InvalidDate, "%s must be an RFC 3339 date-time (2026-11-21T18:00:00Z) or a date (2026-11-21), got %q", name, clip(s))
}

func clip(s string) string {
	const max = 80
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// sortedNames returns the parameter names of q sorted, so that a request
// with several faults is refused for the same one every time.
func sortedNames(q url.Values) []string {
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
