package catalog

import (
	"pred.dev/proto/client/gammaapi"
)

// Tags label events: an operator creates them (POST /admin/tags) and sets
// an event's tags (tagIds); an event's markets carry its tags, and the
// lists filter by them. Tags are never deleted, so an event never points
// at a missing one; a slug, like an event's, is claimed once and forever.

// TagParams is a GET /tags query: tags by id, a page of them.
type TagParams struct {
	Limit  int
	Offset int
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
