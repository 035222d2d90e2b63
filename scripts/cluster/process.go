package cluster

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Where a process keeps its pid file and its log, under the data dir.
const (
	runDirName = "run"
	logDirName = "logs"
)

// stopPoll is how often a stopping process is looked at.
const stopPoll = 20 * time.Millisecond

// Proc is one process of the cluster, known by its name: the pid file
// <data>/run/<name>.pid and the log <data>/logs/<name>.log. It outlives
// the program that started it: any later program finds it by its pid
// file.
type Proc struct {
	Name string
	Dir  string
}

// PIDPath is the process's pid file.
func (p Proc) PIDPath() string { return filepath.Join(p.Dir, runDirName, p.Name+".pid") }

// LogPath is the process's log, stdout and stderr, appended across
// restarts so that one file tells its whole story.
func (p Proc) LogPath() string { return filepath.Join(p.Dir, logDirName, p.Name+".log") }

// Start starts cmd detached (its own session, so a Ctrl-C of the program
// that started it does not reach it) with its output appended to the
// log, and records its pid and executable. A process still running is
// an error: start each one once.
func (p Proc) Start(cmd *exec.Cmd) error {
	// The kernel names the executable with its links resolved.
	exe, err := filepath.EvalSymlinks(cmd.Path)
	if err == nil {
		exe, err = filepath.Abs(exe)
	}
	if err != nil {
		return err
	}
	return p.start(cmd, exe)
}

// startIn starts cmd as Start does, in the network namespace ns: through
// `ip netns exec`, which joins it and then executes cmd, so the pid is
// cmd's and its executable becomes cmd's a moment after the start.
func (p Proc) startIn(ns string, cmd *exec.Cmd) error {
	exe, err := filepath.EvalSymlinks(cmd.Path)
	if err == nil {
		exe, err = filepath.Abs(exe)
	}
	if err != nil {
		return err
	}
	ipCmd := exec.Command("ip", append([]string{"netns", "exec", ns, exe}, cmd.Args[1:]...)...)
	ipCmd.Env = cmd.Env
	if err := p.start(ipCmd, exe); err != nil {
		return err
	}
	deadline := time.Now().Add(execMax)
	for !p.Running() {
		if time.Now().After(deadline) {
			return fmt.Errorf("cluster: %s did not execute %s in %s within %s; its log ends:\n%s", p.Name, exe, ns, execMax, p.logTail(20))
		}
		time.Sleep(stopPoll)
	}
	return nil
}

// execMax bounds the moment between `ip netns exec` starting and its
// executing the command.
const execMax = 5 * time.Second

// start starts cmd and records its pid with exe, the executable the
// process runs once started.
func (p Proc) start(cmd *exec.Cmd, exe string) error {
	if pid, ok := p.PID(); ok {
		return fmt.Errorf("cluster: %s is already running (pid %d)", p.Name, pid)
	}
	for _, d := range []string{filepath.Dir(p.PIDPath()), filepath.Dir(p.LogPath())} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	log, err := os.OpenFile(p.LogPath(), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cluster: start %s: %w", p.Name, err)
	}
	// Reaped here while this program lives, so that a killed child does
	// not linger as a zombie that looks alive; init reaps it afterwards.
	go func() { _ = cmd.Wait() }()
	rec := fmt.Sprintf("%d\n%s\n", cmd.Process.Pid, exe)
	return os.WriteFile(p.PIDPath(), []byte(rec), 0o644)
}

// PID returns the process's pid if it is running: its pid file names a
// live process that runs the recorded executable (a pid reused by
// another program does not count), or one that is still exiting.
func (p Proc) PID() (int, bool) {
	b, err := os.ReadFile(p.PIDPath())
	if err != nil {
		return 0, false
	}
	pidText, recorded, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 {
		return 0, false
	}
	// The executable is read before the state: the kernel sets
	// PF_EXITING before it frees the memory that /proc/<pid>/exe needs,
	// so a state read after an unreadable executable shows PF_EXITING.
	// Read the other way round, a state from just before the exit and
	// an executable from just after it looked gone, and the next call
	// saw it exiting, so alive again (a stop's TestProcIsFoundByItsPIDFile
	// failed so in CI, about 1 stop in 100 here).
	exe, exeErr := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	st, ok := parseStat(stat)
	if !ok {
		return 0, false
	}
	if !alive(st, threadsOf(pid), exe, exeErr, recorded) {
		return 0, false
	}
	return pid, true
}

