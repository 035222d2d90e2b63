package gamma

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"pred.dev/proto/client/gammaapi"
)

// Tags returns one page of GET /tags (limit, offset), by id.
func (c *Client) Tags(ctx context.Context, q url.Values) ([]gammaapi.Tag, error) {
	return get[[]gammaapi.Tag](ctx, c, "/tags", q)
}

// Tag returns a tag by id.
func (c *Client) Tag(ctx context.Context, id string) (gammaapi.Tag, error) {
	return get[gammaapi.Tag](ctx, c, "/tags/"+url.PathEscape(id), nil)
}

// TagBySlug returns a tag by slug.
func (c *Client) TagBySlug(ctx context.Context, slug string) (gammaapi.Tag, error) {
	return get[gammaapi.Tag](ctx, c, "/tags/slug/"+url.PathEscape(slug), nil)
}

// SearchParams select a page of GET /public-search: LimitPerType 0 takes
// the server's default, Page 0 the first page.
type SearchParams struct {
	LimitPerType int
	Page         int
}

// Search returns the events, markets, tags and teams whose texts hold
// every word of query.
func (c *Client) Search(ctx context.Context, query string, p SearchParams) (gammaapi.SearchResults, error) {
	q := url.Values{"q": {query}}
	if p.LimitPerType > 0 {
		q.Set("limit_per_type", strconv.Itoa(p.LimitPerType))
	}
	if p.Page > 0 {
		q.Set("page", strconv.Itoa(p.Page))
	}
	return get[gammaapi.SearchResults](ctx, c, "/public-search", q)
}

// CreateTag creates a tag (operator).
func (c *Client) CreateTag(ctx context.Context, in gammaapi.TagInput) (gammaapi.Tag, error) {
	return send[gammaapi.Tag](ctx, c, http.MethodPost, "/admin/tags", in)
}

// UpdateTag changes a tag's label (operator).
func (c *Client) UpdateTag(ctx context.Context, id string, p gammaapi.TagPatch) (gammaapi.Tag, error) {
	return send[gammaapi.Tag](ctx, c, http.MethodPatch, "/admin/tags/"+url.PathEscape(id), p)
}
