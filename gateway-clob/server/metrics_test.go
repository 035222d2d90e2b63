package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestMetrics: GET /metrics serves the gateway's registry, in which every
// answered request is counted by route pattern (never by raw path, so the
// label set stays bounded) and health probes are not counted at all.
func TestMetrics(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for _, p := range []string{"/time", "/time", "/livez", "/book?token_id=1"} {
		h.do(0, http.MethodGet, p, nil, nil)
	}
	resp, data := h.do(0, http.MethodGet, "/metrics", nil, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("/metrics: %d %s", resp.StatusCode, data)
	}
	text := string(data)
	for _, want := range []string{
		`clob_http_requests_total{method="GET",route="/time",status="200"} 2`,
		`clob_http_request_duration_seconds_count{route="/book"}`,
		"go_goroutines",
		"process_cpu_seconds_total",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(text, `route="/livez"`) {
		t.Error("a health probe was counted")
	}
}
