package devnet

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/relayerapi"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// checkAppOrigins: every API of the devnet d (each CLOB gateway, Gamma,
// the Relayer) allows the web app's origins, as the browser names the
// first gateway through localhost or 127.0.0.1, and the Vite dev server's,
// with each API's credential headers.
func checkAppOrigins(t *testing.T, d *Devnet) {
	t.Helper()
	u, err := url.Parse(d.URL)
	if err != nil {
		t.Fatal(err)
	}
	port := u.Port()
	origins := []string{"http://localhost:" + port, "http://127.0.0.1:" + port, ViteDevOrigin}
	if !slices.Equal(d.CORSOrigins, origins) {
		t.Fatalf("the devnet allows %q, want %q", d.CORSOrigins, origins)
	}
	c := &http.Client{Timeout: startTimeout}
	for _, origin := range origins {
		for _, gw := range d.URLs {
			rtapitest.CheckCORS(t, c, gw, origin, rtapitest.CORSRoute{Method: http.MethodPost, Path: "/order",
				Headers: []string{"Content-Type", clobapi.HeaderAddress, clobapi.HeaderSignature, clobapi.HeaderTimestamp, clobapi.HeaderAPIKey, clobapi.HeaderPassphrase}})
		}
		rtapitest.CheckCORS(t, c, d.GammaURL, origin, rtapitest.CORSRoute{Method: http.MethodPost, Path: "/profiles",
			Headers: []string{"Content-Type", gammaapi.HeaderAuthorization}})
		rtapitest.CheckCORS(t, c, d.RelayerURL, origin, rtapitest.CORSRoute{Method: http.MethodPost, Path: "/submit",
			Headers: []string{"Content-Type", relayerapi.HeaderAuthorization, relayerapi.HeaderAPIKey, relayerapi.HeaderAPIKeyAddress}})
	}
}