// procStat is what PID reads of /proc/<pid>/stat.
type procStat struct {
	state byte   // R, S, D, Z, X...
	flags uint64 // the kernel's PF_* flags
}

// pfExiting is PF_EXITING: the process is in the kernel's do_exit.
const pfExiting = 0x4

// parseStat reads the state and flags, the first and seventh fields after
// the command name's closing parenthesis (the name may hold any byte).
func parseStat(b []byte) (procStat, bool) {
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 7 || len(f[0]) != 1 {
		return procStat{}, false
	}
	flags, err := strconv.ParseUint(f[6], 10, 64)
	if err != nil {
		return procStat{}, false
	}
	return procStat{state: f[0][0], flags: flags}, true
}

// alive decides whether a process may still hold what it had open (its
// listening ports above all), from how the kernel tears it down: do_exit
// releases the memory, and with it /proc/<pid>/exe, before the open
// files, and the leader of a thread group turns zombie while its other
// threads still exit (one finishing an fsync, say), the files going with
// the last of them. Each of those windows counted as gone once, and a
// restart then failed: "bind: address already in use" (campaign fault
// 49), and a clock-skew restart found the stopped gateway "running" a
// moment after its stop had seen it gone, so it started nothing.
func alive(st procStat, threads int, exe string, exeErr error, recorded string) bool {
	switch {
	case st.state == 'X':
		return false
	case st.state == 'Z':
		// A zombie's executable can no longer be read; its pid is not
		// reused before it is reaped, so it is still the recorded one.
		return threads > 1
	case exeErr != nil:
		return st.flags&pfExiting != 0
	default:
		return strings.TrimSuffix(exe, " (deleted)") == recorded
	}
}

// threadsOf is the number of threads of the process's group, 0 when it
// cannot be read.
func threadsOf(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if n, ok := strings.CutPrefix(line, "Threads:"); ok {
			threads, _ := strconv.Atoi(strings.TrimSpace(n))
			return threads
		}
	}
	return 0
}

// Running reports whether the process runs.
func (p Proc) Running() bool {
	_, ok := p.PID()
	return ok
}

// Kill kills the process with SIGKILL, as a power cut or the OOM killer
// would, and waits until it is gone (at most bound).
func (p Proc) Kill(bound time.Duration) error {
	pid, ok := p.PID()
	if !ok {
		return nil
	}
	_ = syscall.Kill(pid, syscall.SIGKILL)
	if !p.waitGone(bound) {
		return fmt.Errorf("cluster: %s (pid %d) survived SIGKILL for %s", p.Name, pid, bound)
	}
	return nil
}

// signal sends sig to the running process.
func (p Proc) signal(sig syscall.Signal) error {
	pid, ok := p.PID()
	if !ok {
		return fmt.Errorf("cluster: %s does not run", p.Name)
	}
	if err := syscall.Kill(pid, sig); err != nil {
		return fmt.Errorf("cluster: %s (pid %d): %v: %w", p.Name, pid, sig, err)
	}
	return nil
}

// Stop ends the process with SIGTERM, or SIGKILL if it still runs after
// bound. It reports whether it stopped by itself.
func (p Proc) Stop(bound time.Duration) (bool, error) {
	pid, ok := p.PID()
	if !ok {
		return true, nil
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		return false, fmt.Errorf("cluster: SIGTERM %s (pid %d): %w", p.Name, pid, err)
	}
	if p.waitGone(bound) {
		return true, nil
	}
	return false, p.Kill(bound)
}

func (p Proc) waitGone(bound time.Duration) bool {
	deadline := time.Now().Add(bound)
	for p.Running() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(stopPoll)
	}
	return true
}

// logTail is the end of the process's log, for an error that says why
// it did not come up.
func (p Proc) logTail(lines int) string {
	b, err := os.ReadFile(p.LogPath())
	if err != nil {
		return ""
	}
	all := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return strings.Join(all, "\n")
}
