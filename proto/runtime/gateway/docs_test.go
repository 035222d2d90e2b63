package gateway_test

import (
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/runtime/gateway"
)

// streamsDoc is the smallest AsyncAPI document with a channel and a
// message.
const streamsDoc = `asyncapi: 3.0.0
info: {title: Kit streams, version: 1.0.0, description: "Frames are **arrays**."}
channels:
  feed:
    address: /ws/feed
    messages: {tick: {$ref: "#/components/messages/tick"}}
operations:
  sendTicks: {action: send, channel: {$ref: "#/channels/feed"}, messages: [{$ref: "#/channels/feed/messages/tick"}]}
components:
  messages:
    tick: {name: tick, title: tick, payload: {type: object, properties: {type: {type: string, const: tick}}}}
`

// TestKitStreams: an API with an AsyncAPI document serves it beside the
// OpenAPI one and its rendered page at /docs/stream, linked from /docs;
// an API without one serves neither and links nothing.
func TestKitStreams(t *testing.T) {
	t.Parallel()
	noRoutes := func(*echo.Echo) {}
	url := serve(t, gateway.Config{Name: "kit", Title: "Kit API", Document: []byte("openapi: 3.1.0\n"), AsyncAPI: []byte(streamsDoc),
		Registry: prometheus.NewRegistry(), IPs: gateway.Buckets(gateway.PerIP, 0, 0)}, noRoutes)
	if status, b := get(t, url+"/asyncapi.yaml"); status != 200 || string(b) != streamsDoc {
		t.Errorf("GET /asyncapi.yaml: %d %s", status, b)
	}
	status, page := get(t, url+"/docs/stream")
	if status != 200 || !strings.Contains(string(page), "<title>Kit streams</title>") || !strings.Contains(string(page), "/ws/feed") ||
		!strings.Contains(string(page), "<strong>arrays</strong>") {
		t.Errorf("GET /docs/stream: %d %s", status, page)
	}
	if status, b := get(t, url+"/docs"); status != 200 || !strings.Contains(string(b), `href="/docs/stream"`) {
		t.Errorf("GET /docs does not link the streams: %d %s", status, b)
	}
	if status, b := get(t, url+"/docs/swagger-ui.css"); status != 200 || len(b) == 0 {
		t.Errorf("GET /docs/swagger-ui.css beside /docs/stream: %d", status)
	}

	plain := serve(t, gateway.Config{Name: "kit", Title: "Kit API", Document: []byte("openapi: 3.1.0\n"),
		Registry: prometheus.NewRegistry(), IPs: gateway.Buckets(gateway.PerIP, 0, 0)}, noRoutes)
	for _, path := range []string{"/asyncapi.yaml", "/docs/stream"} {
		if status, b := get(t, plain+path); status != 404 || !strings.Contains(string(b), `"code":"NOT_FOUND"`) {
			t.Errorf("without streams, GET %s: %d %s", path, status, b)
		}
	}
	if _, b := get(t, plain+"/docs"); strings.Contains(string(b), "/docs/stream") {
		t.Errorf("without streams, /docs links them")
	}
}

// TestKitStreamsRefusesABrokenDocument: an embedded document that does
// not render is a programming error, found when the API is built.
func TestKitStreamsRefusesABrokenDocument(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("gateway.New accepted an AsyncAPI document without channels")
		}
	}()
	gateway.New(gateway.Config{Name: "kit", AsyncAPI: []byte("asyncapi: 3.0.0\n"), Registry: prometheus.NewRegistry()})
}
