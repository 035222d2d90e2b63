package httpmw

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/net/http/httpguts"

	"pred.dev/proto/errcode"
)

// The request-head guard. net/http answers a request it cannot parse
// (an invalid escape in the path, a control character in a header, a
// head above its limit) itself, in plain text, before any handler runs,
// and it serves a request with both Content-Length and
// Transfer-Encoding: chunked by dropping the Content-Length, keeping the
// connection: behind a proxy that reads the other length, a second
// request hides in the body (request smuggling).
//
// So every connection of an API passes through a guard that reads each
// request head before net/http does. A head the guard accepts goes on
// unchanged; net/http never refuses it. A head it refuses is replaced by
// a stand-in request (GET / with Connection: close and a one-time token
// in refusalHeader) and nothing after it reaches net/http: the stand-in
// travels through the service's Echo middleware like any request,
// Strict answers it with the refusal's code as the service's JSON error,
// logged and counted, and net/http closes the connection after it. The
// guard does not parse bodies: it passes Content-Length bytes on, and a
// chunked request gets Connection: close added, so that net/http, the
// only one to parse the chunks, reads no request after it.

// HeaderBytesMax bounds a request head (the request line and the headers
// with their line ends). A larger head is refused 431 HEADER_TOO_LARGE.
const HeaderBytesMax = 32 << 10

// Closing a connection the guard ended (a refusal, a chunked request):
// the client may still be sending (a head over the limit, a smuggled or
// pipelined request). Closing a socket with unread input resets it, and
// the reset can destroy the answer before the client reads it, so the
// guard first half-closes and discards input for a while.
const (
	refusedDrainMax      = 500 * time.Millisecond
	refusedDrainBytesMax = 1 << 20
)

// refusalHeader carries the stand-in request's token.
const refusalHeader = "Pred-Refusal"

// Serve is srv.Serve(ln) behind the request-head guard. The service's
// Echo instance must run Strict, which answers refused requests.
func Serve(srv *http.Server, ln net.Listener) error {
	next := srv.ConnContext
	srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		if next != nil {
			ctx = next(ctx, c)
		}
		if g, ok := c.(*guardConn); ok {
			ctx = context.WithValue(ctx, guardKey{}, g)
		}
		return ctx
	}
	return srv.Serve(guardListener{ln})
}

type guardKey struct{}

type guardListener struct{ net.Listener }

func (l guardListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &guardConn{Conn: c}, nil
}

// refusal is a refused request head: its code and message, and the token
// of the stand-in request that carries it.
type refusal struct {
	token string
	err   *errcode.Error
}

// guardConn checks each request head read from the connection. net/http
// calls Read from one goroutine at a time; Strict reads refusal from the
// handler's goroutine.
type guardConn struct {
	net.Conn
	in      []byte // read, not yet handed on: the start of a request head
	out     []byte // checked, to hand on
	scanned int    // bytes of in searched for a line end already
	body    int64  // bytes of the current request's body still to hand on
	rest    bool   // hand everything on: net/http reads no request after this chunked one
	ended   bool   // a request was refused: nothing more is handed on
	refusal atomic.Pointer[refusal]
	linger  atomic.Bool // the connection ends after this answer: drain on close
	buf     [4 << 10]byte
}

func (g *guardConn) Read(p []byte) (int, error) {
	for {
		if len(g.out) > 0 {
			n := copy(p, g.out)
			g.out = g.out[n:]
			return n, nil
		}
		switch {
		case g.ended:
			return 0, io.EOF
		case g.rest || g.body > 0:
			return g.pass(p)
		case g.nextHead():
			continue
		}
		n, err := g.Conn.Read(g.buf[:])
		g.in = append(g.in, g.buf[:n]...)
		switch {
		case n > 0:
		case errors.Is(err, io.EOF) && len(g.in) > 0:
			g.refuse(errcode.Errorf(errcode.MalformedRequest, "the connection was closed inside a request head: end the head with an empty line"))
		default:
			return 0, err
		}
	}
}

// pass hands on body bytes, unchecked.
func (g *guardConn) pass(p []byte) (int, error) {
	if !g.rest && int64(len(p)) > g.body {
		p = p[:g.body]
	}
	var n int
	var err error
	if len(g.in) > 0 {
		n = copy(p, g.in)
		g.in = g.in[n:]
	} else {
		n, err = g.Conn.Read(p)
	}
	if !g.rest {
		g.body -= int64(n)
	}
	return n, err
}

var crlf = []byte("\r\n")

