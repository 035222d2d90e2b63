package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/streams"
	"pred.dev/settler/chainwatch"
	"pred.dev/settler/reconcile"
	"pred.dev/settler/settle"
)

// testHolder is the settler's name in the lease.
const testHolder = "settler-test"

// TestRunWithoutItsWatcher: a settler whose chain watcher cannot start
// (a cursor it cannot read: a refusal, not a wait) never holds the
// settlement's lease, and Run returns the watcher's error, so that the
// process exits and its supervisor starts it again. It used to settle on
// under the lease without the watcher (without GET /reconcile), the error
// unread until it stopped. With the cursor readable the same settler
// gets ready, holds the lease, and stops cleanly with its context.
func TestRunWithoutItsWatcher(t *testing.T) {
	ctx := t.Context()
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(env.Close)
	srv := natstest.Start(t)
	js, err := jetstream.New(natstest.Connect(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	cursors, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: journal.SettlerChainwatchBucket})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cursors.Put(ctx, chainwatch.DefaultKey, []byte("{not a cursor")); err != nil {
		t.Fatal(err)
	}
	admin := freeAddr(t)
	cfg := Config{NATSURL: srv.ClientURL(), AdminAddr: admin, LeaseTTL: DefaultLeaseTTL, Holder: testHolder,
		Watch: WatchConfig{On: true, Confirmations: chainwatch.DefaultConfirmations, Poll: chainwatch.DefaultPollInterval,
			ReconcileInterval: reconcile.DefaultInterval}}
	cfg.Settle.Deployment = env.D
	start := func(ctx context.Context) <-chan error {
		done := make(chan error, 1)
		go func() { done <- run(ctx, cfg, env.Chain.Backend, zaptest.NewLogger(t)) }()
		return done
	}

	select {
	case err := <-start(ctx):
		if err == nil || !strings.Contains(err.Error(), "cursor") {
			t.Fatalf("Run with an unreadable cursor: %v, want the watcher's error", err)
		}
		t.Logf("Run returned: %v", err)
	case <-time.After(eventually.Limit):
		t.Fatalf("Run went on %v with a chain watcher that could not start (lease holder %q)", eventually.Limit, leaseHolder(t, js))
	}
	if h := leaseHolder(t, js); h != "" {
		t.Fatalf("the settler without its watcher held the settlement's lease (%q)", h)
	}

	if err := cursors.Delete(ctx, chainwatch.DefaultKey); err != nil {
		t.Fatal(err)
	}
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	done := start(rctx)
	eventually.NoError(t, "the settler is ready and settles", func() error {
		if err := ready(admin); err != nil {
			return err
		}
		if h := leaseHolder(t, js); h != testHolder {
			return fmt.Errorf("lease holder %q", h)
		}
		return nil
	})
	stop()
	if err := <-done; err != nil {
		t.Fatalf("Run stopped by its context: %v", err)
	}
}

// leaseHolder is who holds the settlement's lease ("" nobody).
func leaseHolder(t *testing.T, js jetstream.JetStream) string {
	t.Helper()
	kv, err := js.KeyValue(t.Context(), settle.LeaseBucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	e, err := kv.Get(t.Context(), settle.LeaseKey)
	if errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(e.Value())
}

func ready(addr string) error {
	resp, err := http.Get("http://" + addr + "/readyz")
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("/readyz: %d %s", resp.StatusCode, body)
	}
	return nil
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	return ln.Addr().String()
}
