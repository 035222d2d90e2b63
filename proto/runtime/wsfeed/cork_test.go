package wsfeed

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"sync/atomic"
	"testing"
	"time"
)

// counted counts the writes that reach the socket.
type counted struct {
	net.Conn
	writes atomic.Int64
}

func (c *counted) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

// pipe is a corkConn on one end of an in-memory connection, with the
// other end's reads collected.
func pipe(t *testing.T, timeout time.Duration) (*corkConn, *counted, func() []byte, net.Conn) {
	t.Helper()
	a, b := net.Pipe()
	t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
	sock := &counted{Conn: a}
	got := make(chan []byte, 1)
	read := func() []byte {
		t.Helper()
		go func() {
			buf := make([]byte, 4*CorkBytesMax)
			n, _ := io.ReadAtLeast(b, buf, 1)
			got <- buf[:n]
		}()
		select {
		case p := <-got:
			return p
		case <-time.After(5 * time.Second):
			t.Fatal("nothing arrived")
			return nil
		}
	}
	return &corkConn{Conn: sock, writeTimeout: timeout}, sock, read, b
}

func TestCorkSendsHeldFramesInOneWrite(t *testing.T) {
	c, sock, read, _ := pipe(t, time.Second)
	c.cork()
	for _, p := range []string{"one,", "two,", "three"} {
		if n, err := c.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("corked write: %d, %v", n, err)
		}
	}
	if sock.writes.Load() != 0 {
		t.Fatal("a corked write reached the socket")
	}
	done := make(chan error, 1)
	go func() { done <- c.uncork() }()
	if got := read(); string(got) != "one,two,three" {
		t.Fatalf("read %q", got)
	}
	if err := <-done; err != nil || sock.writes.Load() != 1 {
		t.Fatalf("uncork: %v after %d writes, want 1", err, sock.writes.Load())
	}
	if err := c.uncork(); err != nil {
		t.Fatalf("uncorking again: %v", err)
	}
	// Uncorked, a write goes through at once.
	go func() { _, err := c.Write([]byte("pong")); done <- err }()
	if got := read(); string(got) != "pong" || <-done != nil {
		t.Fatalf("uncorked write read as %q", got)
	}
}

// Past CorkBytesMax the held bytes go out first, then the large write.
func TestCorkFlushesPastItsBound(t *testing.T) {
	c, sock, read, _ := pipe(t, time.Second)
	c.cork()
	if _, err := c.Write([]byte("head")); err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("x"), CorkBytesMax+1)
	done := make(chan error, 1)
	go func() { _, err := c.Write(big); done <- err }()
	if got := read(); string(got) != "head" {
		t.Fatalf("first read %q, want the held bytes", got)
	}
	var all []byte
	for len(all) < len(big) {
		all = append(all, read()...)
	}
	if err := <-done; err != nil || !bytes.Equal(all, big) || sock.writes.Load() != 2 {
		t.Fatalf("large corked write: %v, %d bytes in %d writes", err, len(all), sock.writes.Load())
	}
	if err := c.uncork(); err != nil || sock.writes.Load() != 2 {
		t.Fatalf("uncork with nothing held: %v, %d writes", err, sock.writes.Load())
	}
}

// A peer that never reads: the held bytes' write gives up at the
// deadline, and the socket has no deadline left for the library's own.
func TestCorkWriteTimesOut(t *testing.T) {
	c, _, _, _ := pipe(t, 100*time.Millisecond)
	c.cork()
	if _, err := c.Write([]byte("never read")); err != nil {
		t.Fatal(err)
	}
	if err := c.uncork(); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("uncork to a peer that does not read: %v, want a deadline error", err)
	}
}
