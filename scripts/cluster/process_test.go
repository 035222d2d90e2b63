package cluster

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"

	"pred.dev/scripts/internal/proc"
)

// TestAliveWhileExiting holds the decision of PID to the order in which the
// kernel tears a process down. The rows "exiting, memory gone" and "zombie
// leader, threads left" are the two windows in which a stopped process
// still holds its ports; PID counted the first as gone, and a clock-skew
// restart in the campaign then started nothing.
func TestAliveWhileExiting(t *testing.T) {
	const exe = "/data/bin/gateway-clob"
	noExe := errors.New("readlink /proc/1/exe: no such file or directory")
	for _, c := range []struct {
		name    string
		st      procStat
		threads int
		exe     string
		exeErr  error
		want    bool
	}{
		{"running", procStat{state: 'S'}, 12, exe, nil, true},
		{"running, binary replaced", procStat{state: 'R'}, 12, exe + " (deleted)", nil, true},
		{"pid reused by another program", procStat{state: 'S'}, 1, "/usr/bin/sleep", nil, false},
		{"exiting, memory gone, files still open", procStat{state: 'R', flags: pfExiting}, 12, "", noExe, true},
		{"exiting in the disk wait", procStat{state: 'D', flags: pfExiting}, 3, "", noExe, true},
		{"no executable and not exiting (a kernel thread on a reused pid)", procStat{state: 'S', flags: 0x00200000}, 1, "", noExe, false},
		{"zombie leader, threads left", procStat{state: 'Z', flags: pfExiting}, 4, "", noExe, true},
		{"zombie, every thread gone", procStat{state: 'Z', flags: pfExiting}, 1, "", noExe, false},
		{"dead", procStat{state: 'X'}, 0, "", noExe, false},
	} {
		if got := alive(c.st, c.threads, c.exe, c.exeErr, exe); got != c.want {
			t.Errorf("%s: alive = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestParseStat reads this process's own stat, and a command name with a
// parenthesis and spaces in it.
func TestParseStat(t *testing.T) {
	// The reading thread's own stat, so its state is R: /proc/self/stat
	// shows the main thread's, which may sleep (CI once read S).
	runtime.LockOSThread()
	b, err := os.ReadFile("/proc/thread-self/stat")
	runtime.UnlockOSThread()
	if err != nil {
		t.Fatal(err)
	}
	st, ok := parseStat(b)
	if !ok || st.state != 'R' || st.flags&pfExiting != 0 {
		t.Errorf("own stat %q: %+v, %v; want state R, not exiting", b, st, ok)
	}
	st, ok = parseStat([]byte("42 (a) b (c) D 1 42 42 0 -1 4194372 0 0"))
	if !ok || st.state != 'D' || st.flags != 4194372 {
		t.Errorf("odd name: %+v, %v; want D with flags 4194372", st, ok)
	}
	if _, ok := parseStat([]byte("42 (truncated")); ok {
		t.Error("a stat without its fields parsed")
	}
}

// TestKillWaitsForThePort kills a process that holds a listening port and a
// gigabyte of memory, the size of an engine's or NATS node's, and binds the
// port the moment Kill returns. The kernel frees that memory before it closes
// the process's files, and Kill returned inside that window when PID took an
// unreadable executable for a gone process: the bind then failed.
func TestKillWaitsForThePort(t *testing.T) {
	if os.Getenv(holdPortEnv) != "" {
		holdPort()
		return
	}
	if testing.Short() {
		t.Skip("allocates a gigabyte in a child process")
	}
	for round := range 3 {
		port, err := proc.FreePort()
		if err != nil {
			t.Fatal(err)
		}
		p := Proc{Name: "holder", Dir: t.TempDir()}
		cmd := exec.Command(os.Args[0], "-test.run", "^TestKillWaitsForThePort$")
		cmd.Env = append(os.Environ(), holdPortEnv+"="+strconv.Itoa(port))
		if err := p.Start(cmd); err != nil {
			t.Fatal(err)
		}
		waitListening(t, port)
		if err := p.Kill(10 * time.Second); err != nil {
			t.Fatal(err)
		}
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			t.Fatalf("round %d: Kill returned while the killed process still held its port: %v", round, err)
		}
		l.Close()
	}
}

const holdPortEnv = "PRED_TEST_HOLD_PORT"

// holdPort is the child: it touches a gigabyte, listens, and waits.
func holdPort() {
	b := make([]byte, 1<<30)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	l, err := net.Listen("tcp", "127.0.0.1:"+os.Getenv(holdPortEnv))
	if err != nil {
		os.Exit(3)
	}
	defer l.Close()
	time.Sleep(time.Minute)
	b[0]++
}

func waitListening(t *testing.T, port int) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the child never listened on %d", port)
}

// TestStopIsFinal stops many processes and asks again the moment each
// stop returns: a process once seen gone stays gone. Before PID read the
// executable ahead of the state, about 1 stop in 100 came back alive.
func TestStopIsFinal(t *testing.T) {
	t.Parallel()
	const workers, stops = 4, 250
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			errs <- stopMany(t.TempDir(), w, stops)
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func stopMany(dir string, worker, stops int) error {
	for i := range stops {
		p := Proc{Name: fmt.Sprintf("sleeper-%d-%d", worker, i), Dir: dir}
		if err := p.Start(exec.Command("/bin/sleep", "60")); err != nil {
			return err
		}
		if _, err := p.Stop(StopMax); err != nil {
			return err
		}
		for range 3 {
			if p.Running() {
				return fmt.Errorf("stop %d of worker %d: the process runs again after Stop saw it gone", i, worker)
			}
		}
	}
	return nil
}
