package deploy_test

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pred.dev/proto/chain/deploy"
)

// testCallTimeout is the call bound the tests dial with: short, so that a
// stalled call fails soon.
const testCallTimeout = 300 * time.Millisecond

// returnWaitMax is how long a test waits for a stalled call to return:
// a safety net far above testCallTimeout (a loaded 2-core machine), not a
// measure of how soon it returns. Without the bound the call never does.
const returnWaitMax = time.Minute

// stallRelay is a loopback TCP relay in front of a node that can stall:
// while stalled it still accepts connections and takes requests (to the
// node, if it has one) but drops every answer and closes nothing, as the
// cluster's chain_stall fault (toxiproxy's timeout toxic of 0) does.
type stallRelay struct {
	url     string
	target  string // "" is no node: nothing is ever answered
	stalled atomic.Bool

	mu    sync.Mutex
	conns []net.Conn
}

func newStallRelay(t *testing.T, targetURL string) *stallRelay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &stallRelay{url: "http://" + ln.Addr().String(), target: strings.TrimPrefix(targetURL, "http://")}
	t.Cleanup(func() {
		_ = ln.Close()
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, c := range r.conns {
			_ = c.Close()
		}
	})
	go r.accept(ln)
	return r
}

func (r *stallRelay) accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		r.mu.Lock()
		r.conns = append(r.conns, c)
		r.mu.Unlock()
		if r.target == "" {
			go func() { _, _ = io.Copy(io.Discard, c) }()
			continue
		}
		up, err := net.Dial("tcp", r.target)
		if err != nil {
			_ = c.Close()
			continue
		}
		r.mu.Lock()
		r.conns = append(r.conns, up)
		r.mu.Unlock()
		go func() { _, _ = io.Copy(up, c); _ = up.Close() }()
		go func() {
			buf := make([]byte, 32<<10)
			for {
				n, err := up.Read(buf)
				if n > 0 && !r.stalled.Load() {
					if _, werr := c.Write(buf[:n]); werr != nil {
						return
					}
				}
				if err != nil {
					_ = c.Close()
					return
				}
			}
		}()
	}
}

// returns runs call and fails the test unless it returns an error within
// returnWaitMax.
func returns(t *testing.T, what string, call func() error) error {
	t.Helper()
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- call() }()
	select {
	case err := <-done:
		if err == nil {
			t.Fatalf("%s through a stalled node succeeded", what)
		}
		t.Logf("%s returned after %v: %v", what, time.Since(start).Round(time.Millisecond), err)
		return err
	case <-time.After(returnWaitMax):
		t.Fatalf("%s did not return in %v: a stalled node holds it forever", what, returnWaitMax)
		return nil
	}
}

// TestDialRefusesUnboundedTransports: a WebSocket URL (the record may hold
// one) is refused with the flag to change, and so is a call timeout that
// bounds nothing.
func TestDialRefusesUnboundedTransports(t *testing.T) {
	t.Parallel()
	d := &deploy.Deployment{ChainID: 1337, RPCURL: "ws://127.0.0.1:1"}
	if _, err := d.Dial(context.Background(), "", testCallTimeout); err == nil || !strings.Contains(err.Error(), "-rpc-url") {
		t.Errorf("a ws URL: %v, want a refusal naming -rpc-url", err)
	}
	if _, err := d.Dial(context.Background(), "http://127.0.0.1:1", 0); err == nil || !strings.Contains(err.Error(), "-rpc-timeout") {
		t.Errorf("a call timeout of 0: %v, want a refusal naming -rpc-timeout", err)
	}
}

// TestDialBoundsEachCall: a node that accepts the connection and never
// answers makes Dial fail (its deployment check's calls are bounded) with
// a context that has no deadline, as the services' start has. A client
// Dial made through a relay in front of a real node answers; once the
// relay stalls (answers dropped, the
// connection kept open), a call with no deadline of its own fails instead
// of waiting forever, and once the relay answers again the same client
// does too: the callers' retries recover.
func TestDialBoundsEachCall(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	url, _, e := deployOnGeth(t, ctx)
	mute := newStallRelay(t, "")
	err := returns(t, "Dial", func() error {
		c, err := e.D.Dial(context.Background(), mute.url, testCallTimeout)
		if err == nil {
			c.Close()
		}
		return err
	})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Dial of a mute node: %v, want a deadline exceeded", err)
	}
	r := newStallRelay(t, url)
	c, err := e.D.Dial(ctx, r.url, testCallTimeout)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.BlockNumber(ctx); err != nil {
		t.Fatal(err)
	}
	r.stalled.Store(true)
	err = returns(t, "eth_blockNumber", func() error {
		_, err := c.BlockNumber(context.Background())
		return err
	})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a stalled call: %v, want a deadline exceeded", err)
	}
	r.stalled.Store(false)
	if _, err := c.BlockNumber(ctx); err != nil {
		t.Fatalf("the node answers again, the client not: %v", err)
	}
}
