package apidocs

import (
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"
)

// asyncSource is a small AsyncAPI document of one channel: a request in,
// an array of two messages out.
const asyncSource = `asyncapi: 3.0.0
info:
  title: Kit streams
  version: 1.0.0
  description: |
    ## Frames

    The server sends one JSON **array** per frame.
servers:
  local: {host: "localhost:1", protocol: ws, description: "The test's server."}
channels:
  feed:
    address: /ws/feed
    title: Feed
    messages:
      hello: {$ref: "#/components/messages/hello"}
      tick: {$ref: "#/components/messages/tick"}
operations:
  receiveHello:
    action: receive
    channel: {$ref: "#/channels/feed"}
    messages: [{$ref: "#/channels/feed/messages/hello"}]
  sendTicks:
    action: send
    channel: {$ref: "#/channels/feed"}
    x-pred-frame: array
    messages: [{$ref: "#/channels/feed/messages/tick"}]
components:
  messages:
    hello:
      x-pred-control: true
      name: hello
      title: hello
      summary: "A client's greeting."
      payload: {$ref: "#/components/schemas/Hello"}
    tick:
      name: tick
      title: tick
      summary: "One tick <b>of</b> the feed."
      payload: {$ref: "#/components/schemas/Tick"}
  schemas:
    Decimal: {type: string, pattern: "^[0-9]+$", description: "A decimal string."}
    Hello:
      type: object
      required: [type]
      properties:
        type: {type: string, const: hello}
    Tick:
      type: object
      required: [type, price]
      properties:
        type: {type: string, const: tick}
        price: {description: "The price now.", allOf: [{$ref: "#/components/schemas/Decimal"}]}
        levels:
          type: array
          items:
            type: object
            properties:
              size: {$ref: "#/components/schemas/Decimal"}
`

func buildAsync(t *testing.T, files fstest.MapFS) AsyncDocument {
	t.Helper()
	d, err := BuildAsync([]byte(asyncSource), files)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestBuildAsync: a message's examples file becomes its examples, in
// AsyncAPI's [{name, payload}] form, keeping the wire's key order; a file
// of no message, and a body that is not a JSON object, are problems left
// out of the document.
func TestBuildAsync(t *testing.T) {
	d := buildAsync(t, fstest.MapFS{
		"tick.json":  {Data: []byte(`{"up": {"type": "tick", "price": "12", "levels": [{"size": "3"}]}, "bad": [1]}`)},
		"ghost.json": {Data: []byte(`{"x": {"type": "ghost"}}`)},
		"hello.json": {Data: []byte(`not json`)},
	})
	var doc struct {
		Components struct {
			Messages map[string]struct {
				Examples []struct {
					Name    string         `yaml:"name"`
					Payload map[string]any `yaml:"payload"`
				} `yaml:"examples"`
			} `yaml:"messages"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(d.YAML, &doc); err != nil {
		t.Fatal(err)
	}
	ex := doc.Components.Messages["tick"].Examples
	if len(ex) != 1 || ex[0].Name != "up" || ex[0].Payload["price"] != "12" {
		t.Errorf("tick's examples: %+v", ex)
	}
	if got := doc.Components.Messages["hello"].Examples; len(got) != 0 {
		t.Errorf("hello's examples, from a file that is not JSON: %+v", got)
	}
	if !strings.Contains(string(d.YAML), "type: tick\n") || strings.Index(string(d.YAML), "type: tick\n") > strings.Index(string(d.YAML), "price: \"12\"") {
		t.Errorf("the example's keys are not in the wire's order:\n%s", d.YAML)
	}
	want := []string{"examples/ghost.json: components/messages has no ghost", "examples/hello.json: not an examples file", `examples/tick.json: the example "bad" is not a JSON object`}
	if len(d.Problems) != len(want) {
		t.Fatalf("problems %q, want %d", d.Problems, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(d.Problems[i], w) {
			t.Errorf("problem %d: %q, want %q...", i, d.Problems[i], w)
		}
	}
}

func TestBuildAsyncRefusesOtherDocuments(t *testing.T) {
	for _, src := range []string{"openapi: 3.1.0\n", "- a list\n", "asyncapi: 2.6.0\n", ":"} {
		if _, err := BuildAsync([]byte(src), fstest.MapFS{}); err == nil {
			t.Errorf("%q: built", src)
		}
	}
}

// TestRenderAsync: the page shows the guide as HTML, each channel with
// what each side sends, each message's fields (through references and
// allOf, nested arrays as dotted names) and its examples, and escapes the
// document's text.
func TestRenderAsync(t *testing.T) {
	d := buildAsync(t, fstest.MapFS{"tick.json": {Data: []byte(`{"up": {"type": "tick", "price": "12"}}`)}})
	page, err := RenderAsync(d.YAML)
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range []string{
		"<title>Kit streams</title>",
		"<h2>Frames</h2>",
		"one JSON <strong>array</strong> per frame",
		`id="channel-feed"`, `<span class="address">/ws/feed</span>`,
		"Server sends", "Each text frame is a JSON array of one position", `href="#message-tick"`,
		"Client sends", "One JSON object per text frame, one of:", `href="#message-hello"`,
		`id="message-tick"`,
		`<p class="control">A control message: sent alone, as a bare JSON object.</p>`,
		`<td class="field">price</td><td class="type">string (Decimal)</td><td>required</td>`,
		"The price now.", "Pattern <code>^[0-9]+$</code>",
		`<td class="field">levels[].size</td>`,
		"Example: up", "&#34;price&#34;: &#34;12&#34;",
		"One tick &lt;b&gt;of&lt;/b&gt; the feed.",
		`href="/asyncapi.yaml"`, `href="/docs"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(s, "http://") || strings.Contains(s, "https://") || strings.Contains(s, "<script") {
		t.Error("the page loads something or runs a script")
	}
	if n := strings.Count(s, `class="control"`); n != 1 {
		t.Errorf("%d messages marked control, want hello only", n)
	}
	if _, err := RenderAsync([]byte("asyncapi: 3.0.0\ninfo: {title: x}\n")); err == nil {
		t.Error("a document without channels rendered")
	}
}

// TestViewerLinksStreams: the REST viewer's page links to the streams'
// page only for an API that has streams.
func TestViewerLinksStreams(t *testing.T) {
	with, _, _ := Viewer{Title: "A", Streams: true}.Asset("index.html")
	without, _, _ := Viewer{Title: "A"}.Asset("index.html")
	if !strings.Contains(string(with), `href="`+StreamDocsPath+`"`) || !strings.Contains(string(with), `href="`+AsyncAPIPath+`"`) {
		t.Errorf("with streams, the page does not link them:\n%s", with)
	}
	if strings.Contains(string(without), StreamDocsPath) || strings.Contains(string(without), "{{STREAMS}}") {
		t.Errorf("without streams, the page links them or keeps the placeholder:\n%s", without)
	}
}
