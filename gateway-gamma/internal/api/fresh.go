package api

import (
	"context"
	"time"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
)

// FreshWaitMax bounds how long a catalogue read waits for this replica's
// view to catch up with the store's leader before it answers
// STORE_UNAVAILABLE.
const FreshWaitMax = 2 * time.Second

// fresh makes a catalogue read show every write acknowledged before it
// arrived, through any replica: the view is fed by a watch and may trail
// the bucket, so the read takes the bucket stream's last revision from
// its leader (a fence shared by concurrent reads) and waits until the
// view has applied it.
func (a *API) fresh(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), FreshWaitMax)
		defer cancel()
		rev, err := a.fence.Seq(ctx)
		if err != nil {
			return errcode.Wrap(errcode.StoreUnavailable, err)
		}
		if err := a.view.WaitFor(ctx, rev); err != nil {
			return err
		}
		return next(c)
	}
}
