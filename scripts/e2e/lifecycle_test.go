package e2e

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/usdw"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/devnet"
)

// storyLiveness is the proposals' liveness in the story: short, so the
// test sees the market resolve.
const storyLiveness = 3 * time.Second

// onboard is what a new user does before trading: log in to Gamma, have
// the Relayer API deploy the proxy wallet and approve both exchanges
// (signing, never paying gas), create an API key and deposit devnet USDW
// (the faucet pays on chain; the chain watcher credits the engine).
func (n *testNet) onboard(t *testing.T, g *gamma.Client, usdwAmount string) *trader {
	t.Helper()
	ctx := context.Background()
	tr := n.wallet(0)
	gl := gamma.New(n.d.GammaURL, gamma.WithHTTPClient(n.httpClient()), gamma.WithPrivateKey(tr.key))
	tok, err := gl.Login(ctx)
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	pi, err := g.PublicInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ch, err := relayer.ChainFromPublicInfo(pi)
	if err != nil {
		t.Fatal(err)
	}
	rc := relayer.New(n.d.RelayerURL, relayer.WithHTTPClient(&http.Client{Timeout: httpTimeout}), relayer.WithToken(tok.Token),
		relayer.WithPrivateKey(tr.key), relayer.WithChain(ch))
	subs, err := rc.Onboard(ctx)
	if err != nil {
		t.Fatalf("onboard: %v", err)
	}
	for _, s := range subs {
		if tx, err := rc.Wait(ctx, s.TransactionID, relayerapi.StateConfirmed, nil); err != nil || tx.State != relayerapi.StateConfirmed {
			t.Fatalf("onboarding transaction %s: %+v %v", s.TransactionID, tx, err)
		}
	}
	if _, err := n.d.DeployWallet(ctx, tr.key); err != nil { // returns once the chain watcher logged it
		t.Fatal(err)
	}
	if _, err := tr.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatalf("API key: %v", err)
	}
	if _, err := tr.Faucet(ctx, tr.Funder().Hex(), usdwAmount); err != nil {
		t.Fatalf("deposit: %v", err)
	}
	return tr
}

// onChain reads a wallet's USDW and outcome tokens on chain, in base units.
type onChain struct {
	usdw *usdw.USDW
	ctf  *ctf.ConditionalTokens
}

func (c onChain) balances(t *testing.T, wallet common.Address, yes, no string) [3]int64 {
	t.Helper()
	call := &bind.CallOpts{Context: context.Background()}
	u, err := c.usdw.BalanceOf(call, wallet)
	if err != nil {
		t.Fatal(err)
	}
	out := [3]int64{u.Int64()}
	for i, id := range []string{yes, no} {
		b, _ := new(big.Int).SetString(id, 10)
		v, err := c.ctf.BalanceOf(call, wallet, b)
		if err != nil {
			t.Fatal(err)
		}
		out[i+1] = v.Int64()
	}
	return out
}

// ledger reads the same three figures from the CLOB API (the engine's
// ledger), in base units.
func ledger(t *testing.T, tr *trader, yes, no string) [3]int64 {
	t.Helper()
	var out [3]int64
	for i, tok := range []string{"", yes, no} {
		u, err := fixed.ParseUnits(tr.balance(t, tok).Balance)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = int64(u)
	}
	return out
}

