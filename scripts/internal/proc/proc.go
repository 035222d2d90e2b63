// Package proc runs the exchange's programs as real OS processes for the
// tests and tools that need process boundaries (the chaos tests kill
// them; the end-to-end tests run gateways side by side): it builds
// binaries from the workspace, picks free ports, starts the natsd server
// and waits for its ready line, and stops processes with SIGTERM, then
// SIGKILL after a bound.
package proc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// WorkspaceRoot finds the directory holding go.work, from the working
// directory upwards.
func WorkspaceRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("proc: run inside the pred workspace (no go.work found)")
		}
		dir = parent
	}
}

// Build builds main packages of the workspace, given from its root
// ("./engine/cmd/engine"), into dir with one `go build`, so they compile
// and link in parallel. Each binary is named after its package's
// directory: dir/engine.
func Build(dir string, pkgs ...string) error {
	root, err := WorkspaceRoot()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// A trailing separator makes -o a directory even for one package.
	args := append([]string{"build", "-o", dir + string(filepath.Separator)}, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("proc: go build %s: %v\n%s", strings.Join(pkgs, " "), err, b)
	}
	return nil
}

// The ports FreePort picks from: below Linux's default ephemeral range
// (32768-60999), which the kernel hands to outgoing connections and to
// listeners on port 0. A port picked there could be taken, before the
// process meant for it binds, by any client's connection; a whole cluster
// of processes started a few seconds after its ports were picked lost
// them that way. Here only another picker can take one.
const (
	freePortLow   = 10_000
	freePortHigh  = 32_000
	freePortTries = 100
)

// handedOut are the ports FreePort returned in this process: it never
// returns one twice. A port is only tried, not held, so without this two
// picks could draw the same one (about a 2% chance for the thirty ports
// of a cluster), and the second process to bind it failed: a nats-server
// whose client and monitoring ports were both 20819 exited at its start.
var handedOut = struct {
	sync.Mutex
	ports map[int]bool
}{ports: map[int]bool{}}

// FreePort returns a TCP port on 127.0.0.1 that was free a moment ago,
// chosen at random below the ephemeral range, and that this process has
// not returned before.
func FreePort() (int, error) {
	handedOut.Lock()
	defer handedOut.Unlock()
	var err error
	for range freePortTries {
		port := freePortLow + rand.IntN(freePortHigh-freePortLow)
		if handedOut.ports[port] {
			continue
		}
		var l net.Listener
		if l, err = net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			_ = l.Close()
			handedOut.ports[port] = true
			return port, nil
		}
	}
	if err == nil {
		err = errors.New("every port drawn was handed out already")
	}
	return 0, fmt.Errorf("proc: no free port in %d-%d after %d tries (%d handed out already): %w",
		freePortLow, freePortHigh, freePortTries, len(handedOut.ports), err)
}

// Env is the environment without the variables whose names start with
// one of the prefixes ("CLOB_"): a child configured by flags then cannot
// pick up the developer's settings through its environment fallback.
func Env(dropPrefixes ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		keep := true
		for _, p := range dropPrefixes {
			if strings.HasPrefix(kv, p) {
				keep = false
				break
			}
		}
		if keep {
			env = append(env, kv)
		}
	}
	return env
}

// Proc is a started process and a channel closed when it has ended.
type Proc struct {
	// Cmd is the process; read Cmd.ProcessState only once Done is closed.
	Cmd  *exec.Cmd
	done chan struct{}
}

// Start starts cmd and watches it.
func Start(cmd *exec.Cmd) (*Proc, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return Watch(cmd), nil
}

// StartLogged starts cmd with its stdout and stderr appended to the file
// at logPath, and watches it. A process started again after a kill
// appends to the same log, so one file tells its whole story.
func StartLogged(cmd *exec.Cmd, logPath string) (*Proc, error) {
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	// The child gets its own descriptor of the log; this one is not needed
	// once it started.
	defer log.Close()
	cmd.Stdout, cmd.Stderr = log, log
	return Start(cmd)
}

// Watch watches a started process: it waits for it on a goroutine.
func Watch(cmd *exec.Cmd) *Proc {
	p := &Proc{Cmd: cmd, done: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.done)
	}()
	return p
}

