package apitest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"pred.dev/proto/runtime/apidocs"
)

// streamDocSource is a small stream API: a client subscribes; the server
// answers with a control message and sends ticks in arrays.
const streamDocSource = `asyncapi: 3.0.0
info: {title: Test streams, version: 1.0.0}
channels:
  feed:
    address: /ws/feed
    messages:
      subscribe: {$ref: "#/components/messages/subscribe"}
      subscribed: {$ref: "#/components/messages/subscribed"}
      tick: {$ref: "#/components/messages/tick"}
operations:
  receiveFeed:
    action: receive
    channel: {$ref: "#/channels/feed"}
    messages: [{$ref: "#/channels/feed/messages/subscribe"}]
  sendFeed:
    action: send
    channel: {$ref: "#/channels/feed"}
    x-pred-frame: array
    messages: [{$ref: "#/channels/feed/messages/subscribed"}, {$ref: "#/channels/feed/messages/tick"}]
components:
  messages:
    subscribe: {name: subscribe, payload: {$ref: "#/components/schemas/Subscribe"}}
    subscribed: {name: subscribed, x-pred-control: true, payload: {$ref: "#/components/schemas/Subscribed"}}
    tick: {name: tick, payload: {$ref: "#/components/schemas/Tick"}}
  schemas:
    TokenID: {type: string, pattern: "^(0|[1-9][0-9]*)$"}
    Subscribe:
      type: object
      additionalProperties: false
      required: [type, assets_ids]
      properties:
        type: {type: string, const: subscribe}
        assets_ids: {type: array, items: {$ref: "#/components/schemas/TokenID"}}
        from: {type: integer, minimum: 0}
    Subscribed:
      type: object
      additionalProperties: false
      required: [type, position]
      properties:
        type: {type: string, const: subscribed}
        position: {type: integer, minimum: 0}
    Tick:
      type: object
      additionalProperties: false
      required: [type, position, seq, asset_id, event]
      properties:
        type: {type: string, const: tick}
        position: {type: integer, minimum: 0}
        seq: {type: integer, minimum: 1}
        asset_id: {$ref: "#/components/schemas/TokenID"}
        event: {type: string, enum: [up, down]}
        price: {type: string}
`

// completeStream is an example of every message of streamDocSource.
var completeStream = map[string]string{
	"subscribe.json":  `{"subscribe": {"type": "subscribe", "assets_ids": ["7"]}}`,
	"subscribed.json": `{"subscribed": {"type": "subscribed", "position": 3}}`,
	"tick.json":       `{"up": {"type": "tick", "position": 4, "seq": 1, "asset_id": "7", "event": "up"}}`,
}

// streamSpecOf builds a document with the examples of dir, as a service
// does at start.
func streamSpecOf(t *testing.T, source, dir string) *StreamSpec {
	t.Helper()
	fsys := fstest.MapFS{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fsys[e.Name()] = &fstest.MapFile{Data: data}
	}
	d, err := apidocs.BuildAsync([]byte(source), fsys)
	if err != nil {
		t.Fatal(err)
	}
	return NewStreamSpec(d, dir)
}

const (
	tick1 = `{"type":"tick","position":4,"seq":1,"asset_id":"7","event":"up"}`
	tick2 = `{"type":"tick","position":4,"seq":2,"asset_id":"8","event":"down","price":"0.5"}`
)

