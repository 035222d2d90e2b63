package server_test

import (
	"encoding/json"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/relayer/internal/api"
	relayersvc "pred.dev/relayer/server"
)

// onboard deploys u's wallet and approves both exchanges, and waits.
func onboard(t testing.TB, u *user) {
	t.Helper()
	subs, err := u.c.Onboard(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	u.wait(t, subs[len(subs)-1].TransactionID, relayerapi.StateMined)
}

// spent is what the relayer has spent and queued: the hot key's nonce on
// chain and the queue's last sequence.
func (h *harness) spent(t testing.TB) (uint64, uint64) {
	t.Helper()
	ctx := ctxT(t)
	n, err := h.chain.env.Chain.Backend.PendingNonceAt(ctx, crypto.PubkeyToAddress(h.hot.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	seq, err := h.st.QueueLast(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return n, seq
}

// TestSubmitRefusals: bad submissions are refused with a clear 4xx before
// anything is queued, and the relayer spends nothing on them.
func TestSubmitRefusals(t *testing.T) {
	h := newHarness(t)
	u, v := h.user(), h.user()
	onboard(t, u)
	ctx := ctxT(t)
	if err := h.chain.env.Fund(ctx, u.c.Wallet(), big.NewInt(1)); err != nil {
		t.Fatal(err)
	}
	col := h.chain.env.D.Contracts.Collateral
	transfer := relayer.Transfer(col, common.HexToAddress("0xb0"), big.NewInt(1))
	good, err := u.c.SafeRequest(u.c.Tx(big.NewInt(1), transfer))
	if err != nil {
		t.Fatal(err)
	}
	other, _ := v.c.SafeRequest(v.c.Tx(big.NewInt(1), transfer))
	foreign := good
	foreign.Signature = other.Signature
	usedNonce, _ := u.c.SafeRequest(u.c.Tx(big.NewInt(0), transfer))
	notAllowed, _ := u.c.SafeRequest(u.c.Tx(big.NewInt(1), relayer.Call{To: h.chain.env.D.Contracts.Exchange, Data: common.FromHex("0x627cdcb9")}))
	undeployed, _ := v.c.SafeRequest(v.c.Tx(big.NewInt(0), transfer))
	// w's wallet is created behind the relayer's back, by the factory directly.
	w := h.user()
	if _, err := h.chain.env.CreateSafe(ctx, w.key); err != nil {
		t.Fatal(err)
	}
	deployed, _ := w.c.DeployRequest()
	proxy := good
	proxy.Type = "PROXY"
	wrongWallet := good
	wrongWallet.ProxyWallet = v.c.Wallet().Hex()

	// The API answers a wallet's Safe nonce from a read up to
	// api.NonceFresh old, and refuses with it only what is certainly
	// refused (the worker checks the rest). u's onboarding may have read
	// nonce 0, if its deployment was mined before its approvals were
	// submitted; "used nonce" then went through as new (CI, once). So the
	// read is waited out.
	time.Sleep(api.NonceFresh)
	nonce0, seq0 := h.spent(t)
	cases := []struct {
		name   string
		body   any
		status int
		code   errcode.Code
	}{
		{"not json", "{", 400, errcode.InvalidPayload},
		{"unknown field", map[string]any{"type": "SAFE", "gas": 1}, 400, errcode.InvalidPayload},
		{"foreign signature", foreign, 400, errcode.InvalidSafeSignature},
		{"call not allowed", notAllowed, 400, errcode.CallNotAllowed},
		{"another's from", other, 403, errcode.FromNotCaller},
		{"wallet not deployed", undeployed, 403, errcode.FromNotCaller},
		{"used nonce", usedNonce, 400, errcode.SafeNonceUsed},
		{"proxy type", proxy, 400, errcode.UnsupportedTransactionType},
		{"wrong wallet", wrongWallet, 400, errcode.InvalidProxyWallet},
	}
	post := func(token string, body any) (*http.Response, []byte) {
		var b []byte
		if s, ok := body.(string); ok {
			b = []byte(s)
		} else {
			b, _ = json.Marshal(body)
		}
		return h.do(http.MethodPost, "/submit", b, http.Header{"Authorization": {"Bearer " + token}, "Content-Type": {"application/json"}})
	}
	for _, tc := range cases {
		resp, data := post(u.token, tc.body)
		if resp.StatusCode != tc.status || errorCode(t, data) != string(tc.code) {
			t.Errorf("%s: %d %s", tc.name, resp.StatusCode, data)
		}
	}
	// v's own undeployed wallet, with nothing deploying it.
	if resp, data := post(v.token, undeployed); resp.StatusCode != 400 || errorCode(t, data) != string(errcode.SafeNotDeployed) {
		t.Errorf("undeployed: %d %s", resp.StatusCode, data)
	}
	if resp, data := post(w.token, deployed); resp.StatusCode != 409 || errorCode(t, data) != string(errcode.SafeDeployed) {
		t.Errorf("deployed already: %d %s", resp.StatusCode, data)
	}
	// Unknown, malformed and other people's transaction ids.
	sub, err := u.c.Submit(ctx, good)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []struct {
		id     string
		token  string
		status int
		code   errcode.Code
	}{
		{"0b7d3f5e-5b5e-8c1e-9a52-3f0e2b9d7c11", u.token, 404, errcode.TransactionNotFound},
		{"nope", u.token, 400, errcode.InvalidParameter},
		{sub.TransactionID, v.token, 404, errcode.TransactionNotFound},
	} {
		resp, data := h.do(http.MethodGet, "/transaction?id="+q.id, nil, http.Header{"Authorization": {"Bearer " + q.token}})
		if resp.StatusCode != q.status || errorCode(t, data) != string(q.code) {
			t.Errorf("transaction %s: %d %s", q.id, resp.StatusCode, data)
		}
	}
	// Nothing but the one good submission was queued or paid for.
	nonce1, seq1 := h.spent(t)
	if seq1 != seq0+1 {
		t.Errorf("queue went from %d to %d for one good submission", seq0, seq1)
	}
	if tx := u.waitEnd(t, sub.TransactionID); tx.State != relayerapi.StateConfirmed {
		t.Errorf("the good submission: %+v", tx)
	}
	if n, _ := h.spent(t); n > nonce1+1 || nonce1 != nonce0 && nonce1 != nonce0+1 {
		t.Errorf("hot key nonce went from %d to %d and %d", nonce0, nonce1, n)
	}
	for _, q := range []string{"/deployed?address=0x12", "/nonce?address=" + u.addr.Hex() + "&type=PROXY"} {
		resp, data := h.do(http.MethodGet, q, nil, http.Header{"Authorization": {"Bearer " + u.token}})
		if resp.StatusCode != 400 {
			t.Errorf("%s: %d %s", q, resp.StatusCode, data)
		}
	}
}

// TestInvalidAtExecution: what passes the API but fails the worker's
// checks against the chain ends INVALID with the reason, spending
// nothing: a transfer beyond the wallet's balance (the simulation's GS013),
// a second transaction for a Safe nonce the first one used, a nonce ahead
// of the wallet's. The failed request may be sent again (a new id) once it
// can succeed.
func TestInvalidAtExecution(t *testing.T) {
	h := newHarness(t)
	u := h.user()
	onboard(t, u)
	ctx := ctxT(t)
	col := h.chain.env.D.Contracts.Collateral
	to := common.HexToAddress("0xb0")
	nonce0, _ := h.spent(t)

	broke, err := u.c.SafeRequest(u.c.Tx(big.NewInt(1), relayer.Transfer(col, to, big.NewInt(7_000_000))))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := u.c.Submit(ctx, broke)
	if err != nil {
		t.Fatal(err)
	}
	tx := u.waitEnd(t, sub.TransactionID)
	if tx.State != relayerapi.StateInvalid || !strings.Contains(tx.Reason, "GS013") || tx.TransactionHash != "" {
		t.Fatalf("a transfer beyond the balance: %+v", tx)
	}
	if n, _ := h.spent(t); n != nonce0 {
		t.Fatalf("the hot key spent nonces %d..%d on an INVALID transaction", nonce0, n)
	}
	// Funded, the same request goes again as a new transaction.
	if err := h.chain.env.Fund(ctx, u.c.Wallet(), big.NewInt(10_000_000)); err != nil {
		t.Fatal(err)
	}
	again, err := u.c.Submit(ctx, broke)
	if err != nil || again.TransactionID == sub.TransactionID || again.State != relayerapi.StateNew {
		t.Fatalf("resubmitted: %+v %v", again, err)
	}
	u.wait(t, again.TransactionID, relayerapi.StateMined)
	if got, _ := h.chain.env.USDWOf(ctx, to); got.Int64() != 7_000_000 {
		t.Fatalf("recipient holds %s", got)
	}
	// Two transactions for nonce 2: the second one is INVALID.
	a, _ := u.c.SafeRequest(u.c.Tx(big.NewInt(2), relayer.Transfer(col, to, big.NewInt(1))))
	b, _ := u.c.SafeRequest(u.c.Tx(big.NewInt(2), relayer.Transfer(col, to, big.NewInt(2))))
	ahead, _ := u.c.SafeRequest(u.c.Tx(big.NewInt(9), relayer.Transfer(col, to, big.NewInt(3))))
	var ids []string
	for _, s := range []relayerapi.SubmitRequest{a, b, ahead} {
		r, err := u.c.Submit(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.TransactionID)
	}
	if tx := u.waitEnd(t, ids[0]); tx.State != relayerapi.StateConfirmed {
		t.Fatalf("first of nonce 2: %+v", tx)
	}
	if tx := u.waitEnd(t, ids[1]); tx.State != relayerapi.StateInvalid || !strings.Contains(tx.Reason, "used already") {
		t.Fatalf("second of nonce 2: %+v", tx)
	}
	if tx := u.waitEnd(t, ids[2]); tx.State != relayerapi.StateInvalid || !strings.Contains(tx.Reason, "ahead") {
		t.Fatalf("nonce 9: %+v", tx)
	}
}

// TestGasCap: a call whose simulation needs more gas than the cap is
// INVALID, however it is signed.
func TestGasCap(t *testing.T) {
	h := newHarness(t, withConfig(func(c *relayersvc.Config) { c.Worker.GasCapSafe = 60_000 }))
	u := h.user()
	ctx := ctxT(t)
	subs, err := u.c.Onboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u.wait(t, subs[0].TransactionID, relayerapi.StateMined)
	tx := u.waitEnd(t, subs[1].TransactionID)
	if tx.State != relayerapi.StateInvalid || !strings.Contains(tx.Reason, "cap of 60000") {
		t.Fatalf("over the cap: %+v", tx)
	}
}

// TestIdempotentSubmit: the same Safe transaction submitted many times at
// once, in both signature forms and through two replicas, is one
// transaction, queued once and executed once.
func TestIdempotentSubmit(t *testing.T) {
	h := newHarness(t)
	h.start()
	u := h.user()
	onboard(t, u)
	ctx := ctxT(t)
	_, seq0 := h.spent(t)
	tx := u.c.Tx(big.NewInt(1), relayer.Approve(h.chain.env.D.Contracts.Collateral, common.HexToAddress("0xb1"), big.NewInt(5)))
	s712, err := u.c.SafeRequest(tx)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := relayer.SignSafeTx(u.key, h.chain.env.ChainID, u.c.Wallet(), tx, relayer.EthSign)
	if err != nil {
		t.Fatal(err)
	}
	sEth := s712
	sEth.Signature = hexutil.Encode(sig)
	ids := make(chan string, 40)
	errs := make(chan error, 40)
	for i := range 40 {
		go func() {
			c := u.c
			if i%2 == 1 {
				c = relayer.New(h.replicas[1].url, relayer.WithToken(u.token),
					relayer.WithHTTPClient(&http.Client{Transport: h.api.Transport(nil, true)}))
			}
			s := s712
			if i%3 == 0 {
				s = sEth
			}
			r, err := c.Submit(ctx, s)
			errs <- err
			ids <- r.TransactionID
		}()
	}
	first := ""
	for range 40 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		id := <-ids
		if first == "" {
			first = id
		}
		if id != first {
			t.Fatalf("two ids for one transaction: %s and %s", first, id)
		}
	}
	if _, seq := h.spent(t); seq != seq0+1 {
		t.Fatalf("the queue grew by %d", seq-seq0)
	}
	u.wait(t, first, relayerapi.StateConfirmed)
	if n, err := u.c.Nonce(ctx, u.addr); err != nil || n.Int64() != 2 {
		t.Fatalf("Safe nonce %v %v: executed more than once?", n, err)
	}
}
