package server_test

import (
	"context"
	"math/big"
	"net/http"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
)

// chainPreparer prepares markets on a chaintest chain with its admin as
// the oracle, as the devnet does on its own chain.
type chainPreparer struct{ env *chaintest.Env }

func (p chainPreparer) PrepareMarket(ctx context.Context, qid common.Hash, negRisk bool) (ctfid.Market, error) {
	return deploy.PrepareMarket(ctx, p.env.Admin, p.env.D, p.env.Admin.From, qid, negRisk)
}

// TestCreateMarketPreparesItOnChain: with a chain configured, a market
// created through the operator API has its condition prepared and its
// tokens registered on the exchange of its kind, under the ids the
// catalogue lists.
func TestCreateMarketPreparesItOnChain(t *testing.T) {
	ctx := context.Background()
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	h := newHarness(t, func(c *server.Config) {
		c.UseDeployment(env.D)
		c.Oracle = env.Admin.From
		c.Chain = chainPreparer{env}
	})
	h.startEngine()
	call := &bind.CallOpts{Context: ctx}
	for _, negRisk := range []bool{false, true} {
		slug := "on-chain-standard"
		if negRisk {
			slug = "on-chain-negrisk"
		}
		var ev catalog.EventRecord
		h.mustAdmin(http.MethodPost, "/admin/events", eventBody(slug, negRisk), &ev)
		var m struct {
			ConditionID  string   `json:"conditionId"`
			ClobTokenIDs []string `json:"clobTokenIds"`
		}
		h.mustAdmin(http.MethodPost, "/admin/markets", map[string]any{"eventId": ev.ID, "slug": slug + "-m", "question": "Will " + slug + " settle?"}, &m)
		cond := common.HexToHash(m.ConditionID)
		if n, err := env.CTF.GetOutcomeSlotCount(call, cond); err != nil || n.Int64() != 2 {
			t.Fatalf("negRisk %v: outcome slots of %s on chain: %v, %v; want 2", negRisk, m.ConditionID, n, err)
		}
		yes, _ := new(big.Int).SetString(m.ClobTokenIDs[0], 10)
		no, _ := new(big.Int).SetString(m.ClobTokenIDs[1], 10)
		reg, err := env.ExchangeFor(negRisk).Registry(call, yes)
		if err != nil || reg.ConditionId != cond || reg.Complement.Cmp(no) != 0 {
			t.Fatalf("negRisk %v: the exchange registers YES as %+v, %v; want condition %s and complement %s", negRisk, reg, err, cond, no)
		}
		if other, _ := env.ExchangeFor(!negRisk).Registry(call, yes); other.ConditionId != ([32]byte{}) {
			t.Fatalf("negRisk %v: the other exchange registered the token too", negRisk)
		}
	}
}

// TestPublicInfoHasTheWholeDeployment: GET /public-info built from a
// deployment record names every contract a client signs for, the
// MultiSendCallOnly of the relayer's onboarding and the stablecoin a
// withdrawal unwraps into included; a record made before
// MultiSendCallOnly existed leaves that field out.
func TestPublicInfoHasTheWholeDeployment(t *testing.T) {
	ctx := context.Background()
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	if env.D.Contracts.MultiSendCallOnly == (common.Address{}) {
		t.Fatal("the simulated deployment has no MultiSendCallOnly")
	}
	old := *env.D
	old.Contracts.MultiSendCallOnly = common.Address{}
	for _, c := range []struct {
		d    *deploy.Deployment
		want string
	}{{env.D, env.D.Contracts.MultiSendCallOnly.Hex()}, {&old, ""}} {
		h := newHarness(t, func(cfg *server.Config) { cfg.UseDeployment(c.d) })
		var got struct {
			Contracts map[string]any `json:"contracts"`
		}
		h.get(0, "/public-info", &got)
		k := env.D.Contracts
		for name, addr := range map[string]common.Address{"conditionalTokens": k.ConditionalTokens, "exchange": k.Exchange,
			"negRiskExchange": k.NegRiskExchange, "safeFactory": k.SafeFactory, "collateral": k.Collateral, "stablecoin": k.Stablecoin} {
			if got.Contracts[name] != addr.Hex() {
				t.Errorf("contracts.%s is %v, want %s", name, got.Contracts[name], addr.Hex())
			}
		}
		m, present := got.Contracts["multiSendCallOnly"]
		switch {
		case c.want == "" && present:
			t.Errorf("contracts.multiSendCallOnly is %v for a record without it", m)
		case c.want != "" && m != c.want:
			t.Errorf("contracts.multiSendCallOnly is %v, want %s", m, c.want)
		}
	}
}
