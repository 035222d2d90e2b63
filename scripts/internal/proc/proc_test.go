package proc

import (
	"bytes"
	"errors"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLineWriter: the first line is handed over whole however it is
// split across writes, and only what follows it reaches the next writer.
func TestLineWriter(t *testing.T) {
	var next bytes.Buffer
	w := &lineWriter{next: &next, first: make(chan string, 1)}
	for _, s := range []string{"rea", "dy nats://127.0.0.1:4222\nlog ", "line\n"} {
		if n, err := w.Write([]byte(s)); err != nil || n != len(s) {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if line := <-w.first; line != "ready nats://127.0.0.1:4222\n" {
		t.Errorf("first line %q", line)
	}
	if next.String() != "log line\n" {
		t.Errorf("after the first line: %q", next.String())
	}
}

// TestStop: a process that ends on SIGTERM stops by itself; one that
// ignores it is killed once the bound has passed.
func TestStop(t *testing.T) {
	p, err := Start(exec.Command("sleep", "60"))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Stop(10 * time.Second) {
		t.Error("sleep did not stop on SIGTERM")
	}
	// The shell says when it ignores SIGTERM, then becomes a sleep that
	// inherits the ignored signal.
	var out bytes.Buffer
	ready := &lineWriter{next: &out, first: make(chan string, 1)}
	cmd := exec.Command("sh", "-c", `trap "" TERM; echo trapped; exec sleep 60`)
	cmd.Stdout = ready
	if p, err = Start(cmd); err != nil {
		t.Fatal(err)
	}
	<-ready.first
	began := time.Now()
	if p.Stop(200 * time.Millisecond) {
		t.Error("a process that ignores SIGTERM reportedly stopped by itself")
	}
	if !p.Exited() || time.Since(began) > 10*time.Second {
		t.Errorf("the process was not killed after the bound (exited %v after %s)", p.Exited(), time.Since(began))
	}
}

// TestStartNATSDPortTaken: natsd started on a port another process holds
// fails with ErrPortTaken and its own words, so a caller can pick another
// port and a log says why.
func TestStartNATSDPortTaken(t *testing.T) {
	bin := t.TempDir()
	if err := Build(bin, "./scripts/cmd/natsd"); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	p, err := StartNATSD(filepath.Join(bin, "natsd"), t.TempDir(), port, nil)
	if err == nil {
		p.Kill()
		t.Fatal("natsd started on a port another process holds")
	}
	if !errors.Is(err, ErrPortTaken) || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("error %v: want ErrPortTaken with natsd's words", err)
	}
}

// TestTailWriter keeps only the last tailMax bytes.
func TestTailWriter(t *testing.T) {
	w := &tailWriter{}
	_, _ = w.Write(bytes.Repeat([]byte("a"), tailMax))
	_, _ = w.Write([]byte("the end"))
	if s := w.String(); len(s) != tailMax || !strings.HasSuffix(s, "the end") {
		t.Fatalf("kept %d bytes ending %q", len(s), s[len(s)-10:])
	}
}

// TestFreePortNeverTwice draws as many ports as a few clusters do, and
// more: random draws from the range repeat (about a 2% chance among a
// cluster's thirty ports, near certain among these), and no port may be
// returned twice.
func TestFreePortNeverTwice(t *testing.T) {
	seen := map[int]bool{}
	for range 2_000 {
		p, err := FreePort()
		if err != nil {
			t.Fatal(err)
		}
		if seen[p] {
			t.Fatalf("port %d returned twice", p)
		}
		seen[p] = true
	}
}
