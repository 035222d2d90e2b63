package flagenv

import (
	"flag"
	"testing"
)

func TestParseFallsBackToEnv(t *testing.T) {
	t.Setenv("PRED_DATA_DIR", "/from/env")
	t.Setenv("PRED_BATCH_MAX", "64")
	t.Setenv("PRED_MODE", "from-env")
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	dir := fs.String("data-dir", "default", "")
	batch := fs.Int("batch-max", 1, "")
	mode := fs.String("mode", "leader", "")
	other := fs.String("other", "kept", "")
	if err := Parse(fs, []string{"-mode", "from-flag"}, "PRED"); err != nil {
		t.Fatal(err)
	}
	if *dir != "/from/env" || *batch != 64 || *mode != "from-flag" || *other != "kept" {
		t.Fatalf("got dir=%q batch=%d mode=%q other=%q", *dir, *batch, *mode, *other)
	}
}

func TestParseReportsBadEnv(t *testing.T) {
	t.Setenv("PRED_BATCH_MAX", "many")
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.Int("batch-max", 1, "")
	if err := Parse(fs, nil, "PRED"); err == nil {
		t.Fatal("a bad PRED_BATCH_MAX was accepted")
	}
}

func TestEffectiveRedacts(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.String("master-key", "s3cret", "")
	fs.String("nats-url", "nats://user:pw@host:4222", "")
	fs.String("plain", "v", "")
	got := Effective(fs, "master-key")
	if got["master-key"] != "[redacted]" || got["nats-url"] != "nats://user:xxxxx@host:4222" || got["plain"] != "v" {
		t.Fatalf("got %v", got)
	}
}
