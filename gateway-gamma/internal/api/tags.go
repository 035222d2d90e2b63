package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

func (a *API) registerTags(e *echo.Echo) {
	e.GET("/tags", a.listTags)
	e.GET("/tags/:id", a.getTag)
	e.GET("/tags/slug/:slug", a.getTagBySlug)
}

func (a *API) listTags(c echo.Context) error {
	p, err := catalog.ParseTags(c.QueryParams())
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
