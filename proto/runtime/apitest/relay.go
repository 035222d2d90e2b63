package apitest

import (
	"io"
	"net"
	"strings"
	"sync"
	"testing"
)

// Relay is a TCP relay in front of a server that can cut every
// connection through it and refuse new ones for a while: a network that
// fails under a client, for tests of a stream's reconnection. Unlike
// Proxy it knows nothing of HTTP, so WebSocket connections pass.
type Relay struct {
	// URL is the relay's base URL: give it to the client instead of the
	// server's.
	URL    string
	target string

	mu    sync.Mutex
	down  bool
	conns []net.Conn
}

// NewRelay starts a relay to the server at targetURL (http://host:port);
// it stops when t ends.
func NewRelay(t testing.TB, targetURL string) *Relay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &Relay{URL: "http://" + ln.Addr().String(), target: strings.TrimPrefix(targetURL, "http://")}
	t.Cleanup(func() {
		_ = ln.Close()
		r.SetDown(true)
	})
	go r.accept(ln)
	return r
}

func (r *Relay) accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		r.mu.Lock()
		down := r.down
		r.mu.Unlock()
		if down {
			_ = c.Close()
			continue
		}
		up, err := net.Dial("tcp", r.target)
		if err != nil {
			_ = c.Close()
			continue
		}
		r.mu.Lock()
		r.conns = append(r.conns, c, up)
		r.mu.Unlock()
		go func() { _, _ = io.Copy(up, c); _ = up.Close() }()
		go func() { _, _ = io.Copy(c, up); _ = c.Close() }()
	}
}

// SetDown refuses (true) or accepts (false) new connections; going down
// cuts the open ones.
func (r *Relay) SetDown(down bool) {
	r.mu.Lock()
	r.down = down
	conns := r.conns
	if down {
		r.conns = nil
	}
	r.mu.Unlock()
	if !down {
		return
	}
	for _, c := range conns {
		_ = c.Close()
	}
}
