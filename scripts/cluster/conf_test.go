package cluster

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	conf := haproxyConf(cfg)
	p := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(p, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(HAProxyBin, "-c", "-f", p).CombinedOutput(); err != nil {
		t.Fatalf("haproxy -c: %v\n%s\n%s", err, out, conf)
	}
	for _, want := range []string{"retry-on conn-failure\n", "option httpchk GET /readyz\n", "bind 127.0.0.1:8080\n",
		"server clob-1 127.0.0.1:18080 check\n", "server relayer-2 127.0.0.1:18182 check\n"} {
		if !strings.Contains(conf, want) {
			t.Errorf("the configuration lacks %q:\n%s", want, conf)
		}
	}
	if strings.Contains(conf, "all-retryable-errors") || strings.Contains(conf, "retry-on response-timeout") {
		t.Errorf("the configuration re-sends requests that reached a server:\n%s", conf)
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
