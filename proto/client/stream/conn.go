package stream

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/coder/websocket"

	"pred.dev/proto/errcode"
)

// dialTimeout bounds one upgrade request.
const dialTimeout = 30 * time.Second

// transient are the codes of a policy-violation close (1008, reason
// "CODE: message") that a new connection can cure: the Stream dials
// again and resumes. Any other 1008 (bad credentials) ends it.
var transient = []errcode.Code{errcode.StreamSlowConsumer, errcode.StreamPositionAhead, errcode.StreamPongTimeout,
	errcode.StreamAuthTimeout, errcode.StreamShuttingDown}

// channel is what differs between the streams: where to dial, with which
// headers, what to send first, how to read a frame.
type channel interface {
	// url is the channel's URL, resuming after from if set.
	url(from *uint64) string
	// header is the upgrade request's headers (credentials), made anew
	// for each connection.
	header() (http.Header, error)
	// hello is what the Stream sends once connected.
	hello(s *Stream, from *uint64) []any
	// ping is the keep-alive request.
	ping() any
	// frame decodes one frame and applies it to the Stream's state.
	frame(s *Stream, data []byte) (frameResult, error)
}

// frameResult is what one frame gave: the messages to deliver, the
// position they are at, and the requests to send (a new snapshot).
type frameResult struct {
	msgs   []any
	pos    uint64
	hasPos bool
	send   []any
}

// FinalError ends a Stream: the server refused it in a way that a new
// connection would not change (bad credentials, a request it will never
// accept).
type FinalError struct {
	// HTTPStatus is the refused upgrade's status (0 if the upgrade
	// succeeded), Body the start of its answer.
	HTTPStatus int
	Body       string
	// Close is the close frame's status and reason when the server closed
	// an established connection.
	Close websocket.CloseError
	// Err is a failure of the client's own: before any request
	// (credentials that cannot sign), or a book that kept disagreeing
	// with the server (*ResyncLimitError).
	Err error
}

func (e *FinalError) Unwrap() error { return e.Err }

func (e *FinalError) Error() string {
	if e.Err != nil {
		return "stream: " + e.Err.Error()
	}
	if e.HTTPStatus != 0 {
		return fmt.Sprintf("stream: upgrade refused: HTTP %d: %s", e.HTTPStatus, strings.TrimSpace(e.Body))
	}
	return fmt.Sprintf("stream: closed by the server: %d %s", e.Close.Code, e.Close.Reason)
}

// connect dials once and serves the connection until it ends; served
// reports whether a frame arrived (then the back-off starts again).
func (s *Stream) connect(ctx context.Context) (served bool, err error) {
	from := s.position()
	h, err := s.ch.header()
	if err != nil {
		return false, &FinalError{Err: err}
	}
	dctx, cancel := context.WithTimeout(ctx, dialTimeout)
	c, resp, err := websocket.Dial(dctx, s.ch.url(from), &websocket.DialOptions{HTTPClient: s.cfg.http, HTTPHeader: h})
	cancel()
	if err != nil {
		return false, refused(resp, err)
	}
	defer func() { _ = c.CloseNow() }()
	c.SetReadLimit(FrameBytesMax)
	s.mu.Lock()
	s.status.Connected = true
	s.status.Connects++
	s.mu.Unlock()
	for _, r := range s.ch.hello(s, from) {
		if err := write(ctx, c, r); err != nil {
			return false, err
		}
	}
	kctx, stop := context.WithCancel(ctx)
	defer stop()
	go s.keepAlive(kctx, c)
	for {
		rctx, cancel := context.WithTimeout(ctx, s.cfg.idleTimeout)
		_, data, err := c.Read(rctx)
		cancel()
		if err != nil {
			return served, closed(err)
		}
		served = true
		res, err := s.ch.frame(s, data)
		var final *FinalError
		if errors.As(err, &final) {
			_ = c.Close(websocket.StatusNormalClosure, "")
			return served, err
		}
		if err != nil {
			// A frame this client cannot read: the next connection
			// resumes before it, and the server may have been fixed.
			_ = c.Close(websocket.StatusUnsupportedData, "unreadable frame")
			return served, err
		}
		for _, r := range res.send {
			if err := write(ctx, c, r); err != nil {
				return served, err
			}
		}
		if err := s.deliver(ctx, res.msgs, res.pos, res.hasPos); err != nil {
			return served, err
		}
	}
}

// refused tells a refused upgrade that will stay refused (a 4xx but for
// a timeout or too many connections) from one worth trying again; both
// say the status and the start of the answer, which names the reason.
func refused(resp *http.Response, err error) error {
	if resp == nil || resp.StatusCode == http.StatusSwitchingProtocols {
		return err
	}
	code := resp.StatusCode
	var body string
	if resp.Body != nil {
		var b [1024]byte
		n, _ := io.ReadFull(resp.Body, b[:])
		body = string(b[:n])
	}
	if code < 400 || code >= 500 || code == http.StatusRequestTimeout || code == http.StatusTooManyRequests {
		return fmt.Errorf("stream: upgrade refused: HTTP %d: %s", code, strings.TrimSpace(body))
	}
	return &FinalError{HTTPStatus: code, Body: body}
}

// closed turns a read error into the Stream's: a policy violation is
// final unless its code is transient.
func closed(err error) error {
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation {
		return err
	}
	code, _, _ := strings.Cut(ce.Reason, ":")
	if slices.Contains(transient, errcode.Code(code)) {
		return err
	}
	return &FinalError{Close: ce}
}

// keepAlive pings the server every interval until ctx ends; the server's
// pongs (and pings) keep the read loop's idle timer from firing.
func (s *Stream) keepAlive(ctx context.Context, c *websocket.Conn) {
	t := time.NewTicker(s.cfg.pingInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := write(ctx, c, s.ch.ping()); err != nil {
				return // the read loop sees the broken connection
			}
		}
	}
}

// splitFrame reads a frame's messages: a JSON array of the messages of
// one position, or one control message as a bare object.
func splitFrame(data []byte) ([]json.RawMessage, error) {
	data = bytes.TrimLeft(data, " \t\r\n")
	if len(data) > 0 && data[0] == '{' {
		return []json.RawMessage{data}, nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, fmt.Errorf("stream: a frame that is neither a JSON array nor an object: %w", err)
	}
	return raws, nil
}

// write sends one JSON request as a text frame.
func write(ctx context.Context, c *websocket.Conn, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return c.Write(wctx, websocket.MessageText, b)
}
