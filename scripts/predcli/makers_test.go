package predcli_test

import (
	"regexp"
	"strings"
	"testing"

	"pred.dev/proto/client/clobapi"
	"pred.dev/scripts/predcli"
)

// TestMarketMakers: a maker quotes in an order group with the place's
// options, watches its queue position, decreases and replaces a quote,
// and sees the group trip when a taker fills its limit, cancelling the
// group's other quote, until it resets the group; deleting the group
// cancels its quote (GROUP_DELETED) and leaves the maker no group.
func TestMarketMakers(t *testing.T) {
	maker, other, taker := newUser(t, true), newUser(t, true), newUser(t, true)
	slug := market(0).Slug
	for _, u := range []*user{maker, other, taker} {
		u.ok("wallet", "approve")
		u.ok("faucet", "100")
	}
	maker.fails(predcli.ExitOK, "no order groups", "group", "list")
	if r := maker.ok("group", "set", "1", "6"); !regexp.MustCompile(`1\s+6\s+15s\s+0\s+false`).MatchString(r.stdout) {
		t.Fatalf("group set:\n%s", r.stdout)
	}
	first := strings.TrimSpace(maker.ok("order", "buy", slug, "yes", "0.13", "8", "--group", "1", "-q").stdout)
	second := strings.TrimSpace(maker.ok("order", "buy", slug, "yes", "0.12", "5", "--group", "1",
		"--self-trade", "cancel_taker", "--cancel-on-halt", "-q").stdout)
	var shown predcli.OrderShown
	maker.json(&shown, "order", "show", second)
	if shown.SelfTradePrevention != clobapi.SelfTradeCancelTaker || !shown.CancelOnHalt || shown.OrderGroupID != 1 {
		t.Fatalf("an order with options: %+v", shown.OpenOrder)
	}
	behind := strings.TrimSpace(other.ok("order", "buy", slug, "yes", "0.13", "5", "-q").stdout)
	if r := other.ok("queue", behind); !regexp.MustCompile(`shares_ahead\s+8\n\s*level_size\s+13\n`).MatchString(r.stdout) {
		t.Fatalf("queue:\n%s", r.stdout)
	}

	if r := maker.ok("decrease", first, "--by", "2"); !regexp.MustCompile(`status\s+live\n\s*size\s+6\n\s*remaining\s+6\n`).MatchString(r.stdout) {
		t.Fatalf("decrease:\n%s", r.stdout)
	}
	if r := other.ok("queue", behind); !regexp.MustCompile(`shares_ahead\s+6\n`).MatchString(r.stdout) {
		t.Fatalf("queue after the decrease:\n%s", r.stdout)
	}
	maker.fails(predcli.ExitUsage, "exactly one of --by", "decrease", first)
	maker.fails(predcli.ExitError, "INVALID_ORDER_NOT_A_DECREASE", "decrease", first, "--to", "6")

	// Replace the first quote by one at 0.14 for what it has left (6).
	var moved predcli.ReplacedOrder
	maker.json(&moved, "replace", first, "0.14")
	if !moved.Success || moved.ReplacedOrderID != first || moved.Status != clobapi.InsertStatusLive || moved.Size != "6" {
		t.Fatalf("replace: %+v", moved)
	}
	maker.eventually(`status\s+CANCELED\n`, "order", "show", first)
	maker.fails(predcli.ExitError, "only a live order can be replaced", "replace", first, "0.15")
	if r := other.ok("queue", behind); !regexp.MustCompile(`shares_ahead\s+0\n\s*level_size\s+5\n`).MatchString(r.stdout) {
		t.Fatalf("queue after the replace:\n%s", r.stdout)
	}

	// The taker sells 6 YES at 0.14 (buys NO at 0.86): the group's fills
	// reach its limit and its other quote goes.
	taker.ok("order", "buy", slug, "no", "0.86", "6", "--type", "FAK")
	maker.eventually(`cancel_reason\s+GROUP_LIMIT\n`, "order", "show", second)
	var groups []clobapi.OrderGroup
	maker.json(&groups, "group", "list")
	if len(groups) != 1 || !groups[0].Tripped || groups[0].Filled != "6" {
		t.Fatalf("group list: %+v", groups)
	}
	maker.fails(predcli.ExitError, "ORDER_GROUP_LIMIT_REACHED", "order", "buy", slug, "yes", "0.12", "5", "--group", "1")
	if r := maker.ok("group", "reset", "1"); !regexp.MustCompile(`1\s+6\s+15s\s+0\s+false`).MatchString(r.stdout) {
		t.Fatalf("group reset:\n%s", r.stdout)
	}
	third := strings.TrimSpace(maker.ok("order", "buy", slug, "yes", "0.12", "5", "--group", "1", "-q").stdout)
	maker.fails(predcli.ExitUsage, "group id", "group", "reset", "0")

	if r := maker.ok("group", "delete", "1"); !regexp.MustCompile(`group 1 deleted, 1 order canceled\n` +
		`ORDER ID\s+RESULT\n` + regexp.QuoteMeta(third) + `\s+canceled\n$`).MatchString(r.stdout) {
		t.Fatalf("group delete:\n%s", r.stdout)
	}
	maker.eventually(`cancel_reason\s+GROUP_DELETED\n`, "order", "show", third)
	maker.fails(predcli.ExitOK, "no order groups", "group", "list")
	maker.fails(predcli.ExitError, "ORDER_GROUP_NOT_FOUND", "group", "delete", "1")
	maker.fails(predcli.ExitUsage, "group id", "group", "delete", "0")
	maker.ok("group", "set", "2", "5")
	var deleted clobapi.OrderGroupDeleted
	maker.json(&deleted, "group", "delete", "2")
	if deleted.ID != 2 || !deleted.Deleted || deleted.Canceled == nil || len(deleted.Canceled) != 0 {
		t.Fatalf("group delete --json: %+v", deleted)
	}
	other.ok("orders", "cancel", "--all")
	maker.ok("orders", "cancel", "--all")
}
