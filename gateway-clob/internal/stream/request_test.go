package stream

import (
	"errors"
	"testing"

	"pred.dev/gateway-clob/internal/render"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// FuzzParseRequest: whatever a client sends, parsing never panics, a
// refusal carries a code of the error table, and an accepted request is
// one of the known types with ids that render back as sent (canonical)
// and within the limit.
func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		`{"type":"subscribe","id":"a","assets_ids":["1001","1002"]}`,
		`{"type":"subscribe","markets":["0x00000000000000000000000000000000000000000000000000000000000000aa"],"from":12}`,
		`{"type":"unsubscribe","assets_ids":["1001"]}`,
		`{"type":"auth","auth":{"address":"0x1","api_key":"k","passphrase":"p","timestamp":"1","signature":"s"}}`,
		`{"type":"ping"}`, `{"type":"subscribe","assets_ids":["01"]}`, `{"type":"subscribe","from":-1}`,
		`{"type":"subscribe","assets_ids":"1001"}`, `[]`, `null`, `{"type":"subscribe","type":"auth"}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	const idsMax = 4
	f.Fuzz(func(t *testing.T, data []byte, user bool) {
		req, err := parseRequest(data, user, idsMax)
		if err != nil {
			var ce *errcode.Error
			if !errors.As(err, &ce) || !ce.Code.Known() {
				t.Fatalf("%q: an uncoded refusal %v", data, err)
			}
			return
		}
		switch req.typ {
		case clobapi.StreamSubscribe, clobapi.StreamUnsubscribe:
		case clobapi.StreamAuth:
			if !user || req.auth == nil {
				t.Fatalf("%q: auth accepted on the market channel or without credentials", data)
			}
		default:
			t.Fatalf("%q: accepted type %q", data, req.typ)
		}
		if len(req.tokens)+len(req.markets) > idsMax || user && len(req.tokens) > 0 {
			t.Fatalf("%q: %d tokens and %d markets accepted", data, len(req.tokens), len(req.markets))
		}
		for i, tok := range req.tokens {
			if render.TokenString(tok[:]) != req.assets[i] {
				t.Fatalf("%q: token %s is not canonical", data, req.assets[i])
			}
		}
	})
}
