package catalog

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"time"
)

// The queries the Reader answers, as typed filters: the API parses query
// strings into them (internal/api).

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

// ListParams is a GET /events or GET /markets query as typed filters.
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
	// they leave QueryHash as it was before tags, so that cursors stay
	// valid across an upgrade.
	TagID         string   `json:",omitempty"`
	TagSlug       string   `json:",omitempty"`
	ExcludeTagIDs []string `json:",omitempty"`
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

// DecodeCursor reads an after_cursor string Encode made; ok is false for
// anything else.
func DecodeCursor(s string) (c *Cursor, ok bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, false
	}
	c = &Cursor{}
	if err := json.Unmarshal(b, c); err != nil || !validID(c.ID) || len(c.Query) != 16 {
		return nil, false
	}
	return c, true
}

// QueryHash names the filters and order of a query (not its page size),
// so that a cursor cannot be replayed against another query.
func (p *ListParams) QueryHash() string {
	c := *p
	c.Limit, c.Offset, c.After = 0, 0, nil
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// GameParams is a GET /games query as typed filters.
type GameParams struct {
	SportType string
	Status    string
	Date      *time.Time // a UTC day
	Keyword   string
	Limit     int
	Offset    int
}
