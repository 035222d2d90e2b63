package server_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/errcode"
)

// TestClockReachesTheChecks: Config.Clock (what -clock-skew sets) is
// the clock of GET /time and of the auth window: a replica whose clock
// is 90 s ahead answers its own time, refuses the true time (beyond the
// 60 s window) and accepts a timestamp of its clock.
func TestClockReachesTheChecks(t *testing.T) {
	const skew = 90 * time.Second
	h := newHarness(t, withoutEngine(), withConfig(func(c *server.Config) {
		c.Clock = func() time.Time { return time.Now().Add(skew) }
	}))
	resp, data := h.do(0, http.MethodGet, "/time", nil, nil)
	var sec int64
	if err := json.Unmarshal(data, &sec); resp.StatusCode != 200 || err != nil {
		t.Fatalf("GET /time: %d %s", resp.StatusCode, data)
	}
	if ahead := time.Until(time.Unix(sec, 0)); ahead < skew-2*time.Second || ahead > skew+time.Second {
		t.Fatalf("GET /time is %s ahead, want %s", ahead, skew)
	}
	c, _ := h.newClient(0)
	trueTime, _ := c.L1Headers(strconv.FormatInt(time.Now().Unix(), 10), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodGet, "/auth/derive-api-key", nil, trueTime); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.TimestampOutOfWindow) {
		t.Fatalf("the true time %s behind the replica's clock: %d %s", skew, resp.StatusCode, data)
	}
	itsTime, _ := c.L1Headers(strconv.FormatInt(time.Now().Add(skew).Unix(), 10), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, itsTime); resp.StatusCode != 200 {
		t.Fatalf("the replica's own time: %d %s", resp.StatusCode, data)
	}
}
