package catalog

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

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

// slugPattern is the form of every slug.
var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// slugBytesMax bounds a slug.
const slugBytesMax = 128

// ValidSlug reports whether s is a well-formed slug.
func ValidSlug(s string) bool { return len(s) <= slugBytesMax && slugPattern.MatchString(s) }

// Kind is what a list query lists.
type Kind int

// Kinds of lists.
const (
	KindEvents Kind = iota
	KindMarkets
)

func (k Kind) String() string {
	if k == KindMarkets {
		return "markets"
	}
	return "events"
}

// ListParams is a parsed GET /events or GET /markets query.
type ListParams struct {
	Kind         Kind
	IDs          []string
	Slugs        []string
	ConditionIDs []string // markets
	TokenIDs     []string // markets
	Categories   []string // events
	EventTypes   []string // events
	Active       *bool
	Closed       *bool
	Archived     *bool // nil: archived rows excluded
	StartMin     *time.Time
	StartMax     *time.Time
	EndMin       *time.Time
	EndMax       *time.Time
	VolumeMin    *uint64
	VolumeMax    *uint64
	LiquidityMin *uint64
	LiquidityMax *uint64
	Order        string // canonical sort key
	Ascending    bool
	Limit        int
	Offset       int
	// Keyset is set for the keyset endpoints; After is their decoded
	// after_cursor, nil for the first page.
	Keyset bool
	After  *Cursor

	// TagID and TagSlug keep the rows tagged so (a market by its event's
	// tags); ExcludeTagIDs drops the rows with any of these tags. Unset,
	// they leave queryHash as it was before tags, so that cursors stay
	// valid across an upgrade.
	TagID         string   `json:",omitempty"`
	TagSlug       string   `json:",omitempty"`
	ExcludeTagIDs []string `json:",omitempty"`
}

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
	set  func(p *ListParams, vals []string) error
}

