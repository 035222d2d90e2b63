package operator

import (
	"context"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

// CreateTag writes a new tag. Its slug is claimed for good, as an event's
// is; a creation interrupted after the claim completes when sent again.
func (o *Operator) CreateTag(ctx context.Context, in gammaapi.TagInput) (*gammaapi.Tag, error) {
	if err := checkText("label", in.Label, labelBytesMax, true); err != nil {
		return nil, err
	}
	if !catalog.ValidSlug(in.Slug) {
		return nil, errcode.Errorf(errcode.InvalidSlug, "slug %q: use 1 to 128 lowercase letters, digits and single dashes", in.Slug)
	}
	if t, ok := o.view.TagBySlug(in.Slug); ok {
		return nil, errcode.Errorf(errcode.SlugTaken, "the tag slug %q is taken by tag %s", in.Slug, t.ID)
	}
	id, err := o.reserve(ctx, "tag", in.Slug, func(id string) bool { _, ok := o.view.Tag(id); return ok })
	if err != nil {
		return nil, err
	}
	now := o.now().UTC()
	t := &gammaapi.Tag{ID: id, Label: in.Label, Slug: in.Slug, CreatedAt: now, UpdatedAt: now}
	rev, err := o.store.CreateTag(ctx, t)
	if err != nil {
		return nil, err
	}
	return t, o.wait(ctx, rev)
}

// UpdateTag changes a tag's label; its slug and id never change.
func (o *Operator) UpdateTag(ctx context.Context, id string, p gammaapi.TagPatch) (*gammaapi.Tag, error) {
	if p.Label != nil {
		if err := checkText("label", *p.Label, labelBytesMax, true); err != nil {
			return nil, err
		}
	}
	t, rev, err := o.store.UpdateTag(ctx, id, func(t *gammaapi.Tag) error {
		setp(&t.Label, p.Label)
		t.UpdatedAt = o.now().UTC()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, o.wait(ctx, rev)
}
