package middleware

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
)

// BodyBytesMax bounds a request body. The largest legitimate body is
// DELETE /orders with 3000 ids (about 210 KB).
const BodyBytesMax = 1 << 20

const keyRawBody = "raw_body"

// ReadBody reads the whole body once (L2 auth signs the exact bytes and the
// handler decodes them), refusing more than BodyBytesMax.
func ReadBody(c echo.Context) ([]byte, error) {
	if b, ok := c.Get(keyRawBody).([]byte); ok {
		return b, nil
	}
	r := c.Request()
	if r.Body == nil || r.Body == http.NoBody {
		c.Set(keyRawBody, []byte{})
		return []byte{}, nil
	}
	b, err := io.ReadAll(http.MaxBytesReader(c.Response(), r.Body, BodyBytesMax))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, errcode.New(errcode.PayloadTooLarge)
		}
		return nil, errcode.Wrap(errcode.InvalidPayload, err)
	}
	c.Set(keyRawBody, b)
	return b, nil
}
