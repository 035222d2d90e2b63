package operator

import (
	"context"
	"slices"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

func validateEvent(in *gammaapi.EventInput) error {
	if err := checkText("title", in.Title, titleBytesMax, true); err != nil {
		return err
	}
	if !catalog.ValidSlug(in.Slug) {
		return errcode.Errorf(errcode.InvalidSlug, "slug %q: use 1 to 128 lowercase letters, digits and single dashes", in.Slug)
	}
	if err := checkText("eventType", in.EventType, labelBytesMax, false); err != nil {
		return err
	}
	if err := checkText("category", in.Category, labelBytesMax, false); err != nil {
		return err
	}
	if in.StartDate.IsZero() || in.EndDate.IsZero() || in.EndDate.Before(in.StartDate) {
		return errcode.Errorf(errcode.InvalidDate, "startDate and endDate are required, with endDate not before startDate")
	}
	return nil
}

// checkTags checks an event's tag ids: existing tags, each once.
func (o *Operator) checkTags(ids []string) error {
	if len(ids) > eventTagsMax {
		return invalid("at most %d tagIds", eventTagsMax)
	}
	for i, id := range ids {
		if !catalog.ValidID(id) {
			return errcode.Errorf(errcode.InvalidID, "tagIds[%d] %q: tag ids are positive decimal integers", i, id)
		}
		if _, ok := o.view.Tag(id); !ok {
			return errcode.Errorf(errcode.TagNotFound, "tagIds[%d]: no tag has id %s; create it with POST /admin/tags", i, id)
		}
		if slices.Contains(ids[:i], id) {
			return invalid("tagIds names tag %s twice", id)
		}
	}
	return nil
}

// CreateEvent writes a new event. A retry with the same slug returns the
// event created the first time.
func (o *Operator) CreateEvent(ctx context.Context, in gammaapi.EventInput) (*catalog.EventRecord, error) {
	if err := validateEvent(&in); err != nil {
		return nil, err
	}
	if err := o.checkTags(in.TagIDs); err != nil {
		return nil, err
	}
	if e, ok := o.view.EventBySlug(in.Slug); ok {
		return nil, errcode.Errorf(errcode.SlugTaken, "the event slug %q is taken by event %s", in.Slug, e.ID)
	}
	id, err := o.reserve(ctx, "event", in.Slug, func(id string) bool { _, ok := o.view.Event(id); return ok })
	if err != nil {
		return nil, err
	}
	now := o.now().UTC()
	r := &catalog.EventRecord{ID: id, Title: in.Title, Slug: in.Slug, EventType: in.EventType, Category: in.Category,
		StartDate: in.StartDate.UTC(), EndDate: in.EndDate.UTC(), Active: in.Active == nil || *in.Active, NegRisk: in.NegRisk,
		TagIDs: in.TagIDs, CreatedAt: now, UpdatedAt: now}
	rev, err := o.store.CreateEvent(ctx, r)
	if err != nil {
		return nil, err
	}
	return r, o.wait(ctx, rev)
}

// UpdateEvent applies a patch.
func (o *Operator) UpdateEvent(ctx context.Context, id string, p gammaapi.EventPatch) (*catalog.EventRecord, error) {
	if p.TagIDs != nil {
		if err := o.checkTags(*p.TagIDs); err != nil {
			return nil, err
		}
	}
	r, rev, err := o.store.UpdateEvent(ctx, id, func(e *catalog.EventRecord) error {
		in := gammaapi.EventInput{Title: e.Title, Slug: e.Slug, EventType: e.EventType, Category: e.Category, StartDate: e.StartDate, EndDate: e.EndDate}
		setp(&in.Title, p.Title)
		setp(&in.EventType, p.EventType)
		setp(&in.Category, p.Category)
		setp(&in.StartDate, p.StartDate)
		setp(&in.EndDate, p.EndDate)
		if err := validateEvent(&in); err != nil {
			return err
		}
		e.Title, e.EventType, e.Category, e.StartDate, e.EndDate = in.Title, in.EventType, in.Category, in.StartDate.UTC(), in.EndDate.UTC()
		setp(&e.Active, p.Active)
		setp(&e.Closed, p.Closed)
		setp(&e.Archived, p.Archived)
		if p.TagIDs != nil {
			e.TagIDs = slices.Clone(*p.TagIDs)
		}
		e.UpdatedAt = o.now().UTC()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, o.wait(ctx, rev)
}
