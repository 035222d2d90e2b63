package wsfeed

import (
	"bufio"
	"net"
	"net/http"
	"time"
)

// hijackable hands the library a connection fit for a long-lived stream.
// net/http leaves the server's read and write deadlines on a hijacked
// connection (the API's request timeouts): they are cleared, since the
// stream bounds its own reads (pings) and writes (WriteTimeout). (The
// request-head guard of the API kit, httpmw.Serve, hands on unchecked
// what follows an upgrade request.)
// The socket the library writes to is a corkConn, which the
// connection's writer corks around a batch of frames.
type hijackable struct {
	http.ResponseWriter
	writeTimeout time.Duration
	conn         *corkConn // set by Hijack
}

func (h *hijackable) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := conn.SetDeadline(time.Time{}); err != nil {
		_ = conn.Close()
		return nil, nil, err
	}
	// The library writes through brw's writer, which net/http made on
	// the raw socket: it is made again on the corkConn, after sending
	// anything it holds (nothing: net/http flushed the 101 before
	// hijacking).
	if err := brw.Writer.Flush(); err != nil {
		_ = conn.Close()
		return nil, nil, err
	}
	h.conn = &corkConn{Conn: conn, writeTimeout: h.writeTimeout}
	return h.conn, bufio.NewReadWriter(brw.Reader, bufio.NewWriter(h.conn)), nil
}

// Unwrap lets http.ResponseController reach the writer underneath.
func (h *hijackable) Unwrap() http.ResponseWriter { return h.ResponseWriter }
