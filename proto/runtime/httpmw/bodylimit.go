package httpmw

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
)

const keyRawBody = "raw_body"

// ReadBody reads the whole body, refusing more than bytesMax with
// PAYLOAD_TOO_LARGE. It reads once per request and hands later callers the
// same bytes: the CLOB's L2 auth signs the exact body and its handler then
// decodes it.
func ReadBody(c echo.Context, bytesMax int64) ([]byte, error) {
	if b, ok := c.Get(keyRawBody).([]byte); ok {
		return b, nil
	}
	r := c.Request()
	if r.Body == nil || r.Body == http.NoBody {
		c.Set(keyRawBody, []byte{})
		return []byte{}, nil
	}
	b, err := io.ReadAll(http.MaxBytesReader(c.Response(), r.Body, bytesMax))
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
