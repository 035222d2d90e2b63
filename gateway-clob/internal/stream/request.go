package stream

import (
	"errors"

	"pred.dev/gateway-clob/internal/render"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
)

// request is a client's message, parsed: the ids decoded, every field
// checked against the request's type and the channel.
type request struct {
	typ     string
	id      string
	tokens  [][32]byte
	markets [][32]byte
	assets  []string // as sent, for the subscribed answer
	mkts    []string
	from    *uint64
	auth    *clobapi.StreamCredentials
}

// requestIDBytesMax bounds the id a client names its request with.
const requestIDBytesMax = 64

// parseRequest reads one client frame the way the REST API reads a body
// (one strict JSON object, only the documented fields) and checks it for
// the channel (user: no assets_ids). Errors are coded; the id, when it
// could be read, is returned with them so the error answers it.
func parseRequest(data []byte, user bool, idsMax int) (request, error) {
	var r clobapi.StreamRequest
	if err := httpmw.DecodeJSON(data, &r, errcode.StreamMalformedMessage); err != nil {
		return request{}, err
	}
	q := request{typ: r.Type, id: r.ID, from: r.From, auth: r.Auth}
	if len(r.ID) > requestIDBytesMax {
		return request{}, errcode.Errorf(errcode.StreamInvalidRequest, "id is longer than %d bytes", requestIDBytesMax)
	}
	switch r.Type {
	case clobapi.StreamSubscribe, clobapi.StreamUnsubscribe:
	case clobapi.StreamAuth:
		if !user {
			return q, errcode.Errorf(errcode.StreamUnknownRequest, "auth is for /ws/user only: /ws/market needs no credentials")
		}
		if r.Auth == nil || len(r.AssetIDs)+len(r.Markets) > 0 || r.From != nil {
			return q, errcode.Errorf(errcode.StreamInvalidRequest, "an auth request carries auth and nothing else")
		}
		return q, nil
	default:
		return q, errcode.Errorf(errcode.StreamUnknownRequest, "unknown request type %q: send subscribe, unsubscribe, ping or (on /ws/user) auth", render.Clip(r.Type))
	}
	if r.Auth != nil {
		return q, errcode.Errorf(errcode.StreamInvalidRequest, "auth belongs in an auth request")
	}
	if r.From != nil && r.Type == clobapi.StreamUnsubscribe {
		return q, errcode.Errorf(errcode.StreamInvalidRequest, "from is for subscribe only")
	}
	if user && len(r.AssetIDs) > 0 {
		return q, errcode.Errorf(errcode.StreamInvalidRequest, "/ws/user filters by markets (condition ids), not assets_ids")
	}
	if !user && r.Type == clobapi.StreamSubscribe && len(r.AssetIDs)+len(r.Markets) == 0 {
		return q, errcode.Errorf(errcode.StreamInvalidRequest, "subscribe to at least one of assets_ids (token ids) or markets (condition ids)")
	}
	if len(r.AssetIDs)+len(r.Markets) > idsMax {
		return q, tooMany(idsMax)
	}
	for _, s := range r.AssetIDs {
		t, err := render.ParseTokenID(s)
		if err != nil {
			return q, err
		}
		q.tokens, q.assets = append(q.tokens, t), append(q.assets, s)
	}
	for _, s := range r.Markets {
		m, err := render.ParseHash32(s, errcode.InvalidMarketID)
		if err != nil {
			return q, err
		}
		q.markets, q.mkts = append(q.markets, m), append(q.mkts, render.Hash32(m[:]))
	}
	return q, nil
}

func tooMany(idsMax int) error {
	return errcode.Errorf(errcode.StreamTooManySubscriptions, "too many subscriptions: at most %d ids (assets_ids and markets together) per connection; open another connection", idsMax)
}

// coded is err as the stream's error, an internal one for an error
// without a code.
func coded(err error) *errcode.Error {
	var ce *errcode.Error
	if errors.As(err, &ce) {
		return ce
	}
	var c errcode.Code
	if errors.As(err, &c) {
		return errcode.New(c)
	}
	return errcode.Wrap(errcode.InternalError, err)
}