// nextHead checks the request head at the start of in once it is
// complete, and moves it, or the stand-in of its refusal, to out. It
// reports false when it needs more bytes.
func (g *guardConn) nextHead() bool {
	// Empty lines before a request line are ignored (RFC 9112, 2.2).
	for bytes.HasPrefix(g.in, crlf) {
		g.in, g.scanned = g.in[2:], 0
	}
	end := -1
	for end < 0 {
		i := bytes.IndexByte(g.in[g.scanned:], '\n')
		if i < 0 {
			g.scanned = len(g.in)
			break
		}
		i += g.scanned
		g.scanned = i + 1
		if i == 0 || g.in[i-1] != '\r' {
			g.refuse(errcode.Errorf(errcode.MalformedRequest, "a line of the request head ends with a bare LF: end every line with CRLF"))
			return true
		}
		if i >= 3 && g.in[i-3] == '\r' && g.in[i-2] == '\n' {
			end = i + 1
		}
	}
	if end < 0 && len(g.in) <= HeaderBytesMax {
		return false
	}
	if end < 0 || end > HeaderBytesMax {
		g.refuse(errcode.Errorf(errcode.HeaderTooLarge, "the request line and headers are larger than %d bytes: send fewer or shorter headers", HeaderBytesMax))
		return true
	}
	head := g.in[:end]
	framing, err := checkHead(head)
	if err != nil {
		g.refuse(err)
		return true
	}
	if framing.chunked || framing.upgrade {
		g.out = append(append(g.out, head[:end-2]...), "Connection: close\r\n\r\n"...)
	} else {
		g.out = append(g.out, head...)
	}
	g.in, g.scanned = g.in[end:], 0
	g.body, g.rest = framing.length, framing.chunked || framing.upgrade
	g.linger.Store(framing.chunked)
	return true
}

// refuse replaces the rest of the connection's input by the stand-in of
// err's request.
func (g *guardConn) refuse(err *errcode.Error) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	g.refusal.Store(&refusal{token: token, err: err})
	g.linger.Store(true)
	g.out = fmt.Appendf(g.out[:0], "GET / HTTP/1.1\r\nHost: refused.invalid\r\nConnection: close\r\n%s: %s\r\n\r\n", refusalHeader, token)
	g.in, g.ended = nil, true
}

