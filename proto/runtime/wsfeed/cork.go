package wsfeed

import (
	"net"
	"sync"
	"time"
)

// corkConn is the socket under the WebSocket library: while the
// connection's writer has it corked, what the library writes (frame
// after frame, each flushed) is held, and uncork sends it in one write.
// The writer corks it around every frame it finds queued, so a
// connection that fell behind catches up in one system call rather than
// one per frame: the CPU profile of 5,000 book subscribers spent 30% of
// it in the write and read system calls of single frames. A connection
// that keeps up sends each frame at once, as before.
//
// Writes made while uncorked (a pong, a close from another goroutine) go
// straight to the socket under the library's own deadlines; what the
// corked writer sends waits at most WriteTimeout.
type corkConn struct {
	net.Conn
	writeTimeout time.Duration

	mu     sync.Mutex
	corked bool
	buf    *[]byte
}

// CorkBytesMax bounds what a corked connection holds: past it the held
// bytes are written out and corking goes on.
const CorkBytesMax = 64 << 10

// corkBufs are the buffers of the connections corked at the moment: a
// few per core, not one per connection.
var corkBufs = sync.Pool{New: func() any { b := make([]byte, 0, CorkBytesMax); return &b }}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.corked {
		return c.Conn.Write(p)
	}
	if len(*c.buf)+len(p) > CorkBytesMax {
		if err := c.flushLocked(); err != nil {
			return 0, err
		}
		if len(p) > CorkBytesMax {
			return len(p), c.writeDeadlined(p)
		}
	}
	*c.buf = append(*c.buf, p...)
	return len(p), nil
}

// cork holds the writes until uncork.
func (c *corkConn) cork() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = true
	c.buf = corkBufs.Get().(*[]byte)
}

// uncork writes what was held and lets writes through again. Uncorking
// an uncorked connection does nothing.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.corked {
		return nil
	}
	err := c.flushLocked()
	c.corked = false
	*c.buf = (*c.buf)[:0]
	corkBufs.Put(c.buf)
	c.buf = nil
	return err
}

func (c *corkConn) flushLocked() error {
	if len(*c.buf) == 0 {
		return nil
	}
	err := c.writeDeadlined(*c.buf)
	*c.buf = (*c.buf)[:0]
	return err
}

// writeDeadlined writes p within writeTimeout. A write that fails or
// times out leaves the socket unusable, which the library finds out at
// its next read or write.
func (c *corkConn) writeDeadlined(p []byte) error {
	if err := c.Conn.SetWriteDeadline(time.Now().Add(c.writeTimeout)); err != nil {
		return err
	}
	_, err := c.Conn.Write(p)
	if derr := c.Conn.SetWriteDeadline(time.Time{}); err == nil {
		err = derr
	}
	return err
}
