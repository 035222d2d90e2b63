package catalog

import (
	"net/url"
	"slices"
	"strings"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

// Tags label events: an operator creates them (POST /admin/tags) and sets
// an event's tags (tagIds); an event's markets carry its tags, and the
// lists filter by them. Tags are never deleted, so an event never points
// at a missing one; a slug, like an event's, is claimed once and forever.

// TagParams is a parsed GET /tags query: tags by id, a page of them.
type TagParams struct {
	Limit  int
	Offset int
}

// ParseTags parses a GET /tags query.
func ParseTags(q url.Values) (*TagParams, error) {
	p := &TagParams{Limit: LimitDefault}
	known := []string{"limit", "offset"}
	for _, name := range sortedNames(q) {
		vals := q[name]
		var err error
		switch name {
		case "limit":
			p.Limit, err = singleInt(name, vals, 1, LimitMax, errcode.InvalidLimit)
		case "offset":
			p.Offset, err = singleInt(name, vals, 0, OffsetMax, errcode.InvalidOffset)
		default:
			err = errcode.Errorf(errcode.UnknownParameter, "unknown query parameter %q: GET /tags takes %s", clip(name), strings.Join(known, ", "))
		}
		if err != nil {
			return nil, err
		}
	}
	return p, nil
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

// Tags answers GET /tags.
func (r *Reader) Tags(p *TagParams) []gammaapi.Tag {
	all := r.View.Tags()
	out := []gammaapi.Tag{}
	for i := p.Offset; i < len(all) && i < p.Offset+p.Limit; i++ {
		out = append(out, *all[i])
	}
	return out
}