// Done is closed when the process has ended and its output is copied.
func (p *Proc) Done() <-chan struct{} { return p.done }

// Exited reports whether the process has ended.
func (p *Proc) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Kill kills the process with SIGKILL, the way a power cut or the OOM
// killer would, and waits for it to end. A nil Proc is ignored.
func (p *Proc) Kill() {
	if p != nil {
		_ = p.Cmd.Process.Signal(syscall.SIGKILL)
		<-p.done
	}
}

// Stop ends the process with SIGTERM, or with SIGKILL if it is still
// running after bound. It reports whether the process stopped by itself
// (false: it had to be killed). A nil Proc is ignored.
func (p *Proc) Stop(bound time.Duration) bool {
	if p == nil {
		return true
	}
	_ = p.Cmd.Process.Signal(syscall.SIGTERM)
	t := time.NewTimer(bound)
	defer t.Stop()
	select {
	case <-p.done:
		return true
	case <-t.C:
		p.Kill()
		return false
	}
}

// NATSDReadyMax bounds the wait for natsd's ready line.
const NATSDReadyMax = 30 * time.Second

// StartNATSD starts the natsd binary (scripts/cmd/natsd) on 127.0.0.1:port
// with its JetStream store in dir, fsyncing every message, and returns
// once it printed its ready line. Its output after that line, and all of
// its standard error, go to log (nil discards them).
func StartNATSD(bin, dir string, port int, log io.Writer) (*Proc, error) {
	ready := &lineWriter{next: io.Discard, first: make(chan string, 1)}
	cmd := exec.Command(bin, "-dir", dir, "-port", fmt.Sprint(port), "-sync-always")
	cmd.Stdout = ready
	// The last of its standard error goes into the error of a start that
	// failed: without it a CI run's "exit status 1" said nothing.
	tail := &tailWriter{}
	cmd.Stderr = tail
	if log != nil {
		ready.next, cmd.Stderr = log, io.MultiWriter(log, tail)
	}
	p, err := Start(cmd)
	if err != nil {
		return nil, err
	}
	t := time.NewTimer(NATSDReadyMax)
	defer t.Stop()
	select {
	case line := <-ready.first:
		if strings.HasPrefix(line, "ready") {
			return p, nil
		}
		p.Kill()
		return nil, fmt.Errorf("proc: natsd did not start: %q", line)
	case <-p.done:
		err := fmt.Errorf("proc: natsd exited before it was ready: %s: %q", p.Cmd.ProcessState, tail.String())
		if strings.Contains(tail.String(), "address already in use") {
			err = fmt.Errorf("%w: %w", ErrPortTaken, err)
		}
		return nil, err
	case <-t.C:
		p.Kill()
		return nil, fmt.Errorf("proc: natsd printed no ready line within %s", NATSDReadyMax)
	}
}

// ErrPortTaken is wrapped by StartNATSD's error when another process
// bound the port between FreePort and natsd's start: a start on a port
// picked afresh cures it.
var ErrPortTaken = errors.New("proc: the port was taken")

// tailMax bounds what tailWriter keeps.
const tailMax = 2 << 10

// tailWriter keeps the last tailMax bytes written to it.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if n := len(w.buf); n > tailMax {
		w.buf = append(w.buf[:0], w.buf[n-tailMax:]...)
	}
	return len(p), nil
}

func (w *tailWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.TrimSpace(string(w.buf))
}

// lineWriter hands the first line written to it to first and everything
// after that line to next.
type lineWriter struct {
	next  io.Writer
	first chan string

	mu   sync.Mutex
	buf  []byte
	seen bool
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.seen {
		return w.next.Write(p)
	}
	w.buf = append(w.buf, p...)
	i := bytes.IndexByte(w.buf, '\n')
	if i < 0 {
		return len(p), nil
	}
	w.seen = true
	w.first <- string(w.buf[:i+1])
	if rest := w.buf[i+1:]; len(rest) > 0 {
		if _, err := w.next.Write(rest); err != nil {
			return 0, err
		}
	}
	w.buf = nil
	return len(p), nil
}
