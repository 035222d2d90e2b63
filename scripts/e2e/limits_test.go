package e2e

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/errcode"
	"pred.dev/scripts/devnet"
)

// strictIPPerSecond lets one request through per 100 s, so a second
// request from the same address is always over the limit, however slow
// the machine.
const strictIPPerSecond = 0.01

// TestProductionGateway joins a gateway configured as in production (no
// faucet, a per-IP rate limit) to a devnet's NATS and engine: the faucet
// answers FAUCET_DISABLED, and the request over the limit RATE_LIMITED
// with a Retry-After.
func TestProductionGateway(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	cfg := devnet.GatewayConfig(n.d.Deployment)
	cfg.Faucet = false
	cfg.RateLimit.IPPerSecond, cfg.RateLimit.IPBurst = strictIPPerSecond, 2
	gw, err := server.New(cfg, connectNATS(t, n.d), zaptest.NewLogger(t, zaptest.Level(zap.WarnLevel)))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gw.Handler())
	t.Cleanup(func() {
		ts.Close()
		_ = gw.Close()
	})
	c := client.New(ts.URL, client.WithHTTPClient(n.httpClient()))
	_, err = c.Faucet(context.Background(), devnet.FeeAccountHex, "1")
	wantCode(t, "faucet on a production gateway", err, errcode.FaucetDisabled)
	if _, err := c.GetBook(context.Background(), n.market(0).YesTokenID()); err != nil {
		t.Fatalf("the second request, within the burst: %v", err)
	}
	_, err = c.GetBook(context.Background(), n.market(0).YesTokenID())
	wantCode(t, "the request over the limit", err, errcode.RateLimited)
	var ae *client.APIError
	if errors.As(err, &ae) && ae.RetryAfter <= 0 {
		t.Errorf("a 429 without Retry-After")
	}
}
