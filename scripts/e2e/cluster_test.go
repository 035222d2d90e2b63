package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/cluster"
	"pred.dev/scripts/devnet"
)

// clusterUpMax bounds the cluster's bring-up in the test: building five
// services, three NATS nodes, geth, the deployment, eleven services and
// HAProxy, on a loaded two-core machine.
const clusterUpMax = 10 * time.Minute

// TestREADMEOnCluster runs the README's two walkthroughs, line by line,
// against the production topology (`make cluster`: three nats-server
// processes, geth, the engines, two of each API, the relayers and the
// settlers as processes, HAProxy in front) on free ports: the README's
// commands work unchanged against it. Every stream and bucket must then
// be at three replicas.
func TestREADMEOnCluster(t *testing.T) {
	t.Parallel()
	c := startCluster(t)
	n := newGatewayNet(t, []string{c.CLOBURL()}, nil, c.Deployment)
	n.withAPIs(t, c.GammaURL(), c.RelayerURL())

	sh := newShell(t, n, c.CLOBURL(), c.GammaURL(), c.RelayerURL())
	sh.cache = t.TempDir()
	runWalkthrough(t, sh)
	runLifecycle(t, newShell(t, n, c.CLOBURL(), c.GammaURL(), c.RelayerURL()))
	checkWebAppBehind(t, c)

	// Every stream configured at three replicas, and all three current:
	// a follower a few messages behind the leader under load is not
	// current for a moment, so currency is waited for.
	eventually.NoError(t, fmt.Sprintf("every stream at %d current replicas", cluster.NATSReplicas), func() error {
		streams, err := c.Streams(context.Background())
		if err != nil {
			return err
		}
		if len(streams) == 0 {
			return errors.New("the cluster has no streams")
		}
		if bad := cluster.UnderReplicated(streams, cluster.NATSReplicas); bad != "" {
			return fmt.Errorf("streams below %d replicas: %s", cluster.NATSReplicas, bad)
		}
		return nil
	})
}

// checkWebAppBehind: the load balancer serves the web app, which is told
// the load balancer's addresses of the three APIs, not a replica's.
func checkWebAppBehind(t *testing.T, c *cluster.Cluster) {
	t.Helper()
	get := func(path string) string {
		res, err := http.Get(c.CLOBURL() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s through the load balancer: %d %s %v", path, res.StatusCode, b, err)
		}
		return string(b)
	}
	if page := get("/app/"); !strings.Contains(page, `<script type="module"`) {
		t.Fatalf("GET /app/ is not the app's page: %.300s", page)
	}
	var cfg struct{ ClobURL, GammaURL, RelayerURL string }
	if err := json.Unmarshal([]byte(get("/app/config.json")), &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.ClobURL != c.CLOBURL() || cfg.GammaURL != c.GammaURL() || cfg.RelayerURL != c.RelayerURL() {
		t.Fatalf("the app is told %+v, want the load balancer's %s, %s, %s", cfg, c.CLOBURL(), c.GammaURL(), c.RelayerURL())
	}
}

// startCluster brings a cluster up in a temporary dir on free ports and
// takes it down when the test ends. Its Gamma operator key is the
// devnet's public one, which the README's lifecycle walkthrough names.
func startCluster(t *testing.T) *cluster.Cluster {
	t.Helper()
	dir := t.TempDir()
	if err := cluster.WriteSecret(dir, cluster.GammaOperatorKeyFile, devnet.OperatorKey); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Open, not Up's answer: a bring-up that failed half-way leaves
		// processes too.
		if c, err := cluster.Open(dir); err == nil {
			if err := c.Down(false, io.Discard); err != nil {
				t.Error(err)
			}
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), clusterUpMax)
	defer cancel()
	start := time.Now()
	c, err := cluster.Up(ctx, cluster.Config{Dir: dir, FreePorts: true, Liveness: storyLiveness}, testLog{t})
	if err != nil {
		t.Fatalf("cluster up: %v", err)
	}
	t.Logf("cluster up in %s", time.Since(start).Round(time.Millisecond))
	return c
}

// testLog writes each line to the test log.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(string(p))
	return len(p), nil
}
