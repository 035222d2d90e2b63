package markets

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
)

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// newChain is a simulated chain with the exchange deployed, whose admin
// key is also a minter of the dev stablecoin (the devnet deployer's
// roles): the operator key of these tests.
func newChain(t *testing.T) *chaintest.Env {
	t.Helper()
	ctx := t.Context()
	e := must[*chaintest.Env](t)(chaintest.NewSimulated(ctx))
	t.Cleanup(e.Close)
	minter := must[[32]byte](t)(e.Stablecoin.MINTERROLE(&bind.CallOpts{Context: ctx}))
	if _, err := e.Admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Stablecoin.GrantRole(o, minter, e.Admin.From)
	}); err != nil {
		t.Fatal(err)
	}
	return e
}

// started is the service on e with the admin's key, in a term.
func started(t *testing.T, e *chaintest.Env, faucet bool) *Markets {
	t.Helper()
	m := must[*Markets](t)(New(Config{Deployment: e.D, Chain: e.Chain, Key: e.Admin.Key, Faucet: faucet}))
	if err := m.Check(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := m.begin(t.Context()); err != nil {
		t.Fatal(err)
	}
	return m
}

// state reads whether the market's condition is prepared and its YES
// token registered on its exchange.
func state(t *testing.T, m *Markets, mk ctfid.Market, negRisk bool) (prepared, registered bool) {
	t.Helper()
	call := &bind.CallOpts{Context: t.Context()}
	slots := must[*big.Int](t)(m.ctf.GetOutcomeSlotCount(call, mk.ConditionID))
	reg, err := m.exchange(negRisk).Registry(call, mk.Yes)
	if err != nil {
		t.Fatal(err)
	}
	return slots.Sign() > 0, reg.ConditionId == mk.ConditionID
}

// TestPrepareIsIdempotent: a fresh market is prepared and registered in
// two transactions; asked again, nothing is sent; a market left half done
// (condition only, or tokens only: a settler that died between its two
// transactions) gets exactly the missing one; every answer has the ids
// the oracle and collateral derive.
func TestPrepareIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := newChain(t)
	m := started(t, e, false)
	for _, negRisk := range []bool{false, true} {
		q := crypto.Keccak256Hash([]byte("fresh"), []byte{b2i(negRisk)})
		want := ctfid.BinaryMarket(e.D.Contracts.Collateral, e.Admin.From, q)
		before := m.sender.Nonce()
		got := must[ctfid.Market](t)(m.PrepareMarket(ctx, q, negRisk))
		if got.ConditionID != want.ConditionID || got.Yes.Cmp(want.Yes) != 0 || got.No.Cmp(want.No) != 0 {
			t.Fatalf("prepared %+v, want %+v", got, want)
		}
		if p, r := state(t, m, want, negRisk); !p || !r || m.sender.Nonce() != before+2 {
			t.Fatalf("negRisk %v: prepared %v registered %v after %d transactions, want both after 2", negRisk, p, r, m.sender.Nonce()-before)
		}
		before = m.sender.Nonce()
		if _, err := m.PrepareMarket(ctx, q, negRisk); err != nil || m.sender.Nonce() != before {
			t.Fatalf("a second preparation: %v, %d transactions; want none", err, m.sender.Nonce()-before)
		}
	}

	// Half done: the condition only.
	q := crypto.Keccak256Hash([]byte("condition only"))
	mk := ctfid.BinaryMarket(e.D.Contracts.Collateral, e.Admin.From, q)
	if _, err := m.sender.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return m.ctf.PrepareCondition(o, m.sender.From, q, big.NewInt(ctfid.BinaryOutcomeSlots))
	}); err != nil {
		t.Fatal(err)
	}
	halfDone(t, m, q, mk, false)

	// Half done: the tokens only.
	q = crypto.Keccak256Hash([]byte("tokens only"))
	mk = ctfid.BinaryMarket(e.D.Contracts.Collateral, e.Admin.From, q)
	if _, err := m.sender.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return m.exchange(true).RegisterToken(o, mk.Yes, mk.No, mk.ConditionID)
	}); err != nil {
		t.Fatal(err)
	}
	halfDone(t, m, q, mk, true)
}

