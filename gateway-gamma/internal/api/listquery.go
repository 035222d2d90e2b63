package api

import (
	"encoding/hex"
	"net/url"
	"slices"
	"strings"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

// GET /events and GET /markets, and their keyset variants: the query
// string into a catalog.ListParams.

type paramKind int

const (
	pList paramKind = iota
	pBool
	pTime
	pAmount
	pString
	pInt
)

// paramSpec says what a query parameter is and where it goes.
type paramSpec struct {
	kind paramKind
	set  func(p *catalog.ListParams, vals []string) error
}

func listSetter(f func(p *catalog.ListParams) *[]string, check func(string) error) func(*catalog.ListParams, []string) error {
	return func(p *catalog.ListParams, vals []string) error {
		dst := f(p)
		for _, v := range vals {
			for _, s := range strings.Split(v, ",") {
				if s == "" {
					continue
				}
				if err := check(s); err != nil {
					return err
				}
				*dst = append(*dst, s)
			}
		}
		if len(*dst) > listValuesMax {
			return errcode.Errorf(errcode.InvalidParameter, "at most %d values per list filter", listValuesMax)
		}
		return nil
	}
}

func boolSetter(name string, f func(p *catalog.ListParams) **bool) func(*catalog.ListParams, []string) error {
	return func(p *catalog.ListParams, vals []string) error {
		b, err := parseBool(name, vals[0])
		if err != nil {
			return err
		}
		*f(p) = &b
		return nil
	}
}

// singleSetter stores the one value of a parameter after check.
func singleSetter(f func(p *catalog.ListParams) *string, check func(string) error) func(*catalog.ListParams, []string) error {
	return func(p *catalog.ListParams, vals []string) error {
		if err := check(vals[0]); err != nil {
			return err
		}
		*f(p) = vals[0]
		return nil
	}
}

func timeSetter(name string, f func(p *catalog.ListParams) **time.Time) func(*catalog.ListParams, []string) error {
	return func(p *catalog.ListParams, vals []string) error {
		t, err := parseTime(name, vals[0])
		if err != nil {
			return err
		}
		*f(p) = &t
		return nil
	}
}

func amountSetter(name string, f func(p *catalog.ListParams) **uint64) func(*catalog.ListParams, []string) error {
	return func(p *catalog.ListParams, vals []string) error {
		v, err := fixed.ParseUnits(vals[0])
		if err != nil {
			return errcode.Errorf(errcode.InvalidParameter, "%s must be a non-negative decimal number with at most 6 decimals, got %q", name, clip(vals[0]))
		}
		*f(p) = &v
		return nil
	}
}

func checkID(s string) error {
	if !catalog.ValidID(s) {
		return errcode.Errorf(errcode.InvalidID, "invalid id %q: catalogue ids are positive decimal integers", clip(s))
	}
	return nil
}

func checkSlug(s string) error {
	if !catalog.ValidSlug(s) {
		return errcode.Errorf(errcode.InvalidSlug, "invalid slug %q: use lowercase letters, digits and single dashes, at most %d bytes", clip(s), catalog.SlugBytesMax)
	}
	return nil
}

func checkHash(s string) error {
	if !isHex32(s) {
		return errcode.Errorf(errcode.InvalidMarketID, "invalid condition id %q: send 0x followed by 64 hex digits", clip(s))
	}
	return nil
}

func checkTokenID(s string) error {
	if _, ok := fixed.ParseCanonicalUint(s); !ok && !isBigDecimal(s) {
		return errcode.Errorf(errcode.InvalidTokenID, "invalid token id %q: send the uint256 token id as a decimal string", clip(s))
	}
	return nil
}

func checkText(s string) error {
	if len(s) > 64 {
		return errcode.Errorf(errcode.InvalidParameter, "filter value %q is longer than 64 bytes", clip(s))
	}
	return nil
}

// isBigDecimal reports whether s is a canonical decimal of at most 78
// digits (a uint256).
func isBigDecimal(s string) bool {
	if s == "" || len(s) > 78 || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isHex32(s string) bool {
	if len(s) != 66 || (s[:2] != "0x" && s[:2] != "0X") {
		return false
	}
	_, err := hex.DecodeString(s[2:])
	return err == nil
}

// Common parameters of both lists.
func commonSpecs() map[string]paramSpec {
	return map[string]paramSpec{
		"id":             {pList, listSetter(func(p *catalog.ListParams) *[]string { return &p.IDs }, checkID)},
		"slug":           {pList, listSetter(func(p *catalog.ListParams) *[]string { return &p.Slugs }, checkSlug)},
		"active":         {pBool, boolSetter("active", func(p *catalog.ListParams) **bool { return &p.Active })},
		"closed":         {pBool, boolSetter("closed", func(p *catalog.ListParams) **bool { return &p.Closed })},
		"archived":       {pBool, boolSetter("archived", func(p *catalog.ListParams) **bool { return &p.Archived })},
		"start_date_min": {pTime, timeSetter("start_date_min", func(p *catalog.ListParams) **time.Time { return &p.StartMin })},
		"start_date_max": {pTime, timeSetter("start_date_max", func(p *catalog.ListParams) **time.Time { return &p.StartMax })},
		"end_date_min":   {pTime, timeSetter("end_date_min", func(p *catalog.ListParams) **time.Time { return &p.EndMin })},
		"end_date_max":   {pTime, timeSetter("end_date_max", func(p *catalog.ListParams) **time.Time { return &p.EndMax })},
		"order":          {pString, nil},
		"ascending":      {pBool, nil},
		"limit":          {pInt, nil},
		"tag_id":         {pString, singleSetter(func(p *catalog.ListParams) *string { return &p.TagID }, checkID)},
		"tag_slug":       {pString, singleSetter(func(p *catalog.ListParams) *string { return &p.TagSlug }, checkSlug)},
		"exclude_tag_id": {pList, listSetter(func(p *catalog.ListParams) *[]string { return &p.ExcludeTagIDs }, checkID)},
	}
}

var eventSpecs = func() map[string]paramSpec {
	m := commonSpecs()
	m["category"] = paramSpec{pList, listSetter(func(p *catalog.ListParams) *[]string { return &p.Categories }, checkText)}
	m["event_type"] = paramSpec{pList, listSetter(func(p *catalog.ListParams) *[]string { return &p.EventTypes }, checkText)}
	m["volume_min"] = paramSpec{pAmount, amountSetter("volume_min", func(p *catalog.ListParams) **uint64 { return &p.VolumeMin })}
	m["volume_max"] = paramSpec{pAmount, amountSetter("volume_max", func(p *catalog.ListParams) **uint64 { return &p.VolumeMax })}
	m["liquidity_min"] = paramSpec{pAmount, amountSetter("liquidity_min", func(p *catalog.ListParams) **uint64 { return &p.LiquidityMin })}
	m["liquidity_max"] = paramSpec{pAmount, amountSetter("liquidity_max", func(p *catalog.ListParams) **uint64 { return &p.LiquidityMax })}
	return m
}()

var marketSpecs = func() map[string]paramSpec {
	m := commonSpecs()
	m["condition_ids"] = paramSpec{pList, listSetter(func(p *catalog.ListParams) *[]string { return &p.ConditionIDs }, checkHash)}
	m["clob_token_ids"] = paramSpec{pList, listSetter(func(p *catalog.ListParams) *[]string { return &p.TokenIDs }, checkTokenID)}
	m["volume_num_min"] = paramSpec{pAmount, amountSetter("volume_num_min", func(p *catalog.ListParams) **uint64 { return &p.VolumeMin })}
	m["volume_num_max"] = paramSpec{pAmount, amountSetter("volume_num_max", func(p *catalog.ListParams) **uint64 { return &p.VolumeMax })}
	m["liquidity_num_min"] = paramSpec{pAmount, amountSetter("liquidity_num_min", func(p *catalog.ListParams) **uint64 { return &p.LiquidityMin })}
	m["liquidity_num_max"] = paramSpec{pAmount, amountSetter("liquidity_num_max", func(p *catalog.ListParams) **uint64 { return &p.LiquidityMax })}
	return m
}()

// ListFilters are the query parameters of GET /events and GET /markets
// that take several values by repetition (id=1&id=2), sorted; every
// other parameter of the API is given once.
func ListFilters() []string {
	var out []string
	for _, specs := range []map[string]paramSpec{eventSpecs, marketSpecs} {
		for name, spec := range specs {
			if spec.kind == pList && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Sort keys per list: the canonical camelCase name of each accepted name.
var (
	eventSortKeys = map[string]string{
		"id": "id", "title": "title", "slug": "slug", "startDate": "startDate", "endDate": "endDate",
		"volume": "volume", "volume24hr": "volume24hr", "liquidity": "liquidity", "openInterest": "openInterest",
	}
	marketSortKeys = map[string]string{
		"id": "id", "question": "question", "slug": "slug", "startDate": "startDate", "endDate": "endDate",
		"volume": "volume", "volumeNum": "volume", "volume24hr": "volume24hr", "liquidity": "liquidity",
		"liquidityNum": "liquidity", "openInterest": "openInterest", "bestBid": "bestBid", "bestAsk": "bestAsk",
	}
)

// SortKeys lists the accepted sort keys of a kind, sorted.
func SortKeys(k catalog.Kind) []string {
	m := eventSortKeys
	if k == catalog.KindMarkets {
		m = marketSortKeys
	}
	out := make([]string, 0, len(m))
	for name := range m {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// parseList parses the query of a list endpoint. keyset selects the
// keyset variant (after_cursor instead of offset).
func parseList(kind catalog.Kind, q url.Values, keyset bool) (*catalog.ListParams, error) {
	specs := eventSpecs
	if kind == catalog.KindMarkets {
		specs = marketSpecs
	}
	p := &catalog.ListParams{Kind: kind, Limit: LimitDefault, Ascending: true, Keyset: keyset, Order: "id"}
	for _, name := range sortedNames(q) { // the same parameter refused first on every call
		vals := q[name]
		if paged, err := pageParam(p, name, vals); paged || err != nil {
			if err != nil {
				return nil, err
			}
			continue
		}
		spec, ok := specs[name]
		if !ok {
			return nil, unknownParam(name, specs, keyset)
		}
		if spec.kind != pList && spec.kind != pInt && len(vals) > 1 {
			return nil, errcode.Errorf(errcode.InvalidParameter, "%s is given %d times: send it once", name, len(vals))
		}
		if err := setParam(p, name, spec, vals); err != nil {
			return nil, err
		}
	}
	if p.After != nil && p.After.Query != p.QueryHash() {
		return nil, errcode.Errorf(errcode.InvalidCursor, "after_cursor belongs to a query with other filters or order: send the same filters and order as the page that returned it")
	}
	return p, nil
}

// pageParam reads offset (offset paging) or after_cursor (keyset
// paging) into p; paged says whether name was one of them.
func pageParam(p *catalog.ListParams, name string, vals []string) (paged bool, err error) {
	switch {
	case name == "offset" && !p.Keyset:
		p.Offset, err = singleInt(name, vals, 0, OffsetMax, errcode.InvalidOffset)
		return true, err
	case name == "after_cursor" && p.Keyset:
		p.After, err = singleCursor(vals)
		return true, err
	case name == "offset" && p.Keyset:
		return true, errcode.Errorf(errcode.UnknownParameter, "offset is not accepted by the keyset endpoint: pass the previous page's next_cursor as after_cursor")
	}
	return false, nil
}

func setParam(p *catalog.ListParams, name string, spec paramSpec, vals []string) error {
	switch name {
	case "order":
		keys := eventSortKeys
		if p.Kind == catalog.KindMarkets {
			keys = marketSortKeys
		}
		canon, ok := keys[vals[0]]
		if !ok {
			return errcode.Errorf(errcode.InvalidSortKey, "unknown order key %q for %s: use one of %s", clip(vals[0]), p.Kind, strings.Join(SortKeys(p.Kind), ", "))
		}
		p.Order = canon
		return nil
	case "ascending":
		b, err := parseBool(name, vals[0])
		p.Ascending = b
		return err
	case "limit":
		n, err := singleInt(name, vals, 1, LimitMax, errcode.InvalidLimit)
		p.Limit = n
		return err
	}
	return spec.set(p, vals)
}

func unknownParam(name string, specs map[string]paramSpec, keyset bool) error {
	known := make([]string, 0, len(specs)+1)
	for n := range specs {
		known = append(known, n)
	}
	if keyset {
		known = append(known, "after_cursor")
	} else {
		known = append(known, "offset")
	}
	slices.Sort(known)
	return errcode.Errorf(errcode.UnknownParameter, "unknown query parameter %q: this endpoint takes %s", clip(name), strings.Join(known, ", "))
}

func singleCursor(vals []string) (*catalog.Cursor, error) {
	if len(vals) != 1 {
		return nil, errcode.Errorf(errcode.InvalidCursor, "after_cursor is given %d times: send it once", len(vals))
	}
	s := vals[0]
	if s == "" {
		return nil, nil // the first page
	}
	c, ok := catalog.DecodeCursor(s)
	if len(s) > cursorBytesMax || !ok {
		return nil, errcode.Errorf(errcode.InvalidCursor, "invalid after_cursor: pass next_cursor exactly as the previous page returned it, or none for the first page")
	}
	return c, nil
}
