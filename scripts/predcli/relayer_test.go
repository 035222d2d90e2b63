package predcli_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/scripts/predcli"
)

// TestWalletDeployApproveTx: with nothing but a private key, `pred wallet
// deploy` logs in to Gamma, makes a relayer key, deploys the proxy wallet
// and waits, a progress line at each state; a second deploy submits
// nothing; `pred wallet approve` executes the exchanges' approvals; `pred
// tx` shows a transaction, waiting until it is confirmed; a revoked cached
// relayer key is replaced by itself; an unknown id is the API's 404 code.
func TestWalletDeployApproveTx(t *testing.T) {
	u := newUser(t, false)
	u.fails(predcli.ExitUsage, "PRED_PRIVATE_KEY", "wallet", "deploy")
	u = newUser(t, true)

	r := u.ok("wallet", "deploy")
	// A line per state the wait saw: NEW at first (the answer of POST
	// /submit), CONFIRMED at the end; those between may pass unseen.
	if !regexp.MustCompile(`(?m)^pred: safe-create \S+: NEW$`).MatchString(r.stderr) ||
		!regexp.MustCompile(`(?m)^pred: safe-create \S+: CONFIRMED 0x[0-9a-f]{64} in block \d+$`).MatchString(r.stderr) {
		t.Errorf("wallet deploy's progress lines:\n%s", r.stderr)
	}
	m := regexp.MustCompile(`proxy_wallet\s+(0x[0-9a-fA-F]{40})\ndeployed\s+true\n`).FindStringSubmatch(r.stdout)
	if m == nil || !strings.Contains(r.stdout, "SAFE-CREATE") || !strings.Contains(r.stdout, "CONFIRMED") {
		t.Fatalf("wallet deploy printed:\n%s", r.stdout)
	}
	wallet := m[1]
	faucet := u.ok("faucet", "10", "--json").stdout
	if !strings.Contains(faucet, wallet) {
		t.Errorf("the faucet funded another wallet than the deployed %s:\n%s", wallet, faucet)
	}

	if bal := u.ok("balance").stdout; !regexp.MustCompile(`allowance\s+0 \(exchange\)\n\s+0 \(negRisk exchange\)\n`).MatchString(bal) {
		t.Errorf("pred balance before the approvals:\n%s", bal)
	}

	var again predcli.TxResult
	u.json(&again, "wallet", "deploy")
	if !again.Deployed || len(again.Transactions) != 0 || again.ProxyWallet != wallet {
		t.Fatalf("a second deploy: %+v", again)
	}

	var approve predcli.TxResult
	u.json(&approve, "wallet", "approve")
	if len(approve.Transactions) != 1 || approve.Transactions[0].Type != relayerapi.TypeSafe ||
		approve.Transactions[0].State != relayerapi.StateConfirmed || approve.Transactions[0].Nonce != "0" {
		t.Fatalf("wallet approve: %+v", approve)
	}
	id := approve.Transactions[0].TransactionID
	// The CLOB reads the approvals from the chain.
	bal := u.ok("balance").stdout
	if !regexp.MustCompile(`allowance\s+unlimited \(exchange\)\n\s+unlimited \(negRisk exchange\)\n`).MatchString(bal) {
		t.Errorf("pred balance after the approvals:\n%s", bal)
	}

	if got := strings.TrimSpace(u.ok("tx", id, "-q").stdout); got != id {
		t.Errorf("pred tx -q printed %q, want %s", got, id)
	}
	var shown predcli.TxResult
	u.json(&shown, "tx", id)
	if len(shown.Transactions) != 1 || shown.Transactions[0].State != relayerapi.StateConfirmed ||
		shown.Transactions[0].TransactionHash != approve.Transactions[0].TransactionHash {
		t.Fatalf("pred tx: %+v", shown)
	}

	// The cached relayer key is revoked behind pred's back: the next run
	// makes another and goes on.
	key := strings.TrimSpace(u.ok("relayer", "key", "-q").stdout)
	addr := strings.TrimSpace(u.ok("wallet", "address").stdout)
	rc := relayer.New(net.RelayerURL, relayer.WithAPIKey(key, addr))
	if err := rc.RevokeAPIKey(context.Background(), key); err != nil {
		t.Fatal(err)
	}
	u.ok("tx", id)
	files, _ := filepath.Glob(filepath.Join(u.cache, "relayer", "*.json"))
	if len(files) != 1 {
		t.Fatalf("%d cached relayer keys, want 1", len(files))
	}
	if b, err := os.ReadFile(files[0]); err != nil || strings.Contains(string(b), key) {
		t.Errorf("the cache still holds the revoked key (%v)", err)
	}

	u.fails(predcli.ExitError, "TRANSACTION_NOT_FOUND (HTTP 404)", "tx", "00000000-0000-0000-0000-000000000000")
	r = u.run("tx", "not-an-id", "--json")
	if r.code != predcli.ExitError || !strings.Contains(r.stderr, `"status":`) {
		t.Errorf("pred tx of a malformed id: exit %d, %s", r.code, r.stderr)
	}
}
