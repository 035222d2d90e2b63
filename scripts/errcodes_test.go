package scripts_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	clob "pred.dev/gateway-clob/apitest"
	gamma "pred.dev/gateway-gamma/apitest"
	"pred.dev/proto/errcode"
	relayer "pred.dev/relayer/apitest"
)

// apiless are the codes of proto/errcode that no HTTP API answers with,
// each with why it is in the table all the same.
var apiless = map[errcode.Code]string{
	errcode.TradeNotFound: "the engine's refusal of a trade-status command for an unknown trade id: the settler sends those commands, no HTTP API does",
	// The streams' own codes, sent in their error messages and close
	// reasons after the upgrade (the AsyncAPI documents list them); the
	// upgrade's refusals (STREAM_UPGRADE_REQUIRED, STREAM_TOO_MANY_CONNECTIONS)
	// are HTTP answers the OpenAPI documents list, and so is Gamma's
	// refusal of a from that is no position (STREAM_INVALID_REQUEST).
	errcode.StreamMalformedMessage:     streamOnly,
	errcode.StreamUnknownRequest:       streamOnly,
	errcode.StreamTooManySubscriptions: streamOnly,
	errcode.StreamSlowConsumer:         streamOnly,
	errcode.StreamAuthTimeout:          streamOnly,
	errcode.StreamPongTimeout:          streamOnly,
	errcode.StreamPositionAhead:        streamOnly,
	errcode.StreamShuttingDown:         streamOnly,
	// HAProxy's own answers in front of a deployment's replicas
	// (scripts/cluster); DEPLOY.md documents them.
	errcode.NoReplicaAvailable:      balancerOnly,
	errcode.ReplicaConnectionFailed: balancerOnly,
	errcode.ReplicaTimeout:          balancerOnly,
}

const balancerOnly = "the load balancer's answer when no replica could answer (DEPLOY.md): no API replica answers with it"

const streamOnly = "a stream's error message or close reason, after the upgrade: no HTTP API answers with it"

// TestEveryErrorCodeIsDocumented: each code of proto/errcode is one that
// some API's document lists (for the operations that answer with it), or
// one of apiless. A code no API answers with is dead, or an API answers
// with it undocumented: either way the table and the documents disagree.
func TestEveryErrorCodeIsDocumented(t *testing.T) {
	documented := map[errcode.Code][]string{}
	for name, codes := range map[string][]errcode.Code{
		"CLOB": clob.Spec().Built().Codes, "Gamma": gamma.Spec().Built().Codes, "Relayer": relayer.Spec().Built().Codes,
	} {
		if len(codes) == 0 {
			t.Fatalf("the %s API documents no code", name)
		}
		for _, c := range codes {
			documented[c] = append(documented[c], name)
		}
	}
	for _, e := range errcode.All() {
		apis, why := documented[e.Code], apiless[e.Code]
		switch {
		case len(apis) == 0 && why == "":
			t.Errorf("%s is answered by no API's document: document it for the operations that answer with it "+
				"(their examples file, see pred.dev/proto/runtime/apidocs), or remove it from proto/errcode if nothing does", e.Code)
		case len(apis) > 0 && why != "":
			t.Errorf("%s is listed as answered by no API, but the %s document lists it: drop it from apiless", e.Code, strings.Join(apis, " and "))
		}
	}
	for c := range apiless {
		if !c.Known() {
			t.Errorf("apiless lists %s, which is not in proto/errcode", c)
		}
	}
}

// TestTSClientListsTheBalancerCodes: the TypeScript client's
// BALANCER_CODES are the codes of proto/errcode that only the load
// balancer answers with.
func TestTSClientListsTheBalancerCodes(t *testing.T) {
	src, err := os.ReadFile("../gateway-clob/web/client/src/errors.ts")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)export const BALANCER_CODES = \[(.*?)\] as const;`).FindSubmatch(src)
	if m == nil {
		t.Fatal("errors.ts has no BALANCER_CODES list")
	}
	var listed []string
	for _, q := range regexp.MustCompile(`"([A-Z_]+)"`).FindAllSubmatch(m[1], -1) {
		listed = append(listed, string(q[1]))
	}
	var want []string
	for c, why := range apiless {
		if why == balancerOnly {
			want = append(want, string(c))
		}
	}
	slices.Sort(listed)
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Fatalf("the TypeScript client's BALANCER_CODES are %v, proto/errcode's balancer codes %v", listed, want)
	}
}
