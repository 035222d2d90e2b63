package apitest

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"pred.dev/proto/errcode"
)

// Proxy is a real HTTP proxy in front of one API that loses requests and
// answers the way a network or a load balancer does, on demand: for
// tests of what a client does when an answer never comes (or, with
// EngineUnavailable, when the answer is to retry). Everything it
// does not lose it forwards unchanged.
type Proxy struct {
	// URL is the proxy's base URL: give it to the client instead of the
	// API's.
	URL    string
	target string
	client *http.Client

	mu        sync.Mutex
	faults    map[string][]Fault
	held      map[string]*heldRequest
	forwarded map[string]int
}

// Fault is what the proxy does to one request.
type Fault int

// The faults. In each the client's connection is closed without an
// answer, as a timeout or a dropped connection looks to it.
const (
	// LoseAnswer forwards the request and waits for the API's answer,
	// which it drops: the request took effect, its answer is lost.
	LoseAnswer Fault = iota + 1
	// LoseRequest forwards nothing: the request never reached the API.
	LoseRequest
	// HoldRequest forwards the request later, just before the next
	// request with the same method and path: a request that lands late,
	// right ahead of its own retry.
	HoldRequest
	// EngineUnavailable forwards nothing and answers 503
	// ENGINE_UNAVAILABLE, as a CLOB gateway does while its engine is
	// behind the caller's last write or changing leader: an answer, not a
	// lost one, which says to retry.
	EngineUnavailable
)

type heldRequest struct {
	header http.Header
	uri    string
	body   []byte
}

// NewProxy starts a proxy to the API at target (a base URL); it stops
// when t ends.
func NewProxy(t testing.TB, target string) *Proxy {
	p := &Proxy{target: target, client: &http.Client{}, faults: map[string][]Fault{}, held: map[string]*heldRequest{},
		forwarded: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// Next makes the next request with method and path (the URL path,
// without the query) suffer f; calls queue up, one fault per request.
func (p *Proxy) Next(method, path string, f Fault) {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := method + " " + path
	p.faults[k] = append(p.faults[k], f)
}

// Forwarded returns how many requests with method and path reached the
// API through the proxy.
func (p *Proxy) Forwarded(method, path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.forwarded[method+" "+path]
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	k := r.Method + " " + r.URL.Path
	body, err := io.ReadAll(r.Body)
	if err != nil {
		drop(w)
		return
	}
	p.mu.Lock()
	var f Fault
	if q := p.faults[k]; len(q) > 0 {
		f, p.faults[k] = q[0], q[1:]
	}
	held := p.held[k]
	delete(p.held, k)
	if f == HoldRequest {
		p.held[k] = &heldRequest{header: r.Header.Clone(), uri: r.URL.RequestURI(), body: body}
	}
	p.mu.Unlock()
	if held != nil {
		if resp, err := p.forward(r.Method, k, held); err == nil {
			resp.Body.Close()
		}
	}
	switch f {
	case LoseRequest, HoldRequest:
		drop(w)
		return
	case EngineUnavailable:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = fmt.Fprintf(w, `{"error":%q,"code":%q}`, "the engine has not applied the log up to min_seq yet; retry", string(errcode.EngineUnavailable))
		return
	}
	resp, err := p.forward(r.Method, k, &heldRequest{header: r.Header, uri: r.URL.RequestURI(), body: body})
	if err != nil {
		drop(w)
		return
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil || f == LoseAnswer {
		drop(w)
		return
	}
	for name, vs := range resp.Header {
		w.Header()[name] = vs
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(answer)
}

// forward sends one request to the API and returns its answer.
func (p *Proxy) forward(method, key string, req *heldRequest) (*http.Response, error) {
	out, err := http.NewRequest(method, p.target+req.uri, bytes.NewReader(req.body))
	if err != nil {
		return nil, err
	}
	for name, vs := range req.header {
		out.Header[name] = vs
	}
	resp, err := p.client.Do(out)
	if err == nil {
		p.mu.Lock()
		p.forwarded[key]++
		p.mu.Unlock()
	}
	return resp, err
}

// drop closes the client's connection without an answer.
func drop(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("apitest: the proxy's connection cannot be hijacked")
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetLinger(0) // a reset, as a dropped connection looks
	}
	_ = conn.Close()
}