// TestStreamValidator: each frame alone, what is reported at the test's
// end and what Frame or Request returns.
func TestStreamValidator(t *testing.T) {
	s := streamSpecOf(t, streamDocSource, writeExamples(t, completeStream))
	for _, tc := range []struct {
		name, address, frame string
		request              bool
		want                 string // a substring of the one report; "" for none
	}{
		{"ticks of one position", "/ws/feed", "[" + tick1 + "," + tick2 + "]", false, ""},
		{"an address with a query", "/ws/feed?signature_type=0", "[" + tick1 + "]", false, ""},
		{"a control message", "/ws/feed", `{"type":"subscribed","position":3}`, false, ""},
		{"a control message in an array", "/ws/feed", `[{"type":"subscribed","position":3}]`, false, `control message "subscribed" in an array: it comes alone, as a bare object`},
		{"a request", "/ws/feed", `{"type":"subscribe","assets_ids":["7"],"from":3}`, true, ""},
		{"a message with a seq as a bare object", "/ws/feed", tick1, false, "a tick message alone as a bare object: only control messages come bare"},
		{"an unknown type as a bare object", "/ws/feed", `{"type":"tock","position":4}`, false, `the server sends no message of type "tock"`},
		{"an empty array", "/ws/feed", `[]`, false, "a server frame is neither a non-empty JSON array of messages nor a control message"},
		{"not JSON", "/ws/feed", `[{"type":`, false, "a server frame is neither a non-empty JSON array of messages nor a control message"},
		{"a string", "/ws/feed", `"tick"`, false, "a server frame is neither a non-empty JSON array of messages nor a control message"},
		{"unknown type", "/ws/feed", `[{"type":"tock","position":4}]`, false, `the server sends no message of type "tock"`},
		{"no type", "/ws/feed", `[{"position":4}]`, false, `the server sends no message of type ""`},
		{"a client's type from the server", "/ws/feed", `[{"type":"subscribe","assets_ids":[]}]`, false, `the server sends no message of type "subscribe"`},
		{"missing field", "/ws/feed", `[{"type":"tick","position":4,"seq":1,"event":"up"}]`, false, "tick message (components/messages/tick) does not fit its schema: /: missing property 'asset_id'"},
		{"bad token id", "/ws/feed", `[{"type":"tick","position":4,"seq":1,"asset_id":"07","event":"up"}]`, false, "/asset_id: "},
		{"bad enum", "/ws/feed", `[{"type":"tick","position":4,"seq":1,"asset_id":"7","event":"sideways"}]`, false, "/event: "},
		{"seq 0", "/ws/feed", `[{"type":"tick","position":4,"seq":0,"asset_id":"7","event":"up"}]`, false, "/seq: "},
		{"an undocumented field", "/ws/feed", `[{"type":"tick","position":4,"seq":1,"asset_id":"7","event":"up","size":"1"}]`, false, "additional properties 'size' not allowed"},
		{"a number as a string", "/ws/feed", `[{"type":"tick","position":"4","seq":1,"asset_id":"7","event":"up"}]`, false, "/position: "},
		{"a control message with others", "/ws/feed", `[{"type":"subscribed","position":4},` + tick1 + `]`, false, `control message "subscribed" in an array`},
		{"two positions in a frame", "/ws/feed", `[` + tick1 + `,{"type":"tick","position":5,"seq":2,"asset_id":"7","event":"up"}]`, false, "one frame holds positions 4, 5"},
		{"unknown channel", "/ws/other", `[` + tick1 + `]`, false, "/ws/other is not a channel of the document"},
		{"a server's type from the client", "/ws/feed", tick1, true, `the client sends no message of type "tick"`},
		{"a bad request", "/ws/feed", `{"type":"subscribe","assets_ids":"7"}`, true, "/assets_ids: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := NewRecorder(t)
			v := s.NewValidator(rec)
			var err error
			if tc.request {
				err = v.Request(tc.address, []byte(tc.frame))
			} else {
				err = v.Frame(tc.address, []byte(tc.frame))
			}
			errs := rec.Finish()
			switch {
			case tc.want == "" && (len(errs) != 0 || err != nil):
				t.Errorf("reported %q (returned %v), want nothing", errs, err)
			case tc.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], tc.want) || err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("reported %q (returned %v), want one report containing %q", errs, err, tc.want)
			}
		})
	}
}

func TestStreamRequireChecks(t *testing.T) {
	s := streamSpecOf(t, streamDocSource, writeExamples(t, completeStream))
	rec := NewRecorder(t)
	s.NewValidator(rec, RequireChecks())
	if errs := rec.Finish(); len(errs) != 1 || !strings.Contains(errs[0], "no stream message was validated") {
		t.Errorf("without traffic: %q", errs)
	}
	rec = NewRecorder(t)
	v := s.NewValidator(rec, RequireChecks())
	_ = v.Frame("/ws/feed", []byte("["+tick1+"]"))
	if errs := rec.Finish(); len(errs) != 0 {
		t.Errorf("after a valid frame: %q", errs)
	}
}