// TestMarketLifecycleStory is the whole life of a sports market, as its
// users see it: a new user finds a game on Gamma, logs in, has the
// relayer deploy and approve a wallet, deposits, trades, and rests orders
// on the game's winner market; the game goes live early and the orders
// are cancelled at once; the game finishes, the platform proposes the
// outcome from the score, it is challenged once and proposed again, the
// liveness passes and the market resolves, while the game's total market
// is called off at 50-50; the shares are redeemed on chain without anyone
// signing (1 USDW a winning share, 0.5 a share of the canceled market);
// the CLOB, Gamma and the chain agree to the unit. On the way: the negRisk demo event's YES prices sum
// to 1, and the refusals of bad lifecycle input.
func TestMarketLifecycleStory(t *testing.T) {
	t.Parallel()
	n := startNet(t, func(c *devnet.Config) { c.Liveness, c.DemoBook = storyLiveness, true })
	ctx := context.Background()
	g := gamma.New(n.d.GammaURL, gamma.WithHTTPClient(n.httpClient()))
	op := gamma.New(n.d.GammaURL, gamma.WithHTTPClient(n.httpClient()), gamma.WithOperatorKey(devnet.OperatorKey))

	// The negRisk event's markets are quoted by the demo maker: their YES
	// prices sum to about 1.
	// Gamma folds the engine's events as they come: the last quote shows
	// a moment after the devnet's start.
	var sum uint64
	eventually.True(t, "the negRisk event's YES prices sum to about 1", func() bool {
		events, err := g.Events(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		sum = 0
		for _, e := range events {
			if !e.NegRisk {
				continue
			}
			for _, m := range e.Markets {
				p, err := fixed.ParseUnits(m.OutcomePrices[0])
				if err != nil {
					t.Fatal(err)
				}
				sum += p
			}
		}
		return sum >= 990_000 && sum <= 1_010_000
	})

	// Find the game and its winner market on Gamma.
	games, err := g.Games(ctx, nil)
	if err != nil || len(games) == 0 {
		t.Fatalf("games: %v %v", games, err)
	}
	game := games[0]
	ev, err := g.Event(ctx, game.PrimaryEventID)
	if err != nil {
		t.Fatal(err)
	}
	var gm, tm gammaapi.Market // the winner and the total market
	for _, m := range ev.Markets {
		switch m.Slug {
		case "nba-lal-bos-demo-winner":
			gm = m
		case "nba-lal-bos-demo-total-220-5":
			tm = m
		}
	}
	if gm.ID == "" || tm.ID == "" || !gm.AcceptingOrders || game.GameStatus != gammaapi.GamePreGame || !time.Now().Before(game.ScheduledAt) {
		t.Fatalf("the demo game %+v and its market %+v", game, gm)
	}
	yes, no := gm.YesToken(), gm.NoToken()

	alice, bob := n.onboard(t, g, "100"), n.onboard(t, g, "100")
	// Trades before the game, in each market: alice buys 10 YES at 0.40,
	// bob 10 NO at 0.60; pairs are minted and settled on chain.
	for _, m := range []gammaapi.Market{gm, tm} {
		alice.buy(t, m.YesToken(), "0.40", "10")
		if took := bob.buy(t, m.NoToken(), "0.60", "10"); took.Status != clobapi.InsertStatusMatched {
			t.Fatalf("bob's order: %+v", took)
		}
	}
	eventually.True(t, "the trades are confirmed on chain", func() bool {
		tr, err := bob.GetTrades(ctx, client.TradeParams{})
		return err == nil && len(tr.Data) == 2 && tr.Data[0].Status == "CONFIRMED" && tr.Data[1].Status == "CONFIRMED"
	})
	// Resting orders on the game's market.
	restA := alice.buy(t, yes, "0.30", "5")
	restB := bob.buy(t, no, "0.50", "5")
	if restA.Status != clobapi.InsertStatusLive || restB.Status != clobapi.InsertStatusLive {
		t.Fatalf("resting orders: %+v %+v", restA, restB)
	}

	// Bad input changes nothing.
	_, err = op.PushScores(ctx, "999", gammaapi.ScoreReport{GameStatus: gammaapi.GameLive})
	wantGammaCode(t, "scores for an unknown game", err, errcode.GameNotFound)
	_, err = g.PushScores(ctx, game.ID, gammaapi.ScoreReport{GameStatus: gammaapi.GameLive})
	wantGammaCode(t, "scores without the operator key", err, errcode.OperatorUnauthorized)
	if s := alice.order(t, restA.OrderID).Status; s != "LIVE" {
		t.Fatalf("a refused report touched alice's order: %s", s)
	}

	// The game goes live two days early: the orders are cancelled at once.
	live, err := op.PushScores(ctx, game.ID, gammaapi.ScoreReport{GameStatus: gammaapi.GameLive, LatestStatus: "InProgress"})
	if err != nil || live.GameStatus != gammaapi.GameLive {
		t.Fatalf("live: %+v %v", live, err)
	}
	if s := alice.order(t, restA.OrderID).Status; s != "CANCELED" {
		t.Errorf("alice's resting order after the start: %s", s)
	}
	if s := bob.order(t, restB.OrderID).Status; s != "CANCELED" {
		t.Errorf("bob's resting order after the start: %s", s)
	}
	_, err = alice.place(yes, "BUY", "0.30", "5")
	wantCode(t, "an order during play", err, errcode.MarketNotReady)
	gotGame, err := g.Game(ctx, game.ID)
	if err != nil || gotGame.GameStatus != gammaapi.GameLive {
		t.Fatalf("GET /games/%s: %+v %v", game.ID, gotGame, err)
	}

	// The game ends 112-108, the Lakers (home) win: the platform proposes
	// YES. A challenge, a new proposal, the liveness, the resolution.
	if _, err := op.PushScores(ctx, game.ID, gammaapi.ScoreReport{GameStatus: gammaapi.GameFinished, HomeScore: 112, AwayScore: 108,
		LatestStatus: "Final"}); err != nil {
		t.Fatal(err)
	}
	_, err = op.PushScores(ctx, game.ID, gammaapi.ScoreReport{GameStatus: gammaapi.GameLive})
	wantGammaCode(t, "a finished game live again", err, errcode.GameStatusRegression)
	m, err := g.Market(ctx, gm.ID)
	if err != nil || m.Adjudication == nil || m.Adjudication.CurrentPhase != gammaapi.PhaseProposed || *m.Adjudication.ProposedOutcome != "Lakers" ||
		!m.Closed || m.AcceptingOrders || m.Adjudication.LivenessEndsAt == nil {
		t.Fatalf("after the game: %+v %v", m, err)
	}
	_, err = op.Propose(ctx, gm.ID, []int{0, 1})
	wantGammaCode(t, "a second proposal while one is pending", err, errcode.AdjudicationPhase)
	// 220 points is under 220.5: the total market is proposed Under; the
	// operator calls it off instead (canceled: 0.5 USDW a share).
	tmNow, err := g.Market(ctx, tm.ID)
	if err != nil || tmNow.Adjudication == nil || *tmNow.Adjudication.ProposedOutcome != "Under" {
		t.Fatalf("the total market after the game: %+v %v", tmNow.Adjudication, err)
	}
	if tmNow, err = op.CancelMarket(ctx, tm.ID); err != nil || tmNow.Adjudication.CurrentPhase != gammaapi.PhaseCanceled ||
		!slices.Equal(tmNow.Adjudication.PayoutVector, []int{1, 1}) || *tmNow.Adjudication.SettledOutcome != gammaapi.Outcome50 {
		t.Fatalf("the canceled total market: %+v %v", tmNow.Adjudication, err)
	}
	if m, err = op.Challenge(ctx, gm.ID, "the scorer missed a basket"); err != nil || m.Adjudication.CurrentPhase != gammaapi.PhaseChallenged {
		t.Fatalf("challenge: %+v %v", m.Adjudication, err)
	}
	_, err = op.Propose(ctx, gm.ID, []int{2, 0})
	wantGammaCode(t, "a payout outside the allowed vectors", err, errcode.InvalidPayoutVector)
	if m, err = op.Propose(ctx, gm.ID, []int{1, 0}); err != nil || m.Adjudication.CurrentPhase != gammaapi.PhaseProposed {
		t.Fatalf("re-proposal: %+v %v", m.Adjudication, err)
	}
	eventually.True(t, "the liveness passed and the market resolved", func() bool {
		m, err = g.Market(ctx, gm.ID)
		return err == nil && m.Adjudication.CurrentPhase == gammaapi.PhaseResolved
	})
	_, err = op.Challenge(ctx, gm.ID, "too late")
	wantGammaCode(t, "a challenge after the liveness", err, errcode.AdjudicationPhase)
	if !slices.Equal(m.Adjudication.PayoutVector, []int{1, 0}) || *m.Adjudication.SettledOutcome != "Lakers" || m.Adjudication.ResolvedAt == nil {
		t.Fatalf("resolved: %+v", m.Adjudication)
	}

	// The ledger paid 1 USDW a winning share and 0.5 a share of the
	// canceled market: alice 100 - 4 + 10 - 4 + 5, bob 100 - 6 - 0.06
	// (the 1% taker fee) - 6 - 0.06 + 5; no shares left in either market.
	wantA := [3]int64{107_000_000, 0, 0}
	wantB := [3]int64{92_880_000, 0, 0}
	tyes, tno := tm.YesToken(), tm.NoToken()
	eventually.True(t, "the payouts are in the ledger", func() bool {
		return ledger(t, alice, yes, no) == wantA && ledger(t, alice, tyes, tno) == wantA
	})
	if got, got2 := ledger(t, bob, yes, no), ledger(t, bob, tyes, tno); got != wantB || got2 != wantB {
		t.Errorf("bob's ledger %v %v, want %v", got, got2, wantB)
	}
	// The chain agrees to the unit once the redeemer has redeemed the
	// wallets, which nobody signed for.
	ec, err := ethclient.Dial(n.d.RPCURL)
	if err != nil {
		t.Fatal(err)
	}
	defer ec.Close()
	k := n.d.Deployment.Contracts
	u, _ := usdw.NewUSDW(k.Collateral, ec)
	c, _ := ctf.NewConditionalTokens(k.ConditionalTokens, ec)
	chain := onChain{usdw: u, ctf: c}
	eventually.True(t, "the redemption is on chain", func() bool {
		return chain.balances(t, alice.Funder(), yes, no) == wantA && chain.balances(t, bob.Funder(), yes, no) == wantB &&
			chain.balances(t, alice.Funder(), tyes, tno) == wantA && chain.balances(t, bob.Funder(), tyes, tno) == wantB
	})
	// The settler's reconciliation of every wallet and asset, chain
	// against ledger, finds nothing.
	eventually.True(t, "the reconciliation compares every wallet with no difference", func() bool {
		rep, err := n.d.Reconcile(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Differences) > 0 {
			t.Logf("reconciliation: %+v", rep.Differences)
		}
		return len(rep.Differences) == 0 && rep.Unsettled == 0 && rep.Compared == rep.Wallets && rep.Wallets >= 2
	})
	// Every trade is final now, and each wallet's mark is past its last
	// trade: another check reads no trade again and still agrees.
	if rep, err := n.d.Reconcile(ctx); err != nil || rep.TradesRead != 0 || len(rep.Differences) != 0 || rep.Unsettled != 0 {
		t.Errorf("a check after every trade settled: %+v, %v (want no trade read, no difference)", rep, err)
	}
	// Gamma's figures: the market is resolved, its open interest paid out.
	// Read again: m was read when the market resolved, and Gamma folds the
	// payouts from the event stream a moment later.
	eventually.True(t, "Gamma shows the resolved market closed with no open interest", func() bool {
		m, err = g.Market(ctx, gm.ID)
		return err == nil && m.OpenInterest == 0 && m.Closed
	})
	// Archived: out of the default listing, still readable.
	if _, err := op.UpdateMarket(ctx, gm.ID, gammaapi.MarketPatch{Archived: ptrTo(true)}); err != nil {
		t.Fatal(err)
	}
	listed, err := g.Markets(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range listed {
		if x.ID == gm.ID {
			t.Error("an archived market is listed by default")
		}
	}
	if m, err = g.Market(ctx, gm.ID); err != nil || !m.Archived {
		t.Errorf("the archived market: %+v %v", m, err)
	}
}

func ptrTo[T any](v T) *T { return &v }

// wantGammaCode checks that err is the Gamma API error code.
func wantGammaCode(t *testing.T, what string, err error, code errcode.Code) {
	t.Helper()
	var ae *gamma.APIError
	if !errors.As(err, &ae) || ae.Code != code {
		t.Errorf("%s: got %v, want %s", what, err, code)
	}
}