func listSetter(f func(p *ListParams) *[]string, check func(string) error) func(*ListParams, []string) error {
	return func(p *ListParams, vals []string) error {
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

func boolSetter(name string, f func(p *ListParams) **bool) func(*ListParams, []string) error {
	return func(p *ListParams, vals []string) error {
		b, err := parseBool(name, vals[0])
		if err != nil {
			return err
		}
		*f(p) = &b
		return nil
	}
}

// singleSetter stores the one value of a parameter after check.
func singleSetter(f func(p *ListParams) *string, check func(string) error) func(*ListParams, []string) error {
	return func(p *ListParams, vals []string) error {
		if err := check(vals[0]); err != nil {
			return err
		}
		*f(p) = vals[0]
		return nil
	}
}

func timeSetter(name string, f func(p *ListParams) **time.Time) func(*ListParams, []string) error {
	return func(p *ListParams, vals []string) error {
		t, err := ParseTime(name, vals[0])
		if err != nil {
			return err
		}
		*f(p) = &t
		return nil
	}
}

func amountSetter(name string, f func(p *ListParams) **uint64) func(*ListParams, []string) error {
	return func(p *ListParams, vals []string) error {
		v, err := fixed.ParseUnits(vals[0])
		if err != nil {
			return errcode.Errorf(errcode.InvalidParameter, "%s must be a non-negative decimal number with at most 6 decimals, got %q", name, clip(vals[0]))
		}
		*f(p) = &v
		return nil
	}
}

func checkID(s string) error {
	if !validID(s) {
		return errcode.Errorf(errcode.InvalidID, "invalid id %q: catalogue ids are positive decimal integers", clip(s))
	}
	return nil
}

func checkSlug(s string) error {
	if !ValidSlug(s) {
		return errcode.Errorf(errcode.InvalidSlug, "invalid slug %q: use lowercase letters, digits and single dashes, at most %d bytes", clip(s), slugBytesMax)
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
		"id":             {pList, listSetter(func(p *ListParams) *[]string { return &p.IDs }, checkID)},
		"slug":           {pList, listSetter(func(p *ListParams) *[]string { return &p.Slugs }, checkSlug)},
		"active":         {pBool, boolSetter("active", func(p *ListParams) **bool { return &p.Active })},
		"closed":         {pBool, boolSetter("closed", func(p *ListParams) **bool { return &p.Closed })},
		"archived":       {pBool, boolSetter("archived", func(p *ListParams) **bool { return &p.Archived })},
		"start_date_min": {pTime, timeSetter("start_date_min", func(p *ListParams) **time.Time { return &p.StartMin })},
		"start_date_max": {pTime, timeSetter("start_date_max", func(p *ListParams) **time.Time { return &p.StartMax })},
		"end_date_min":   {pTime, timeSetter("end_date_min", func(p *ListParams) **time.Time { return &p.EndMin })},
		"end_date_max":   {pTime, timeSetter("end_date_max", func(p *ListParams) **time.Time { return &p.EndMax })},
		"order":          {pString, nil},
		"ascending":      {pBool, nil},
		"limit":          {pInt, nil},
		"tag_id":         {pString, singleSetter(func(p *ListParams) *string { return &p.TagID }, checkID)},
		"tag_slug":       {pString, singleSetter(func(p *ListParams) *string { return &p.TagSlug }, checkSlug)},
		"exclude_tag_id": {pList, listSetter(func(p *ListParams) *[]string { return &p.ExcludeTagIDs }, checkID)},
	}
}

var eventSpecs = func() map[string]paramSpec {
	m := commonSpecs()
	m["category"] = paramSpec{pList, listSetter(func(p *ListParams) *[]string { return &p.Categories }, checkText)}
	m["event_type"] = paramSpec{pList, listSetter(func(p *ListParams) *[]string { return &p.EventTypes }, checkText)}
	m["volume_min"] = paramSpec{pAmount, amountSetter("volume_min", func(p *ListParams) **uint64 { return &p.VolumeMin })}
	m["volume_max"] = paramSpec{pAmount, amountSetter("volume_max", func(p *ListParams) **uint64 { return &p.VolumeMax })}
	m["liquidity_min"] = paramSpec{pAmount, amountSetter("liquidity_min", func(p *ListParams) **uint64 { return &p.LiquidityMin })}
	m["liquidity_max"] = paramSpec{pAmount, amountSetter("liquidity_max", func(p *ListParams) **uint64 { return &p.LiquidityMax })}
	return m
}()

var marketSpecs = func() map[string]paramSpec {
	m := commonSpecs()
	m["condition_ids"] = paramSpec{pList, listSetter(func(p *ListParams) *[]string { return &p.ConditionIDs }, checkHash)}
	m["clob_token_ids"] = paramSpec{pList, listSetter(func(p *ListParams) *[]string { return &p.TokenIDs }, checkTokenID)}
	m["volume_num_min"] = paramSpec{pAmount, amountSetter("volume_num_min", func(p *ListParams) **uint64 { return &p.VolumeMin })}
	m["volume_num_max"] = paramSpec{pAmount, amountSetter("volume_num_max", func(p *ListParams) **uint64 { return &p.VolumeMax })}
	m["liquidity_num_min"] = paramSpec{pAmount, amountSetter("liquidity_num_min", func(p *ListParams) **uint64 { return &p.LiquidityMin })}
	m["liquidity_num_max"] = paramSpec{pAmount, amountSetter("liquidity_num_max", func(p *ListParams) **uint64 { return &p.LiquidityMax })}
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
func SortKeys(k Kind) []string {
	m := eventSortKeys
	if k == KindMarkets {
		m = marketSortKeys
	}
	out := make([]string, 0, len(m))
	for name := range m {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// ParseList parses the query of a list endpoint. keyset selects the
// keyset variant (after_cursor instead of offset).
func ParseList(kind Kind, q url.Values, keyset bool) (*ListParams, error) {
	specs := eventSpecs
	if kind == KindMarkets {
		specs = marketSpecs
	}
	p := &ListParams{Kind: kind, Limit: LimitDefault, Ascending: true, Keyset: keyset, Order: "id"}
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names) // report the same parameter first on every call
	for _, name := range names {
		vals := q[name]
		switch {
		case name == "offset" && !keyset:
			n, err := singleInt(name, vals, 0, OffsetMax, errcode.InvalidOffset)
			if err != nil {
				return nil, err
			}
			p.Offset = n
			continue
		case name == "after_cursor" && keyset:
			c, err := singleCursor(vals)
			if err != nil {
				return nil, err
			}
			p.After = c
			continue
		case name == "offset" && keyset:
			return nil, errcode.Errorf(errcode.UnknownParameter, "offset is not accepted by the keyset endpoint: pass the previous page's next_cursor as after_cursor")
		}
		spec, ok := specs[name]
		if !ok {
			return nil, unknownParam(name, specs, keyset)
		}
		if spec.kind != pList && spec.kind != pInt && len(vals) > 1 {
			return nil, errcode.Errorf(errcode.InvalidParameter, "%s is given %d times: send it once", name, len(vals))
		}
		if err := p.setParam(name, spec, vals); err != nil {
			return nil, err
		}
	}
	if p.After != nil && p.After.Query != p.queryHash() {
		return nil, errcode.Errorf(errcode.InvalidCursor, "after_cursor belongs to a query with other filters or order: send the same filters and order as the page that returned it")
	}
	return p, nil
}

func (p *ListParams) setParam(name string, spec paramSpec, vals []string) error {
	switch name {
	case "order":
		keys := eventSortKeys
		if p.Kind == KindMarkets {
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

// ParseTime reads an RFC 3339 date-time or a date (YYYY-MM-DD, midnight
// UTC).
func ParseTime(name, s string) (time.Time, error) {
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

// Cursor is a keyset position: the sort value and id of the last row of
// a page, and a hash of the query it belongs to.
type Cursor struct {
	Num   int64  `json:"n,omitempty"`
	Str   string `json:"s,omitempty"`
	ID    string `json:"i"`
	Query string `json:"q"`
}

// Encode returns the cursor as the opaque after_cursor string.
func (c *Cursor) Encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func singleCursor(vals []string) (*Cursor, error) {
	if len(vals) != 1 {
		return nil, errcode.Errorf(errcode.InvalidCursor, "after_cursor is given %d times: send it once", len(vals))
	}
	s := vals[0]
	if s == "" {
		return nil, nil // the first page
	}
	bad := errcode.Errorf(errcode.InvalidCursor, "invalid after_cursor: pass next_cursor exactly as the previous page returned it, or none for the first page")
	if len(s) > cursorBytesMax {
		return nil, bad
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, bad
	}
	var c Cursor
	if err := json.Unmarshal(b, &c); err != nil || !validID(c.ID) || len(c.Query) != 16 {
		return nil, bad
	}
	return &c, nil
}

// queryHash names the filters and order of a query (not its page size),
// so that a cursor cannot be replayed against another query.
func (p *ListParams) queryHash() string {
	c := *p
	c.Limit, c.Offset, c.After = 0, 0, nil
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// GameParams is a parsed GET /games query.
type GameParams struct {
	SportType string
	Status    string
	Date      *time.Time // a UTC day
	Keyword   string
	Limit     int
	Offset    int
}

// PageSizeDefault is the games page size without page_size or limit.
const PageSizeDefault = 20

// ParseGames parses a GET /games query. sportTypes are the configured
// sport ids. Paging is page (from 1) and page_size, or limit and offset,
// not a mix.
func ParseGames(q url.Values, sportTypes []string) (*GameParams, error) {
	p := &GameParams{Limit: PageSizeDefault}
	known := []string{"date", "keyword", "limit", "offset", "page", "page_size", "sport_type", "status"}
	page, pageSize := 0, 0
	hasLimitOffset := false
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		vals := q[name]
		if !slices.Contains(known, name) {
			return nil, errcode.Errorf(errcode.UnknownParameter, "unknown query parameter %q: GET /games takes %s", clip(name), strings.Join(known, ", "))
		}
		if len(vals) != 1 {
			return nil, errcode.Errorf(errcode.InvalidParameter, "%s is given %d times: send it once", name, len(vals))
		}
		v := vals[0]
		var err error
		switch name {
		case "sport_type":
			if !slices.Contains(sportTypes, v) {
				return nil, errcode.Errorf(errcode.InvalidParameter, "unknown sport_type %q: use one of %s (GET /config/sport-types)", clip(v), strings.Join(sportTypes, ", "))
			}
			p.SportType = v
		case "status":
			if !slices.Contains(GameStatuses, v) {
				return nil, errcode.Errorf(errcode.InvalidParameter, "status must be one of %s, got %q", strings.Join(GameStatuses, ", "), clip(v))
			}
			p.Status = v
		case "date":
			t, perr := time.Parse(time.DateOnly, v)
			if perr != nil {
				return nil, errcode.Errorf(errcode.InvalidDate, "date must be a day as YYYY-MM-DD (UTC), got %q", clip(v))
			}
			p.Date = &t
		case "keyword":
			if len(v) > keywordBytesMax {
				return nil, errcode.Errorf(errcode.InvalidParameter, "keyword is longer than %d bytes", keywordBytesMax)
			}
			p.Keyword = strings.ToLower(v)
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
		}
		if err != nil {
			return nil, err
		}
	}
	if (page != 0 || pageSize != 0) && hasLimitOffset {
		return nil, errcode.Errorf(errcode.InvalidParameter, "page and page_size do not mix with limit and offset: use one pair")
	}
	if page != 0 || pageSize != 0 {
		if pageSize == 0 {
			pageSize = PageSizeDefault
		}
		if page == 0 {
			page = 1
		}
		p.Limit = pageSize
		p.Offset = (page - 1) * pageSize
		if p.Offset > OffsetMax {
			return nil, errcode.Errorf(errcode.InvalidOffset, "page %d of %d rows starts past row %d", page, pageSize, OffsetMax)
		}
	}
	return p, nil
}
