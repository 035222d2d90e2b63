package api

import (
	"encoding/base64"
	"encoding/binary"
	"strconv"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// cursorBytesMax bounds an incoming cursor.
const cursorBytesMax = 512

// engineCursorBytes is the size of the position an engine cursor encodes
// (a log sequence); the engine writes it as unpadded base64url
// (engine/store, encodeCursor), and the wire cursor is that text in
// standard base64.
const engineCursorBytes = 8

// validEngineCursor reports whether s has the form of a cursor the engine
// issues, so that a cursor a client made up is refused here as
// INVALID_CURSOR instead of reaching the engine.
func validEngineCursor(s string) bool {
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	return err == nil && len(b) == engineCursorBytes && binary.BigEndian.Uint64(b) != 0
}

// pageReq is a parsed page request. Cursors on the wire are the engine's
// opaque cursor in base64, with the reference's sentinels: "MA==" (or
// nothing) for the first page and "LTE=" for the end.
type pageReq struct {
	cursor string // engine cursor; "" is the first page
	end    bool   // the client passed the end sentinel
	limit  uint32
	page   int // 1-based page number for offset-style clients
}

func parsePage(c echo.Context) (pageReq, error) {
	p := pageReq{limit: PageLimitDefault, page: 1}
	switch raw := c.QueryParam("next_cursor"); raw {
	case "", clobapi.InitialCursor:
	case clobapi.EndCursor:
		p.end = true
	default:
		if len(raw) > cursorBytesMax {
			return p, errcode.New(errcode.InvalidCursor)
		}
		b, err := base64.StdEncoding.DecodeString(raw)
		if err != nil || !validEngineCursor(string(b)) {
			return p, errcode.New(errcode.InvalidCursor)
		}
		p.cursor = string(b)
	}
	if s := c.QueryParam("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return p, errcode.Errorf(errcode.InvalidParameter, "limit must be a positive integer (at most %d)", PageLimitMax)
		}
		p.limit = uint32(min(n, PageLimitMax))
	}
	if s := c.QueryParam("page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return p, errcode.Errorf(errcode.InvalidParameter, "page must be an integer")
		}
		if n > PageNumberMax {
			return p, errcode.Errorf(errcode.InvalidParameter, "page is at most %d: use next_cursor to go further", PageNumberMax)
		}
		p.page = max(n, 1) // the spec: values below 1 are coerced to 1
	}
	return p, nil
}

// wireCursor turns the engine's next cursor into the wire form.
func wireCursor(engineNext string) string {
	if engineNext == "" {
		return clobapi.EndCursor
	}
	return base64.StdEncoding.EncodeToString([]byte(engineNext))
}

// fetchPage serves a page request with fetch(cursor, limit), which returns
// the engine page's items and its next cursor. The page parameter is
// served by walking the pages before it.
func fetchPage[T any](p pageReq, fetch func(cursor string, limit uint32) ([]T, string, error)) (clobapi.Page[T], error) {
	out := clobapi.Page[T]{Data: []T{}, NextCursor: clobapi.EndCursor, Limit: int(p.limit)}
	if p.end {
		return out, nil
	}
	cursor := p.cursor
	for i := 1; ; i++ {
		items, next, err := fetch(cursor, p.limit)
		if err != nil {
			return out, err
		}
		if i >= p.page || next == "" {
			if i >= p.page {
				out.Data = append(out.Data, items...)
			}
			out.NextCursor = wireCursor(next)
			if i < p.page {
				out.NextCursor = clobapi.EndCursor
			}
			out.Count = len(out.Data)
			return out, nil
		}
		cursor = next
	}
}
