package cluster

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pred.dev/proto/errcode"
	"pred.dev/scripts/internal/proc"
)

// TestHAProxyConfigIsValid has HAProxy itself check the generated
// configuration, and checks the choices the cluster relies on: /readyz
// health checks, retries only on connection failures, every replica
// behind its front.
func TestHAProxyConfigIsValid(t *testing.T) {
	t.Parallel()
	cfg, err := Config{Dir: t.TempDir(), BinDir: t.TempDir()}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writeHAProxy(cfg); err != nil { // has haproxy -c check it
		t.Fatal(err)
	}
	conf := haproxyConf(cfg)
	for _, want := range []string{"retry-on conn-failure\n", "option httpchk GET /readyz\n", "bind 127.0.0.1:8080\n",
		"server clob-1 127.0.0.1:18080 check\n", "server relayer-2 127.0.0.1:18182 check\n",
		"errorfile 503 " + filepath.Join(cfg.Dir, haproxyDirName, "503.http") + "\n"} {
		if !strings.Contains(conf, want) {
			t.Errorf("the configuration lacks %q:\n%s", want, conf)
		}
	}
	if strings.Contains(conf, "all-retryable-errors") || strings.Contains(conf, "retry-on response-timeout") {
		t.Errorf("the configuration re-sends requests that reached a server:\n%s", conf)
	}
}

// TestHAProxyErrorsAreTheAPIsErrors: each answer HAProxy makes itself is
// an HTTP response with the APIs' JSON error body; and a running HAProxy
// with no replica behind its fronts answers NO_REPLICA_AVAILABLE, not
// its HTML page.
func TestHAProxyErrorsAreTheAPIsErrors(t *testing.T) {
	t.Parallel()
	for _, code := range haproxyErrors {
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(errorResponse(code))), nil)
		if err != nil {
			t.Fatalf("%s: %v", string(code), err)
		}
		checkErrorAnswer(t, resp, code)
	}
	ports := make([]int, 10)
	for i := range ports {
		p, err := proc.FreePort()
		if err != nil {
			t.Fatal(err)
		}
		ports[i] = p
	}
	cfg, err := Config{Dir: t.TempDir(), BinDir: t.TempDir()}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	// Nothing listens on the replicas' ports.
	cfg.Ports.CLOB, cfg.Ports.Gamma, cfg.Ports.Relayer, cfg.Ports.Stats = ports[0], ports[1], ports[2], ports[3]
	cfg.Ports.CLOBReplicas, cfg.Ports.GammaReplicas, cfg.Ports.RelayerReplicas = [2]int{ports[4], ports[5]}, [2]int{ports[6], ports[7]}, [2]int{ports[8], ports[9]}
	conf, err := writeHAProxy(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(HAProxyBin, "-db", "-f", conf)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	var resp *http.Response
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, err = http.Get(url(cfg.Ports.CLOB) + "/markets"); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatalf("HAProxy's CLOB front did not answer: %v", err)
	}
	checkErrorAnswer(t, resp, errcode.NoReplicaAvailable)
}

// checkErrorAnswer checks resp is code's status and JSON error body.
func checkErrorAnswer(t *testing.T, resp *http.Response, code errcode.Code) {
	t.Helper()
	defer resp.Body.Close()
	var body struct{ Error, Code string }
	err := json.NewDecoder(resp.Body).Decode(&body)
	if resp.StatusCode != code.Status() || resp.Header.Get("Content-Type") != "application/json" || err != nil ||
		body.Code != string(code) || body.Error != code.Message() {
		t.Fatalf("%s: got %d %q, body %+v (%v); want %d application/json with the code and its message",
			string(code), resp.StatusCode, resp.Header.Get("Content-Type"), body, err, code.Status())
	}
}

// TestSecretsAreGeneratedOnceAndPrivate checks that the first load writes
// every secret with mode 0600, a second load reads the same values, and
// a secret readable by others is refused.
func TestSecretsAreGeneratedOnceAndPrivate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, err := LoadSecrets(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{OperatorKeyFile, RelayerHotKeyFile, RedeemKeyFile, MasterKeyFile, JWTKeyFile, GammaOperatorKeyFile} {
		st, err := os.Stat(a.Path(f))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", f, st.Mode().Perm())
		}
	}
	b, err := LoadSecrets(dir)
	if err != nil {
		t.Fatal(err)
	}
	if Address(a.Operator) != Address(b.Operator) || a.MasterKey != b.MasterKey || a.JWTKey != b.JWTKey {
		t.Error("a second load made new secrets")
	}
	if Address(a.Operator) == Address(a.RelayerHot) || a.MasterKey == a.JWTKey {
		t.Error("two secrets are the same")
	}
	if err := os.Chmod(a.Path(JWTKeyFile), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSecrets(dir); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a secret readable by others was accepted: %v", err)
	}
}

// TestProcIsFoundByItsPIDFile starts a process, finds it again from its
// pid file alone (as a later `cluster status` does), and stops it; a pid
// file naming another program is not taken for the process.
func TestProcIsFoundByItsPIDFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := Proc{Name: "sleeper", Dir: dir}
	if err := p.Start(exec.Command("/bin/sleep", "60")); err != nil {
		t.Fatal(err)
	}
	again := Proc{Name: "sleeper", Dir: dir}
	pid, ok := again.PID()
	if !ok {
		t.Fatal("the started process is not found by its pid file")
	}
	if err := p.Start(exec.Command("/bin/sleep", "60")); err == nil {
		t.Error("a running process was started twice")
	}
	other := Proc{Name: "other", Dir: dir}
	if err := os.WriteFile(other.PIDPath(), []byte(strings.Replace(mustRead(t, p.PIDPath()), "sleep", "true", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := other.PID(); ok {
		t.Errorf("pid %d running sleep was taken for another program", pid)
	}
	clean, err := again.Stop(StopMax)
	if err != nil || !clean {
		t.Fatalf("stop: clean %v, %v", clean, err)
	}
	if again.Running() {
		t.Error("the process still runs after Stop")
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAPIsAllowTheAppOrigins: every replica of the three APIs allows the
// web app's origins, the CLOB's public port through the load balancer.
func TestAPIsAllowTheAppOrigins(t *testing.T) {
	t.Parallel()
	cfg, err := Config{Dir: t.TempDir(), BinDir: t.TempDir()}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadSecrets(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := "http://localhost:8080,http://127.0.0.1:8080,http://localhost:5173"
	apis := 0
	for _, svc := range services(cfg, s, "nats://127.0.0.1:4222", "record.json", "http://127.0.0.1:8545") {
		if !strings.HasPrefix(svc.name, "gateway-") && !strings.HasPrefix(svc.name, "relayer-") {
			continue
		}
		apis++
		if args := strings.Join(svc.args, " "); !strings.Contains(args, "-cors-origins "+want) {
			t.Errorf("%s runs with %s, want -cors-origins %s", svc.name, args, want)
		}
	}
	if apis != 6 {
		t.Errorf("%d API replicas, want 6", apis)
	}
}