// TestStreamExamplesRecorded: with -rewrite-examples the messages
// received are written as examples named by their event (or type),
// where the file has none of that name or a less informative one, in the
// file the service builds its document from.
func TestStreamExamplesRecorded(t *testing.T) {
	dir := writeExamples(t, map[string]string{"tick.json": completeStream["tick.json"]})
	s := streamSpecOf(t, streamDocSource, dir)
	setRewrite(t)
	rec := NewRecorder(t)
	v := s.NewValidator(rec)
	_ = v.Frame("/ws/feed", []byte(`{"type":"subscribed","position":3}`))
	_ = v.Frame("/ws/feed", []byte("["+tick1+","+tick2+"]"))
	_ = v.Request("/ws/feed", []byte(`{"type":"subscribe","assets_ids":["7"],"from":3}`))
	_ = v.Frame("/ws/feed", []byte(`[{"type":"nope","position":3}]`))
	errs := rec.Finish()
	if len(errs) != 1 || !strings.Contains(errs[0], `"nope"`) {
		t.Errorf("reported %q, want the unknown type only", errs)
	}
	tick := readFile(t, dir, "tick.json")
	if fmt.Sprint(tick["up"]) != fmt.Sprint(map[string]any{"type": "tick", "position": 4.0, "seq": 1.0, "asset_id": "7", "event": "up"}) {
		t.Errorf("the tick example up, as informative as the one recorded, was replaced: %v", tick["up"])
	}
	if down, _ := tick["down"].(map[string]any); down["price"] != "0.5" {
		t.Errorf("the tick example down was not recorded: %v", tick)
	}
	if _, ok := readFile(t, dir, "subscribe.json")["subscribe with from"]; !ok {
		t.Errorf("the request was not recorded as \"subscribe with from\": %v", readFile(t, dir, "subscribe.json"))
	}
	if _, ok := readFile(t, dir, "subscribed.json")["subscribed"]; !ok {
		t.Error("the control message was not recorded")
	}
	if _, err := os.Stat(filepath.Join(dir, "nope.json")); err == nil {
		t.Error("a message of no type of the document was recorded")
	}
	// What was written builds a document whose examples are complete.
	rec = NewRecorder(t)
	CheckStreamExamples(rec, streamSpecOf(t, streamDocSource, dir))
	if errs := rec.Finish(); len(errs) != 0 {
		t.Errorf("the recorded examples: %q", errs)
	}
}

// TestCheckStreamExamples: a message without an example, an example that
// does not fit, a file of no message and a message no operation carries
// are each reported with the file to fix.
func TestCheckStreamExamples(t *testing.T) {
	rec := NewRecorder(t)
	CheckStreamExamples(rec, streamSpecOf(t, streamDocSource, writeExamples(t, completeStream)))
	if errs := rec.Finish(); len(errs) != 0 {
		t.Fatalf("complete examples: %q", errs)
	}
	files := map[string]string{
		"subscribe.json": completeStream["subscribe.json"],
		"tick.json":      `{"up": {"type": "tick", "position": 4, "seq": 1, "asset_id": "x", "event": "up"}}`,
		"ghost.json":     `{"g": {"type": "ghost"}}`,
	}
	source := strings.Replace(streamDocSource, "  schemas:\n", "    orphan: {name: orphan, payload: {$ref: \"#/components/schemas/Subscribed\"}}\n  schemas:\n", 1)
	dir := writeExamples(t, files)
	rec = NewRecorder(t)
	CheckStreamExamples(rec, streamSpecOf(t, source, dir))
	errs := strings.Join(rec.Finish(), "\n")
	for _, want := range []string{
		"examples/ghost.json: components/messages has no ghost",
		`message subscribed (type "subscribed") has no example`,
		filepath.Join(dir, "subscribed.json"),
		`message tick: example 1 "up"`, "/asset_id: ",
		"components/messages/orphan is in no operation",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("the reports do not say %q:\n%s", want, errs)
		}
	}
}

// TestStreamDocumentStructure: references that name nothing, an operation
// sending another channel's message, two messages of one type in one
// direction and a payload without a const type are refused when the
// document loads.
func TestStreamDocumentStructure(t *testing.T) {
	for _, tc := range []struct{ name, old, new, want string }{
		{"dangling reference", `asset_id: {$ref: "#/components/schemas/TokenID"}`, `asset_id: {$ref: "#/components/schemas/Token"}`, "$ref #/components/schemas/Token names nothing"},
		{"another channel's message", `messages: [{$ref: "#/channels/feed/messages/subscribe"}]`, `messages: [{$ref: "#/components/messages/subscribe"}]`, "is not one of its channel's"},
		{"one type twice", `subscribed: {name: subscribed, x-pred-control: true, payload: {$ref: "#/components/schemas/Subscribed"}}`, `subscribed: {name: subscribed, payload: {$ref: "#/components/schemas/Tick"}}`, `both have type "tick"`},
		{"no const type", `type: {type: string, const: subscribed}`, `type: {type: string}`, "the payload's type property is not a const string"},
		{"a bad action", "action: receive", "action: publish", "action publish is neither send nor receive"},
		{"not a schema", `minimum: 1}`, `minimum: "one"}`, "the payload is not a JSON Schema"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			source := strings.Replace(streamDocSource, tc.old, tc.new, 1)
			if source == streamDocSource {
				t.Fatalf("%q is not in the document", tc.old)
			}
			_, err := loadStreamDoc([]byte(source))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("loaded with %v, want an error saying %q", err, tc.want)
			}
		})
	}
	if _, err := loadStreamDoc([]byte(streamDocSource)); err != nil {
		t.Fatalf("the valid document: %v", err)
	}
}
