package apitest_test

import (
	"strings"
	"testing"

	"pred.dev/gateway-gamma/apitest"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// sportResult is a live game's state as the sports channel sends it
// (proto/client/gammaapi.SportResult, branch i22-sdk22).
const sportResult = `{"type":"sport_result","position":812,"gameId":"4","leagueAbbreviation":"nba","slug":"nba-lal-bos",` +
	`"homeTeam":"Boston Celtics","awayTeam":"Los Angeles Lakers","status":"live","score":"3-16","period":"","elapsed":"",` +
	`"live":true,"ended":false,"homeScore":3,"awayScore":16,"scheduledAt":"2026-11-27T19:30:00Z","eventId":"12"}`

// TestSportsChannel: the sports channel's document takes what the
// channel sends (games in arrays, control messages bare) and refuses the
// rest, each frame alone.
func TestSportsChannel(t *testing.T) {
	finished := strings.NewReplacer(`"status":"live"`, `"status":"finished"`, `"live":true,"ended":false`, `"live":false,"ended":true,"finished_timestamp":"2026-11-27T22:04:11Z"`).Replace(sportResult)
	for _, tc := range []struct{ name, frame, want string }{
		{"games of one position", "[" + sportResult + "," + strings.Replace(sportResult, `"gameId":"4"`, `"gameId":"5"`, 1) + "]", ""},
		{"a finished game", "[" + finished + "]", ""},
		{"a ping", `{"type":"ping","position":812}`, ""},
		{"an error", `{"type":"error","position":812,"code":"STREAM_UNKNOWN_REQUEST","message":"ping only"}`, ""},
		{"a game as a bare object", sportResult, "a sport_result message alone as a bare object"},
		{"a Polymarket status", "[" + strings.Replace(sportResult, `"status":"live"`, `"status":"InProgress"`, 1) + "]", "/status: "},
		{"a score with a colon", "[" + strings.Replace(sportResult, `"score":"3-16"`, `"score":"3:16"`, 1) + "]", "/score: "},
		{"a score as a number", "[" + strings.Replace(sportResult, `"homeScore":3`, `"homeScore":"3"`, 1) + "]", "/homeScore: "},
		{"no scheduledAt", "[" + strings.Replace(sportResult, `,"scheduledAt":"2026-11-27T19:30:00Z"`, "", 1) + "]", "missing property 'scheduledAt'"},
		{"a CLOB message", `[{"type":"book","position":1,"seq":1}]`, `no message of type "book"`},
		{"a CLOB code", `{"type":"error","position":1,"code":"TOKEN_NOT_FOUND","message":"x"}`, "/code: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := rtapitest.NewRecorder(t)
			_ = apitest.StreamSpec().NewValidator(rec).Frame("/ws/sports", []byte(tc.frame))
			errs := rec.Finish()
			switch {
			case tc.want == "" && len(errs) != 0:
				t.Errorf("reported %q, want nothing", errs)
			case tc.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], tc.want)):
				t.Errorf("reported %q, want one report containing %q", errs, tc.want)
			}
		})
	}
	rec := rtapitest.NewRecorder(t)
	v := apitest.StreamSpec().NewValidator(rec)
	_ = v.Request("/ws/sports", []byte(`{"type":"ping"}`))
	_ = v.Request("/ws/sports", []byte(`{"type":"subscribe","markets":[]}`))
	if errs := rec.Finish(); len(errs) != 1 || !strings.Contains(errs[0], `the client sends no message of type "subscribe"`) {
		t.Errorf("requests: %q", errs)
	}
}

func TestSportsDocument(t *testing.T) {
	rtapitest.CheckStreamDocument(t, apitest.StreamSpec())
	rtapitest.CheckStreamExamples(t, apitest.StreamSpec())
}
