package predcli_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"pred.dev/proto/client"
	"pred.dev/scripts/predcli"
)

// TestDepositWithdrawReconcile: against the devnet, a new wallet is
// deployed, `pred deposit --faucet` waits until the chain watcher has
// credited the faucet's USDW, `pred withdraw` reserves 20 in the exchange
// and relays the wallet's transfer of them; the watcher's sight of the
// transfer settles the reservation (a WITHDRAWAL_SETTLED transaction) and
// debits nothing more, and `pred reconcile` finds chain and ledger equal.
func TestDepositWithdrawReconcile(t *testing.T) {
	u := newUser(t, true)
	u.ok("wallet", "deploy")
	var dep predcli.Deposit
	u.json(&dep, "deposit", "50", "--faucet")
	if dep.Balance != "50" || dep.Amount != "50" {
		t.Fatalf("deposit: %+v", dep)
	}
	u.fails(predcli.ExitUsage, "not a positive", "withdraw", "0")
	var w predcli.Withdrawal
	u.json(&w, "withdraw", "20")
	if w.Balance != "30" || w.Reserved != "20" || w.State != "STATE_CONFIRMED" && w.State != "CONFIRMED" || w.TransactionHash == "" {
		t.Fatalf("withdraw: %+v", w)
	}
	if r := u.run("withdraw", "31"); r.code == predcli.ExitOK || !strings.Contains(r.stderr, "INVALID_ORDER_NOT_ENOUGH_BALANCE") {
		t.Fatalf("withdrawing more than available: exit %d, %s", r.code, r.stderr)
	}
	// The watcher sees the transfer (a confirmation later): the
	// reservation is settled, the balance stays 30.
	pub := client.New(net.URL)
	deadline := time.Now().Add(30 * time.Second)
	for settled := false; !settled; time.Sleep(100 * time.Millisecond) {
		page, err := pub.GetAllTransactions(context.Background(), client.PageParams{})
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range page.Data {
			settled = settled || strings.EqualFold(tr.Address, w.Wallet) && tr.Type == "WITHDRAWAL_SETTLED" && tr.Amount == "20"
		}
		if time.Now().After(deadline) {
			t.Fatalf("no WITHDRAWAL_SETTLED of 20 for %s in %+v", w.Wallet, page.Data)
		}
	}
	if bal := u.ok("balance").stdout; !strings.Contains(bal, "30") {
		t.Fatalf("pred balance after the withdrawal:\n%s", bal)
	}
	r := u.ok("reconcile", "--reconcile-url", net.ReconcileURL)
	if !strings.Contains(r.stderr, "compared") {
		t.Fatalf("pred reconcile printed:\n%s\n%s", r.stdout, r.stderr)
	}
}
