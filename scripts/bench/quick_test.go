package bench

import (
	"os"
	"reflect"
	"slices"
	"testing"
)

// groupFigures lists every figure each group prints in a full run (`make
// bench`), besides the group's bench_<group>_seconds and _loadavg.
var groupFigures = map[string][]string{
	"matcher": {"matcher_cmds_per_sec", "matcher_ops_per_sec", "matcher_ns_per_cmd", "matcher_allocs_per_cmd",
		"matcher_replace_cmds_per_sec", "matcher_replace_ops_per_sec", "matcher_replace_ops_ratio",
		"matcher_p50_ns", "matcher_p99_ns", "matcher_p9999_ns", "matcher_max_ns",
		"matcher_ns_per_place_resting", "matcher_ns_per_place_crossing", "matcher_ns_per_place_fak", "matcher_ns_per_cancel",
		"peer_cmds_per_sec", "matcher_peer_ratio", "matcher_large_cmds_per_sec"},
	"journal": {"journal_cmds_per_sec", "journal_ack_p50_ms", "journal_ack_p99_ms", "journal_result_p99_ms",
		"journal_fsync_per_msg_cmds_per_sec", "journal_group_commit_ratio",
		"cluster_journal_cmds_per_sec", "cluster_journal_ack_p50_ms", "cluster_journal_ack_p99_ms", "cluster_journal_result_p99_ms",
		"cluster_journal_rate_pct"},
	"replay": {"replay_log_cmds", "replay_cmds_per_sec", "replay_matcher_cmds_per_sec", "replay_matcher_pct",
		"replay_keys_per_cmd", "replay_bytes_per_cmd", "restart_ms"},
	"clob": {"clob_signed_orders_per_sec", "clob_order_p50_ms", "clob_order_p99_ms", "clob_orders_trading_pct",
		"clob_settle_procs_cpu_pct", "clob_settle_catchup_ms", "clob_trades_confirmed", "clob_settle_lag_confirmed_p99_ms",
		"clob_signed_orders_per_sec_no_settle", "clob_settle_rate_pct",
		"clob_replaces_per_sec", "clob_replace_p99_ms", "clob_replace_order_ratio",
		"clob_batch_orders_per_sec", "clob_batch_p99_ms", "clob_batch_order_ratio", "clob_verify_per_sec", "clob_ceiling_pct",
		"clob_batch_ceiling_pct",
		"cluster_clob_signed_orders_per_sec", "cluster_clob_order_p50_ms", "cluster_clob_order_p99_ms", "cluster_clob_orders_trading_pct",
		"cluster_clob_rate_pct"},
	"ws": {"clob_signed_orders_per_sec_ws", "clob_signed_orders_per_sec_no_ws", "clob_ws_rate_pct",
		"ws_subscribers", "ws_msgs_per_sec", "ws_event_p50_ms", "ws_event_p99_ms",
		"ws_paced_orders_per_sec", "ws_msgs_per_sec_paced", "ws_event_p50_ms_paced", "ws_event_p99_ms_paced"},
	"verify": {"clob_verify_per_sec"},
	"chain": {"chain_match_gas_per_fill_1", "chain_match_gas_per_fill_5", "chain_match_gas_per_fill_15",
		"chain_mint_gas_per_fill_15", "chain_merge_gas_per_fill_15", "chain_match_gas_per_fill_1_osaka",
		"chain_match_gas_per_fill_5_osaka", "chain_match_gas_per_fill_15_osaka"},
	"gamma":   {"gamma_market_reads_per_sec", "gamma_market_reads_p99_ms", "gamma_event_list_per_sec", "gamma_event_list_p99_ms"},
	"relayer": {"relayer_submits_per_sec", "relayer_worker_mined_per_sec", "relayer_mined_p50_ms", "relayer_mined_p99_ms"},
	"settle": {"settled_fills_per_sec", "settle_ceiling_fills_per_sec", "settle_ceiling_pct",
		"settle_guarded_ceiling_fills_per_sec", "settle_guarded_ceiling_pct", "settle_lag_p99_ms",
		"settle_gas_per_fill", "settle_chain_gas_per_sec", "matcher_cmds_per_sec_idle", "matcher_cmds_per_sec_settling",
		"matcher_settle_rate_pct"},
}

// quickAllEnv, set to 1, makes TestQuickFigures run: every group at the
// quick sizes is the whole of `make bench-quick`, minutes, too long for
// `make test` (BENCH_QUICK_ALL=1 go test -run TestQuickFigures ./bench/
// in scripts/; -run TestQuickFigures/matcher for one group).
const quickAllEnv = "BENCH_QUICK_ALL"

// TestQuickFigures runs the groups at the quick sizes and checks that
// each prints every figure a full run prints, in the same order, each
// above 0 (a latency, a CPU share or a catch-up time may round to 0).
func TestQuickFigures(t *testing.T) {
	s := QuickSizes()
	for _, g := range Groups(&s) {
		t.Run(g.Name, func(t *testing.T) {
			if os.Getenv(quickAllEnv) != "1" {
				t.Skipf("minutes at the quick sizes: %s=1 runs it", quickAllEnv)
			}
			want := append(slices.Clone(groupFigures[g.Name]), "bench_"+g.Name+"_seconds", "bench_"+g.Name+"_loadavg")
			figs, err := RunGroup(g)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range figs {
				t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
				got = append(got, f.Name)
				if f.Value < 0 || f.Value == 0 && !mayBeZero(f.Name) {
					t.Errorf("%s = %v", f.Name, f.Value)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("figures %v, want %v", got, want)
			}
		})
	}
}

// mayBeZero: figures that a short run can round to 0.
func mayBeZero(name string) bool {
	for _, suffix := range []string{"_ms", "_ms_paced", "_cpu_pct", "_allocs_per_cmd", "_loadavg"} {
		if len(name) > len(suffix) && name[len(name)-len(suffix):] == suffix {
			return true
		}
	}
	return false
}

// TestQuickSizesSameParts: a size that is 0 (or false, or empty)
// switches a part of a group off, so every size is zero in the quick
// sizes exactly where it is in the full ones; then both print the same
// figures (TestQuickFigures runs the quick ones).
func TestQuickSizesSameParts(t *testing.T) {
	full, quick := DefaultSizes(), QuickSizes()
	var walk func(path string, f, q reflect.Value)
	walk = func(path string, f, q reflect.Value) {
		switch f.Kind() {
		case reflect.Struct:
			for i := range f.NumField() {
				walk(path+"."+f.Type().Field(i).Name, f.Field(i), q.Field(i))
			}
		default:
			if f.IsZero() != q.IsZero() {
				t.Errorf("%s: full %v, quick %v: zero in one only", path, f, q)
			}
		}
	}
	walk("Sizes", reflect.ValueOf(full), reflect.ValueOf(quick))
	for _, g := range Groups(&full) {
		if groupFigures[g.Name] == nil {
			t.Errorf("group %s: no figure list", g.Name)
		}
	}
}
