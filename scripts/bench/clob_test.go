package bench

import (
	"bytes"
	"strings"
	"testing"

	"pred.dev/proto/l2auth"
)

// TestCLOBSmall runs the CLOB figures at a tiny size, with the
// settlement side as low-priority processes: every order is accepted,
// every trade ends CONFIRMED and each figure is reported.
func TestCLOBSmall(t *testing.T) {
	figs, err := CLOB(CLOBConfig{Orders: 400, Runs: 1, Warmup: 40, Clients: 4, CrossPct: 50, SettleDataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"clob_signed_orders_per_sec", "clob_order_p50_ms", "clob_order_p99_ms", "clob_orders_trading_pct",
		"clob_settle_procs_cpu_pct", "clob_settle_catchup_ms", "clob_trades_confirmed", "clob_settle_lag_confirmed_p99_ms"}
	if len(figs) != len(want) {
		t.Fatalf("figures %v", figs)
	}
	for i, f := range figs {
		t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
		// The settlement processes' CPU share and the catch-up can be 0
		// at this size (all settled during the load, in under a tick).
		if f.Name != want[i] || f.Value < 0 || (i < 4 || want[i] == "clob_trades_confirmed") && f.Value <= 0 {
			t.Errorf("figure %d: %+v, want %s above 0", i, f, want[i])
		}
	}
}

// TestCLOBReplaceSmall runs the replace figures at a tiny size without
// settlement: every replace leaves its new order live (replaceFigures
// fails otherwise) and each figure is reported.
func TestCLOBReplaceSmall(t *testing.T) {
	figs, err := CLOB(CLOBConfig{Orders: 40, Runs: 1, Warmup: 8, Clients: 4, NoSettle: true, Replaces: 80})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"clob_signed_orders_per_sec", "clob_order_p50_ms", "clob_order_p99_ms", "clob_orders_trading_pct",
		"clob_replaces_per_sec", "clob_replace_p99_ms", "clob_replace_order_ratio"}
	if len(figs) != len(want) {
		t.Fatalf("figures %v", figs)
	}
	for i, f := range figs {
		t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
		if f.Name != want[i] || f.Value < 0 || (i == 0 || i >= 4) && f.Value <= 0 {
			t.Errorf("figure %d: %+v, want %s above 0", i, f, want[i])
		}
	}
}

// TestCLOBBatchSmall runs the batch figures at a tiny size without
// settlement: every order of every POST /orders is placed (batchFigures
// fails otherwise) and each figure is reported.
func TestCLOBBatchSmall(t *testing.T) {
	figs, err := CLOB(CLOBConfig{Orders: 40, Runs: 1, Warmup: 8, Clients: 4, CrossPct: 50, NoSettle: true, Batches: 8})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"clob_signed_orders_per_sec", "clob_order_p50_ms", "clob_order_p99_ms", "clob_orders_trading_pct",
		"clob_batch_orders_per_sec", "clob_batch_p99_ms", "clob_batch_order_ratio"}
	if len(figs) != len(want) {
		t.Fatalf("figures %v", figs)
	}
	for i, f := range figs {
		t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
		if f.Name != want[i] || f.Value < 0 || (i == 0 || i >= 4) && f.Value <= 0 {
			t.Errorf("figure %d: %+v, want %s above 0", i, f, want[i])
		}
	}
}

// TestVerifyFixture: the verification path accepts the signed order and
// refuses a changed body or a changed order.
func TestVerifyFixture(t *testing.T) {
	f, err := newVerifyFixture()
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(); err != nil {
		t.Fatalf("the fixture does not verify: %v", err)
	}
	good := f.body
	f.body = append(bytes.Clone(good[:len(good)-1]), ' ', '}')
	if f.verify() == nil {
		t.Error("a body changed after signing verified")
	}
	// A changed order under a valid HMAC: the EIP-712 signature refuses it.
	f.body = bytes.Replace(good, []byte(`"salt":`), []byte(`"salt":1`), 1)
	if f.sig, err = l2auth.Sign(f.secret, f.ts, "POST", "/order", f.body); err != nil {
		t.Fatal(err)
	}
	if err := f.verify(); err == nil || !strings.Contains(err.Error(), "signer") {
		t.Errorf("an order changed after signing: %v, want a signer mismatch", err)
	}
}
