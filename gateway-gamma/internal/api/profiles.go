package api

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/wallet"
)

// Bounds of the profile fields.
const (
	profileBodyBytesMax = 8 << 10
	nameBytesMax        = 64
	bioBytesMax         = 1000
	imageURLBytesMax    = 512
)

func validateProfile(r *gammaapi.ProfileRequest) error {
	for name, v := range map[string]*string{"name": r.Name, "pseudonym": r.Pseudonym} {
		if v != nil && (len(*v) > nameBytesMax || !utf8.ValidString(*v) || strings.ContainsAny(*v, "\n\r\t")) {
			return errcode.Errorf(errcode.InvalidPayload, "%s must be one line of UTF-8, at most %d bytes", name, nameBytesMax)
		}
	}
	if r.Bio != nil && (len(*r.Bio) > bioBytesMax || !utf8.ValidString(*r.Bio)) {
		return errcode.Errorf(errcode.InvalidPayload, "bio must be UTF-8, at most %d bytes", bioBytesMax)
	}
	if r.ProfileImage != nil && *r.ProfileImage != "" {
		u, err := url.Parse(*r.ProfileImage)
		if err != nil || len(*r.ProfileImage) > imageURLBytesMax || u.Scheme != "https" || u.Host == "" {
			return errcode.Errorf(errcode.InvalidPayload, "profileImage must be an https URL of at most %d bytes, or empty", imageURLBytesMax)
		}
	}
	return nil
}

func (a *API) postProfile(c echo.Context) error {
	claims := claimsOf(c)
	body, err := httpmw.ReadBody(c, profileBodyBytesMax)
	if err != nil {
		return err
	}
	var req gammaapi.ProfileRequest
	if err := httpmw.DecodeJSON(body, &req, errcode.InvalidPayload); err != nil {
		return err
	}
	if err := validateProfile(&req); err != nil {
		return err
	}
	addr := claims.Address()
	key := strings.ToLower(addr.Hex())
	now := a.now().UTC()
	proxy := wallet.ProxyAddress(a.cfg.ProxyFactory, a.cfg.ProxyInitCodeHash, addr)
	ctx, cancel := context.WithTimeout(c.Request().Context(), writeWaitMax)
	defer cancel()
	p, rev, err := a.store.UpsertProfile(ctx, key, func() *gammaapi.Profile {
		return &gammaapi.Profile{Address: key, CreatedAt: now}
	}, func(p *gammaapi.Profile) error {
		p.ProxyWallet = proxy.Hex()
		set(&p.Name, req.Name)
		set(&p.Pseudonym, req.Pseudonym)
		set(&p.Bio, req.Bio)
		set(&p.ProfileImage, req.ProfileImage)
		if req.DisplayUsernamePublic != nil {
			p.DisplayUsernamePublic = *req.DisplayUsernamePublic
		}
		p.UpdatedAt = now
		return nil
	})
	if err != nil {
		return err
	}
	if err := a.view.WaitFor(ctx, rev); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
