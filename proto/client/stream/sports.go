package stream

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"pred.dev/proto/client/gammaapi"
)

// Sports streams Gamma's sports channel at baseURL (Gamma's REST API,
// "http://127.0.0.1:8081"): every game's state (*gammaapi.SportResult),
// then each change. A resume gets the current state of each game that
// changed meanwhile, not every score it went through.
func Sports(ctx context.Context, baseURL string, opts ...Option) *Stream {
	return newStream(ctx, &sportsChannel{base: strings.TrimRight(baseURL, "/")}, opts)
}

// sportsChannel is Gamma's /ws/sports.
type sportsChannel struct{ base string }

func (c *sportsChannel) url(from *uint64) string {
	u := c.base + gammaapi.SportsPath
	if from != nil {
		u += "?" + url.Values{gammaapi.SportsFromParam: {strconv.FormatUint(*from, 10)}}.Encode()
	}
	return u
}

func (c *sportsChannel) header() (http.Header, error) { return nil, nil }

func (c *sportsChannel) hello(*Stream, *uint64) []any { return nil }

func (c *sportsChannel) ping() any { return gammaapi.SportsRequest{Type: gammaapi.MsgSportsPing} }

// frame reads one frame: a JSON array of games, or a control message. A
// ping's position may be taken: the channel sends states, so every game
// changed after it comes again whatever the client missed before.
func (c *sportsChannel) frame(_ *Stream, data []byte) (frameResult, error) {
	raws, err := splitFrame(data)
	if err != nil {
		return frameResult{}, err
	}
	var res frameResult
	for _, raw := range raws {
		var h gammaapi.SportsHeader
		if err := json.Unmarshal(raw, &h); err != nil {
			return frameResult{}, fmt.Errorf("stream: a message without a header: %w", err)
		}
		var m any
		switch h.Type {
		case gammaapi.MsgSportResult:
			m = new(gammaapi.SportResult)
		case gammaapi.MsgSportsError:
			m = new(gammaapi.SportsError)
		case gammaapi.MsgSportsPing, gammaapi.MsgSportsPong:
			res.pos, res.hasPos = max(res.pos, h.Position), true
			continue
		default:
			continue // a newer server's type
		}
		if err := json.Unmarshal(raw, m); err != nil {
			return frameResult{}, fmt.Errorf("stream: %s message: %w", h.Type, err)
		}
		if h.Type == gammaapi.MsgSportResult {
			res.pos, res.hasPos = max(res.pos, h.Position), true
		}
		res.msgs = append(res.msgs, m)
	}
	return res, nil
}
