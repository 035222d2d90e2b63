package server_test

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/internal/api"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gammaapi"
)

// TestResolutionTimingIsPublished: GET /public-info says, before any
// market has a proposal, how long a proposal runs and how long after its
// liveness it settles; a proposal then keeps to it, and advancing the
// clock by what it says resolves the market. A client once learned the
// liveness only from a market's first proposal.
func TestResolutionTimingIsPublished(t *testing.T) {
	t.Parallel()
	{
		h := newHarness(t)
		var pi gammaapi.PublicInfo
		h.get(0, "/public-info", &pi)
		want := gammaapi.AdjudicationTiming{LivenessSeconds: int64(operator.DefaultLiveness / time.Second),
			SettleDelaySeconds: ceilSeconds(operator.SettleGrace + server.DefaultSettleInterval)}
		if pi.Adjudication != want {
			t.Errorf("a gateway with the default liveness publishes %+v, want %+v", pi.Adjudication, want)
		}
	}
	h := lifecycleHarness(t)
	var pi gammaapi.PublicInfo
	h.get(0, "/public-info", &pi)
	want := gammaapi.AdjudicationTiming{LivenessSeconds: int64(testLiveness / time.Second),
		SettleDelaySeconds: ceilSeconds(operator.SettleGrace + 20*time.Millisecond)}
	if pi.Adjudication != want {
		t.Fatalf("public-info's adjudication %+v, want %+v", pi.Adjudication, want)
	}
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("timing", false), &ev)
	m := h.createMarket(ev.ID, "timing-a", nil)
	var got gammaapi.Market
	h.mustAdmin(http.MethodPost, "/admin/markets/"+m.ID+"/propose", map[string]any{"payoutVector": []int{1, 0}}, &got)
	a := got.Adjudication
	if a == nil || a.ProposedAt == nil || a.LivenessEndsAt == nil ||
		a.LivenessEndsAt.Sub(*a.ProposedAt) != time.Duration(pi.Adjudication.LivenessSeconds)*time.Second {
		t.Fatalf("the proposal's liveness is not the published one (%d s): %+v", pi.Adjudication.LivenessSeconds, a)
	}
	h.clock.Advance(time.Duration(pi.Adjudication.LivenessSeconds+pi.Adjudication.SettleDelaySeconds) * time.Second)
	if r := h.waitPhase(m.ID, catalog.PhaseResolved); r.Adjudication.ResolvedAt == nil {
		t.Fatalf("resolved without resolvedAt: %+v", r.Adjudication)
	}
}

func ceilSeconds(d time.Duration) int64 { return int64((d + time.Second - 1) / time.Second) }

// TestLoginLimitsAreDocumented: the login rate limits the document states
// in numbers are the gateway's defaults, and the document says that the
// nonce and the refresh count too. They once had no numbers.
func TestLoginLimitsAreDocumented(t *testing.T) {
	t.Parallel()
	doc := strings.Join(strings.Fields(string(api.OpenAPI)), " ")
	d := api.DefaultRateConfig
	every := func(perSecond float64) string { return strconv.Itoa(int(math.Round(1 / perSecond))) }
	for _, want := range []string{
		"`GET /auth/nonce`, `POST /auth/login` and `POST /auth/refresh` all count",
		"per client IP, **" + strconv.Itoa(d.AuthIPBurst) + " in a burst, then one every " + every(d.AuthIPPerSecond) + " seconds**",
		"**" + strconv.Itoa(d.AddressBurst) + " in a burst, then one every " + every(d.AddressPerSecond) + " seconds**",
		"logs in " + strconv.Itoa(d.AddressBurst/2) + " times in a burst, then once every " + every(d.AddressPerSecond/2) + " seconds",
		"(" + strconv.Itoa(d.IPBurst) + " in a burst, then " + strconv.FormatFloat(d.IPPerSecond, 'f', -1, 64) + " a second)",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the document does not say %q", want)
		}
	}
	if !strings.Contains(doc, "a "+strconv.Itoa(int(operator.SettleGrace/time.Second))+"-second grace") {
		t.Errorf("the document does not give the settle grace of %s", operator.SettleGrace)
	}
	if !strings.Contains(doc, "(`livenessEndsAt` = `proposedAt` + it; "+strconv.Itoa(int(operator.DefaultLiveness/time.Second))) {
		t.Errorf("the document does not give the default liveness of %s", operator.DefaultLiveness)
	}
}
