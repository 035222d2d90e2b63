package natsconn_test

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"pred.dev/proto/runtime/natsconn"
)

// Bounds of the test's waits.
const (
	// serverReadyMax bounds a nats-server's start.
	serverReadyMax = 10 * time.Second
	// failoverMax bounds the move to the other server once the first
	// stops answering: a few times what the pings need (three of them two
	// seconds apart), far below the four minutes of nats.go's defaults.
	failoverMax = 30 * time.Second
	poll        = 50 * time.Millisecond
)

// TestLeavesANodeThatStopsAnswering connects to two servers, pauses the
// one the client is on (SIGSTOP: its socket stays open and says nothing,
// as a partitioned or frozen node's does), and requires the client to
// move to the other and work there. With nats.go's default pings (every
// two minutes, two outstanding) it stays for minutes and this fails.
func TestLeavesANodeThatStopsAnswering(t *testing.T) {
	a, b := startServer(t), startServer(t)
	nc, err := natsconn.Connect(a.url+","+b.url, "natsconn-test", nats.DontRandomize())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if nc.ConnectedUrl() != a.url {
		t.Fatalf("connected to %s, want the first URL %s", nc.ConnectedUrl(), a.url)
	}
	if err := a.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = a.cmd.Process.Signal(syscall.SIGCONT) }()
	deadline := time.Now().Add(failoverMax)
	for nc.ConnectedUrl() != b.url {
		if time.Now().After(deadline) {
			t.Fatalf("still on %q (status %v) %s after its server stopped answering", nc.ConnectedUrl(), nc.Status(), failoverMax)
		}
		time.Sleep(poll)
	}
	if err := nc.FlushTimeout(serverReadyMax); err != nil {
		t.Fatalf("a round trip on the other server: %v", err)
	}
}

type server struct {
	url string
	cmd *exec.Cmd
}

// startServer starts ./bin/nats-server on a free loopback port.
func startServer(t *testing.T) server {
	t.Helper()
	bin := natsServerBin(t)
	port, monitor := freePort(t), freePort(t)
	cmd := exec.Command(bin, "-a", "127.0.0.1", "-p", fmt.Sprint(port), "-m", fmt.Sprint(monitor))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	deadline := time.Now().Add(serverReadyMax)
	for {
		resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/healthz", monitor))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return server{url: fmt.Sprintf("nats://127.0.0.1:%d", port), cmd: cmd}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("nats-server on %d not ready within %s: %v", port, serverReadyMax, err)
		}
		time.Sleep(poll)
	}
}

// natsServerBin is the workspace's ./bin/nats-server, which make builds.
func natsServerBin(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			bin := filepath.Join(dir, "bin", "nats-server")
			if _, err := os.Stat(bin); err != nil {
				t.Fatalf("%s: %v (make tools builds it)", bin, err)
			}
			return bin
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.work above the test's directory")
		}
		dir = parent
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
