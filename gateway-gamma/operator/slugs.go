package operator

import (
	"context"

	"pred.dev/proto/errcode"
)

// reserve allocates an id and claims the slug for it, or reuses the id a
// slug was claimed for by a creation that never finished (exists says
// whether the record of an id exists).
func (o *Operator) reserve(ctx context.Context, kind, slug string, exists func(id string) bool) (string, error) {
	if owner, ok, err := o.store.SlugOwner(ctx, kind, slug); err != nil {
		return "", err
	} else if ok {
		if exists(owner) {
			return "", errcode.Errorf(errcode.SlugTaken, "the %s slug %q is taken by %s %s", kind, slug, kind, owner)
		}
		return owner, nil // complete the unfinished creation
	}
	id, err := o.store.NextID(ctx, kind)
	if err != nil {
		return "", err
	}
	if err := o.store.ReserveSlug(ctx, kind, slug, id); err != nil {
		return "", err
	}
	return id, nil
}
