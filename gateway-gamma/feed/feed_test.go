package feed

import (
	"context"
	"strings"
	"testing"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
)

// TestDemoScript: the embedded script parses and plays the demo game:
// pre-game before its first event, live ten minutes early, finished
// 112-108 with the last score kept by the end event.
func TestDemoScript(t *testing.T) {
	t.Parallel()
	s := DemoScript()
	at := time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)
	g := &gammaapi.Game{ID: "7", ScheduledAt: at}
	for _, c := range []struct {
		offset     time.Duration
		status     string
		home, away int
		updated    time.Duration
	}{
		{-time.Hour, catalog.GamePreGame, 0, 0, 0},
		{-10 * time.Minute, catalog.GameLive, 0, 0, -10 * time.Minute},
		{30 * time.Minute, catalog.GameLive, 31, 28, 20 * time.Minute},
		{3 * time.Hour, catalog.GameFinished, 112, 108, 150 * time.Minute},
	} {
		r, ok, err := s.Fetch(context.Background(), g, "nba-lal-bos-demo", at.Add(c.offset))
		want := at.Add(c.updated)
		if c.updated == 0 {
			want = time.Time{} // before the first event: undated
		}
		if err != nil || !ok || r.Status != c.status || r.Home != c.home || r.Away != c.away || !r.UpdatedAt.Equal(want) {
			t.Errorf("at %s: %+v %v %v", c.offset, r, ok, err)
		}
	}
	if _, ok, _ := s.Fetch(context.Background(), g, "another-event", at); ok {
		t.Error("the script reported a game it does not name")
	}
}

// TestParseScriptRefuses: scripts that cannot be played are refused at
// start, with the reason.
func TestParseScriptRefuses(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"unknown field":  `{"games":[{"game":"g","events":[{"at":"1m","colour":"red"}]}]}`,
		"no events":      `{"games":[{"game":"g","events":[]}]}`,
		"out of order":   `{"games":[{"game":"g","events":[{"at":"2m"},{"at":"1m"}]}]}`,
		"backwards":      `{"games":[{"game":"g","events":[{"at":"1m","status":"finished"},{"at":"2m","status":"live"}]}]}`,
		"negative score": `{"games":[{"game":"g","events":[{"at":"1m","status":"live","home":-1}]}]}`,
		"bad duration":   `{"games":[{"game":"g","events":[{"at":"soon"}]}]}`,
		"trailing data":  `{"games":[]} {}`,
	} {
		if _, err := ParseScript([]byte(src)); err == nil || !strings.HasPrefix(err.Error(), "feed: script") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
