package gammaapi

import "time"

// Tag is a label an operator puts on events (GET /tags); an event's
// markets carry its tags, and lists filter by them (tag_id, tag_slug,
// exclude_tag_id).
type Tag struct {
	ID        string    `json:"id"`
	Label     string    `json:"label"`
	Slug      string    `json:"slug"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// TagInput is the body of POST /admin/tags.
type TagInput struct {
	Label string `json:"label"`
	Slug  string `json:"slug"`
}

// TagPatch is the body of PATCH /admin/tags/{id}; a slug never changes.
type TagPatch struct {
	Label *string `json:"label,omitempty"`
}

// SearchResults is the body of GET /public-search: what matches the
// query, each kind in its own list of at most limit_per_type rows.
type SearchResults struct {
	Events     []Event          `json:"events"`
	Markets    []Market         `json:"markets"`
	Tags       []Tag            `json:"tags"`
	Teams      []SearchTeam     `json:"teams"`
	Pagination SearchPagination `json:"pagination"`
}

// SearchTeam is a team of the games, found by name or abbreviation, with
// the games it plays, by id.
type SearchTeam struct {
	Name         string   `json:"name"`
	Abbreviation string   `json:"abbreviation"`
	SportType    string   `json:"sportType"`
	GameIDs      []string `json:"gameIds"`
}

// SearchPagination says whether a later page has more of any kind, and
// how many rows of every kind matched in all.
type SearchPagination struct {
	HasMore      bool `json:"hasMore"`
	TotalResults int  `json:"totalResults"`
}