// halfDone prepares a market the chain has half of and checks that one
// transaction finished it.
func halfDone(t *testing.T, m *Markets, q common.Hash, mk ctfid.Market, negRisk bool) {
	t.Helper()
	p0, r0 := state(t, m, mk, negRisk)
	if p0 == r0 {
		t.Fatalf("the setup left prepared %v registered %v, want one of them", p0, r0)
	}
	before := m.sender.Nonce()
	if _, err := m.PrepareMarket(t.Context(), q, negRisk); err != nil {
		t.Fatal(err)
	}
	if p, r := state(t, m, mk, negRisk); !p || !r || m.sender.Nonce() != before+1 {
		t.Fatalf("from prepared %v registered %v: now %v %v after %d transactions, want both after 1", p0, r0, p, r, m.sender.Nonce()-before)
	}
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// TestReportIsIdempotent: the oracle's report sets the condition's
// payouts; a second report (a retried resolution) sends nothing.
func TestReportIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := newChain(t)
	m := started(t, e, false)
	q := crypto.Keccak256Hash([]byte("report"))
	mk := must[ctfid.Market](t)(m.PrepareMarket(ctx, q, false))
	before := m.sender.Nonce()
	if err := m.ReportPayouts(ctx, q, false, []int{0, 1}); err != nil || m.sender.Nonce() != before+1 {
		t.Fatalf("report: %v after %d transactions, want 1", err, m.sender.Nonce()-before)
	}
	call := &bind.CallOpts{Context: ctx}
	den := must[*big.Int](t)(m.ctf.PayoutDenominator(call, mk.ConditionID))
	no := must[*big.Int](t)(m.ctf.PayoutNumerators(call, mk.ConditionID, big.NewInt(1)))
	if den.Int64() != 1 || no.Int64() != 1 {
		t.Fatalf("payouts on chain: NO %v of %v, want 1 of 1", no, den)
	}
	if err := m.ReportPayouts(ctx, q, false, []int{0, 1}); err != nil || m.sender.Nonce() != before+1 {
		t.Fatalf("a second report: %v, %d transactions; want none", err, m.sender.Nonce()-before-1)
	}
}

// TestFund: the faucet mints and wraps USDW into an address, tops an EOA
// up with gas, and names the deposit the chain watcher would; off, it
// refuses.
func TestFund(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := newChain(t)
	who := common.HexToAddress("0x00000000000000000000000000000000000000c1")
	if err := started(t, e, false).Fund(ctx, who, 1); !errors.Is(err, ErrFaucetOff) {
		t.Fatalf("Fund with the faucet off: %v, want ErrFaucetOff", err)
	}
	m := started(t, e, true)
	id := must[[]byte](t)(m.FundID(ctx, who, 12_345_678))
	if len(id) == 0 {
		t.Fatal("no deposit id")
	}
	if bal := must[*big.Int](t)(e.USDWOf(ctx, who)); bal.Int64() != 12_345_678 {
		t.Fatalf("USDW of the funded address: %v, want 12345678", bal)
	}
	if coin := must[*big.Int](t)(e.Chain.Backend.BalanceAt(ctx, who, nil)); coin.Cmp(eoaGas) != 0 {
		t.Fatalf("coin of the funded EOA: %v, want %v", coin, eoaGas)
	}
}

// TestCheckRefuses: a key that is not the exchanges' admin is refused,
// naming the role; the faucet on a key that may not mint is refused.
func TestCheckRefuses(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := must[*chaintest.Env](t)(chaintest.NewSimulated(ctx))
	t.Cleanup(e.Close)
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Deployment: e.D, Chain: e.Chain, Key: e.Operator.Key}, "DEFAULT_ADMIN_ROLE"},
		{Config{Deployment: e.D, Chain: e.Chain, Key: e.Admin.Key, Faucet: true}, "MINTER_ROLE"},
	} {
		m := must[*Markets](t)(New(c.cfg))
		if err := m.Check(ctx); !errors.Is(err, ErrKeyCannot) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check: %v, want ErrKeyCannot naming %s", err, c.want)
		}
	}
	if err := must[*Markets](t)(New(Config{Deployment: e.D, Chain: e.Chain, Key: e.Admin.Key})).Check(ctx); err != nil {
		t.Fatalf("the admin's key without the faucet: %v", err)
	}
}
