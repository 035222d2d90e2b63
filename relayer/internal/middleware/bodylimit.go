package middleware

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
)

// BodyBytesMax bounds a request body. The largest legitimate body is a
// submission with request.DataBytesMax bytes of calldata in hex (64 KB).
const BodyBytesMax = 128 << 10

// ReadBody reads the whole body, refusing more than BodyBytesMax.
func ReadBody(c echo.Context) ([]byte, error) {
	r := c.Request()
	if r.Body == nil || r.Body == http.NoBody {
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
	return b, nil
}
