package wsfeed

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
)

// Config configures a Server.
type Config struct {
	// Name prefixes the metrics (<Name>_ws_*), as the service's HTTP
	// metrics are <Name>_http_*.
	Name string
	// Registry is the service's registry (the one its /metrics serves).
	Registry prometheus.Registerer
	Limits   Limits
	Log      *zap.Logger
}

// Server accepts a service's stream connections and counts them per
// client IP and per API key. One Server serves every channel of a
// service, so the per-IP limit spans them.
type Server struct {
	limits  Limits
	metrics *Metrics
	log     *zap.Logger
	ctx     context.Context
	stop    context.CancelFunc

	mu     sync.Mutex
	closed bool
	perIP  map[string]int
	byKey  map[string]int
	conns  map[*Conn]struct{}
}

// New returns a Server; Close ends its connections.
func New(cfg Config) *Server {
	log := cfg.Log
	if log == nil {
		log = zap.NewNop()
	}
	ctx, stop := context.WithCancel(context.Background())
	return &Server{limits: cfg.Limits.withDefaults(), metrics: newMetrics(cfg.Registry, cfg.Name), log: log,
		ctx: ctx, stop: stop, perIP: map[string]int{}, byKey: map[string]int{}, conns: map[*Conn]struct{}{}}
}

// Limits are the server's, defaults filled in.
func (s *Server) Limits() Limits { return s.limits }

// Metrics are the server's, for the counters channels keep (resumes,
// gaps).
func (s *Server) Metrics() *Metrics { return s.metrics }

// Accept upgrades r to a WebSocket connection of channel for the client
// at ip. It refuses, with a coded error and nothing written, a request
// that is not a WebSocket upgrade (426) and one over the IP's connection
// limit (429): the caller returns the error to its API's error renderer.
// The caller must Run the connection: its end releases what Accept
// counted.
func (s *Server) Accept(w http.ResponseWriter, r *http.Request, channel, ip string) (*Conn, error) {
	if err := upgradeRequest(r); err != nil {
		return nil, s.refuse(w, channel, err)
	}
	if s.isClosed() {
		return nil, s.refuse(w, channel, errcode.New(errcode.StreamShuttingDown))
	}
	if err := s.claim(s.perIP, ip, s.limits.ConnsPerIP, "client IP"); err != nil {
		return nil, s.refuse(w, channel, err)
	}
	// Any origin may connect: the public channels need no credentials,
	// and the user channel's are an HMAC signature, never a cookie a
	// browser would send on a third party's behalf.
	hj := &hijackable{ResponseWriter: w, writeTimeout: s.limits.WriteTimeout}
	ws, err := websocket.Accept(hj, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		s.release(s.perIP, ip)
		// Accept answered the request itself (a handshake it refused).
		s.log.Debug("websocket upgrade failed", zap.String("channel", channel), zap.Error(err))
		return nil, errAnswered
	}
	ws.SetReadLimit(s.limits.InboundBytes)
	c := newConn(s, ws, hj.conn, channel, ip)
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	s.metrics.Connections.WithLabelValues(channel).Inc()
	return c, nil
}

// errAnswered is returned when the upgrade failed after a response was
// written: there is nothing left to answer.
var errAnswered = &errcode.Error{Code: errcode.StreamUpgradeRequired, Message: "the WebSocket handshake failed"}

// refuse counts a refused upgrade and has the connection closed after
// the refusal: the request's head announced another protocol, so the
// next bytes may not be HTTP.
func (s *Server) refuse(w http.ResponseWriter, channel string, err *errcode.Error) error {
	s.metrics.Refused.WithLabelValues(channel, string(err.Code)).Inc()
	w.Header().Set("Connection", "close")
	return err
}

// upgradeRequest refuses a request that is not a WebSocket handshake,
// so that the API's renderer answers it (the library would answer in
// plain text).
func upgradeRequest(r *http.Request) *errcode.Error {
	ok := r.Method == http.MethodGet && r.ProtoAtLeast(1, 1) && headerHas(r.Header, "Connection", "upgrade") &&
		headerHas(r.Header, "Upgrade", "websocket") && r.Header.Get("Sec-WebSocket-Version") == "13" &&
		r.Header.Get("Sec-WebSocket-Key") != ""
	if !ok {
		return errcode.New(errcode.StreamUpgradeRequired)
	}
	return nil
}

func headerHas(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for t := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// ClaimKey counts c against key's connection limit (an authenticated
// channel, once it knows the key), released when c ends.
func (s *Server) ClaimKey(c *Conn, key string) *errcode.Error {
	if err := s.claim(s.byKey, key, s.limits.ConnsPerKey, "API key"); err != nil {
		return err
	}
	c.mu.Lock()
	c.keys = append(c.keys, key)
	c.mu.Unlock()
	return nil
}

func (s *Server) claim(counts map[string]int, id string, limit int, what string) *errcode.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if counts[id] >= limit {
		return errcode.Errorf(errcode.StreamTooManyConnections,
			"too many stream connections for this %s: at most %d at once; close one or multiplex subscriptions on one connection", what, limit)
	}
	counts[id]++
	return nil
}

func (s *Server) release(counts map[string]int, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if counts[id]--; counts[id] <= 0 {
		delete(counts, id)
	}
}

func (s *Server) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// ended forgets c.
func (s *Server) ended(c *Conn) {
	s.release(s.perIP, c.ip)
	c.mu.Lock()
	keys := c.keys
	c.mu.Unlock()
	for _, k := range keys {
		s.release(s.byKey, k)
	}
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
	s.metrics.Connections.WithLabelValues(c.channel).Dec()
}

// Close ends every connection, telling each client the server is
// shutting down (close 1001), waits at most the write timeout for their
// close handshakes, then drops what is left; later upgrades are refused.
// net/http's Shutdown does not know hijacked connections: a service
// calls Close when it stops serving.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	conns := make([]*Conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.Fail(errcode.New(errcode.StreamShuttingDown))
	}
	t := time.NewTimer(s.limits.WriteTimeout)
	defer t.Stop()
	for _, c := range conns {
		select {
		case <-c.done:
		case <-t.C:
		}
	}
	s.stop()
}