// CloseWrite half-closes the connection, as net/http does to a TCP
// connection before it lingers.
func (g *guardConn) CloseWrite() error {
	if cw, ok := g.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

func (g *guardConn) Close() error {
	if g.linger.Load() {
		_ = g.CloseWrite()
		_ = g.Conn.SetReadDeadline(time.Now().Add(refusedDrainMax))
		_, _ = io.CopyN(io.Discard, g.Conn, refusedDrainBytesMax)
	}
	return g.Conn.Close()
}

// refusalOf returns the refusal a stand-in request carries, or nil for
// any other request.
func refusalOf(r *http.Request) *errcode.Error {
	token := r.Header.Get(refusalHeader)
	g, _ := r.Context().Value(guardKey{}).(*guardConn)
	if token == "" || g == nil {
		return nil
	}
	rf := g.refusal.Load()
	if rf == nil || subtle.ConstantTimeCompare([]byte(token), []byte(rf.token)) != 1 {
		return nil
	}
	return rf.err
}

// bodyFraming is how a request's body ends.
type bodyFraming struct {
	length  int64 // Content-Length
	chunked bool
	// upgrade: the request asks to switch protocols (a WebSocket). What
	// follows it is the new protocol's, handed on unchecked: net/http
	// reads no request after it, since the guard adds Connection: close
	// (which net/http leaves off a 101 answer, and honours after any
	// other). Checking it would race net/http's background read of the
	// client's first frame.
	upgrade bool
}

// checkHead checks a complete request head, which ends with an empty
// line, and says how its body is framed. What it accepts, net/http
// parses; it also refuses what net/http would serve loosely.
func checkHead(head []byte) (bodyFraming, *errcode.Error) {
	lines := strings.Split(string(head[:len(head)-4]), "\r\n")
	proto, err := checkRequestLine(lines[0])
	if err != nil {
		return bodyFraming{}, err
	}
	fields := make(map[string][]string)
	for _, line := range lines[1:] {
		if line[0] == ' ' || line[0] == '\t' {
			return bodyFraming{}, errcode.Errorf(errcode.InvalidHeader, "a header line starts with white space (obsolete line folding): put each header on one line")
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return bodyFraming{}, errcode.Errorf(errcode.InvalidHeader, "the header line %q has no colon: send Name: value", clipHead(line))
		}
		if !httpguts.ValidHeaderFieldName(name) {
			return bodyFraming{}, errcode.Errorf(errcode.InvalidHeader, "the header name %q is not a token: use letters, digits and - _ . ! # $ & ' * + ^ ~, with no space before the colon", clipHead(name))
		}
		value = strings.Trim(value, " \t")
		if !httpguts.ValidHeaderFieldValue(value) {
			// The value is not quoted back: it may be a credential.
			return bodyFraming{}, errcode.Errorf(errcode.InvalidHeader, "the value of the header %s holds a control character (NUL, CR, DEL, ...): send printable text", clipHead(name))
		}
		key := textproto.CanonicalMIMEHeaderKey(name)
		fields[key] = append(fields[key], value)
	}
	if err := checkHost(proto, fields["Host"]); err != nil {
		return bodyFraming{}, err
	}
	if e := fields["Expect"]; len(e) > 1 || len(e) == 1 && !strings.EqualFold(e[0], "100-continue") {
		return bodyFraming{}, errcode.Errorf(errcode.MalformedRequest, "the only Expect served is one 100-continue: leave Expect out, or send Expect: 100-continue once")
	}
	framing, err := checkFraming(proto, fields["Content-Length"], fields["Transfer-Encoding"])
	framing.upgrade = len(fields["Upgrade"]) > 0
	return framing, err
}

// checkRequestLine checks METHOD SP target SP version and returns the
// version.
func checkRequestLine(line string) (string, *errcode.Error) {
	method, rest, ok1 := strings.Cut(line, " ")
	target, proto, ok2 := strings.Cut(rest, " ")
	switch {
	case !ok1 || !ok2:
		return "", errcode.Errorf(errcode.MalformedRequest, "the request line %q is not METHOD /path HTTP/1.1", clipHead(line))
	case !httpguts.ValidHeaderFieldName(method):
		return "", errcode.Errorf(errcode.MalformedRequest, "the method %q is not a token: send GET, POST, DELETE, ...", clipHead(method))
	case proto != "HTTP/1.1" && proto != "HTTP/1.0":
		return "", errcode.Errorf(errcode.MalformedRequest, "the protocol %q is not served: send HTTP/1.1", clipHead(proto))
	}
	if target == "*" {
		return "", errcode.Errorf(errcode.MalformedURL, "the request target * (server-wide OPTIONS) is not served: send a path")
	}
	// As net/http reads a CONNECT target without a path.
	raw := target
	if method == http.MethodConnect && !strings.HasPrefix(raw, "/") {
		raw = "http://" + raw
	}
	if _, err := url.ParseRequestURI(raw); err != nil {
		var esc url.EscapeError
		if errors.As(err, &esc) {
			return "", errcode.Errorf(errcode.MalformedURL, "the URL %q has the invalid escape %q: write a literal %% as %%25 and escape bytes as %% and two hex digits", clipHead(target), string(esc))
		}
		return "", errcode.Errorf(errcode.MalformedURL, "the request target %q is not a URL path (/path?query): %s", clipHead(target), strings.TrimPrefix(err.Error(), "parse "))
	}
	return proto, nil
}

func checkHost(proto string, hosts []string) *errcode.Error {
	switch {
	case len(hosts) > 1:
		return errcode.Errorf(errcode.DuplicateHeader, "the header Host is given %d times: send it once", len(hosts))
	case len(hosts) == 0 && proto == "HTTP/1.1":
		return errcode.Errorf(errcode.MalformedRequest, "an HTTP/1.1 request needs a Host header")
	case len(hosts) == 1 && !httpguts.ValidHostHeader(hosts[0]):
		return errcode.Errorf(errcode.MalformedRequest, "the Host header %q is not host[:port]", clipHead(hosts[0]))
	}
	return nil
}

// contentLengthDigitsMax keeps a Content-Length within int64.
const contentLengthDigitsMax = 18

// checkFraming refuses every body framing but one Content-Length or, in
// HTTP/1.1, Transfer-Encoding: chunked alone.
func checkFraming(proto string, lengths, encodings []string) (bodyFraming, *errcode.Error) {
	switch {
	case len(lengths) > 0 && len(encodings) > 0:
		return bodyFraming{}, errcode.Errorf(errcode.InvalidBodyFraming, "the request has both Content-Length and Transfer-Encoding, which a proxy may read differently: send one (the connection is closed)")
	case len(encodings) > 0 && proto != "HTTP/1.1":
		return bodyFraming{}, errcode.Errorf(errcode.InvalidBodyFraming, "Transfer-Encoding needs HTTP/1.1: send the body with Content-Length")
	case len(encodings) > 1 || len(encodings) == 1 && !strings.EqualFold(encodings[0], "chunked"):
		return bodyFraming{}, errcode.Errorf(errcode.InvalidBodyFraming, "the only transfer coding served is one Transfer-Encoding: chunked")
	case len(encodings) == 1:
		return bodyFraming{chunked: true}, nil
	case len(lengths) > 1:
		return bodyFraming{}, errcode.Errorf(errcode.InvalidBodyFraming, "Content-Length is given %d times: send it once", len(lengths))
	case len(lengths) == 0:
		return bodyFraming{}, nil
	}
	s := lengths[0]
	var n int64
	if s == "" || len(s) > contentLengthDigitsMax {
		return bodyFraming{}, errcode.Errorf(errcode.InvalidBodyFraming, "Content-Length %q is not a number of bytes", clipHead(s))
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return bodyFraming{}, errcode.Errorf(errcode.InvalidBodyFraming, "Content-Length %q is not a number of bytes", clipHead(s))
		}
		n = n*10 + int64(s[i]-'0')
	}
	return bodyFraming{length: n}, nil
}

// clipHead bounds what a refusal quotes of the request.
func clipHead(s string) string {
	const max = 64
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
