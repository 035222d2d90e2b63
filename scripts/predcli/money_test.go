package predcli_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/predcli"
)

// TestDepositWithdrawReconcile: against the devnet, a new wallet is
// deployed, `pred deposit --faucet` waits until the chain watcher has
// credited the faucet's USDW, `pred withdraw` reserves 15 in the exchange
// and relays the wallet's unwrapping of them to the key's address, then 5
// more as USDW (--keep-usdw); the watcher's sight of each transfer settles
// its reservation (WITHDRAWAL_SETTLED transactions) and debits nothing
// more, and `pred reconcile` finds chain and ledger equal.
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
	u.json(&w, "withdraw", "15") // unwrapped into the stablecoin, the spec's default
	if w.Balance != "35" || w.Reserved != "15" || w.TransactionHash == "" {
		t.Fatalf("withdraw: %+v", w)
	}
	u.json(&w, "withdraw", "5", "--keep-usdw")
	// Reserved is 5, or 20 if the watcher has not seen the first transfer.
	if w.Balance != "30" || w.Reserved != "5" && w.Reserved != "20" || w.State != "CONFIRMED" || w.TransactionHash == "" {
		t.Fatalf("withdraw: %+v", w)
	}
	if r := u.run("withdraw", "31"); r.code == predcli.ExitOK || !strings.Contains(r.stderr, "INVALID_ORDER_NOT_ENOUGH_BALANCE") {
		t.Fatalf("withdrawing more than available: exit %d, %s", r.code, r.stderr)
	}
	// The watcher sees the transfer (a confirmation later): the
	// reservation is settled, the balance stays 30.
	pub := client.New(net.URL)
	seen := map[string]bool{}
	eventually.NoError(t, "the withdrawals of 15 and 5 are WITHDRAWAL_SETTLED", func() error {
		page, err := pub.GetAllTransactions(context.Background(), client.PageParams{})
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range page.Data {
			if strings.EqualFold(tr.Address, w.Wallet) && tr.Type == "WITHDRAWAL_SETTLED" {
				seen[tr.Amount] = true
			}
		}
		if !seen["15"] || !seen["5"] {
			return fmt.Errorf("settled for %s: %v in %+v", w.Wallet, seen, page.Data)
		}
		return nil
	})
	if bal := u.ok("balance").stdout; !strings.Contains(bal, "30") {
		t.Fatalf("pred balance after the withdrawal:\n%s", bal)
	}
	r := u.ok("reconcile", "--reconcile-url", net.ReconcileURL)
	if !strings.Contains(r.stderr, "compared") {
		t.Fatalf("pred reconcile printed:\n%s\n%s", r.stdout, r.stderr)
	}
}
