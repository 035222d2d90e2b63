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
type hijackable struct{ http.ResponseWriter }

func (h hijackable) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := conn.SetDeadline(time.Time{}); err != nil {
		_ = conn.Close()
		return nil, nil, err
	}
	return conn, brw, nil
}

// Unwrap lets http.ResponseController reach the writer underneath.
func (h hijackable) Unwrap() http.ResponseWriter { return h.ResponseWriter }
