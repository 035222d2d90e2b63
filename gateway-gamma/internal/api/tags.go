package api

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

func (a *API) registerTags(e *echo.Echo) {
	e.GET("/tags", a.listTags, a.fresh)
	e.GET("/tags/:id", a.getTag, a.fresh)
	e.GET("/tags/slug/:slug", a.getTagBySlug, a.fresh)
}

func (a *API) listTags(c echo.Context) error {
	p, err := parseTags(c.QueryParams())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a.reader.Tags(p))
}

func (a *API) getTag(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	t, ok := a.view.Tag(id)
	if !ok {
		return errcode.New(errcode.TagNotFound)
	}
	return c.JSON(http.StatusOK, t)
}

func (a *API) getTagBySlug(c echo.Context) error {
	slug, err := pathSlug(c)
	if err != nil {
		return err
	}
	t, ok := a.view.TagBySlug(slug)
	if !ok {
		return errcode.New(errcode.TagNotFound)
	}
	return c.JSON(http.StatusOK, t)
}

func (a *API) createTag(c echo.Context) error {
	return operatorCall(a, c, http.StatusCreated, a.operator.CreateTag, asIs[*gammaapi.Tag])
}

func (a *API) updateTag(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return operatorCall(a, c, http.StatusOK, func(ctx context.Context, p gammaapi.TagPatch) (*gammaapi.Tag, error) {
		return a.operator.UpdateTag(ctx, id, p)
	}, asIs[*gammaapi.Tag])
}

// parseTags parses a GET /tags query.
func parseTags(q url.Values) (*catalog.TagParams, error) {
	p := &catalog.TagParams{Limit: LimitDefault}
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
