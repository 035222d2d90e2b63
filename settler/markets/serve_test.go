package markets

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/marketrpc"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/natstest"
)

// TestNobodyServesIsUnavailable: a request while no settler holds the
// lease is SETTLER_UNAVAILABLE, a 503 whose message says to retry.
func TestNobodyServesIsUnavailable(t *testing.T) {
	t.Parallel()
	c := marketrpc.New(natstest.Connect(t, natstest.Start(t)))
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	_, err := c.PrepareMarket(ctx, common.Hash{1}, false)
	var ce *errcode.Error
	if !errors.Is(err, errcode.SettlerUnavailable) || !errors.As(err, &ce) || ce.Status() != 503 || ce.Error() != errcode.SettlerUnavailable.Message() {
		t.Fatalf("prepare with no settler: %v, want SETTLER_UNAVAILABLE (503)", err)
	}
	if err := c.ReportPayouts(ctx, common.Hash{1}, false, []int{1, 0}); !errors.Is(err, errcode.SettlerUnavailable) {
		t.Fatalf("report with no settler: %v", err)
	}
	if err := c.Fund(ctx, common.Address{1}, 1); !errors.Is(err, errcode.SettlerUnavailable) {
		t.Fatalf("fund with no settler: %v", err)
	}
}

// TestOneServesAndAnotherTakesOver: of two settlers campaigning for the
// markets lease, one serves; the client prepares and resolves through it,
// and a funding it refuses (its faucet is off) comes back coded. When it
// stops, the other takes over with a sender at the chain's nonce, and the
// next market is prepared through it.
func TestOneServesAndAnotherTakesOver(t *testing.T) {
	t.Parallel()
	e := newChain(t)
	srv := natstest.Start(t)
	c := marketrpc.New(natstest.Connect(t, srv))
	type settler struct {
		m    *Markets
		stop context.CancelFunc
		done chan error
	}
	var settlers [2]*settler
	for i := range settlers {
		m := must[*Markets](t)(New(Config{Deployment: e.D, Chain: e.Chain, Key: e.Admin.Key}))
		ctx, stop := context.WithCancel(t.Context())
		s := &settler{m: m, stop: stop, done: make(chan error, 1)}
		nc := natstest.Connect(t, srv)
		go func() {
			s.done <- m.Serve(ctx, nc, LeaseConfig{TTL: lease.TTLMin, Holder: string(rune('a' + i))}, zaptest.NewLogger(t))
		}()
		settlers[i] = s
		t.Cleanup(stop)
	}
	holder := eventually.Value(t, "one settler serving", func() (*settler, bool) {
		a, b := settlers[0].m.Serving(), settlers[1].m.Serving()
		if a == b {
			return nil, false
		}
		if a {
			return settlers[0], true
		}
		return settlers[1], true
	})
	other := settlers[0]
	if other == holder {
		other = settlers[1]
	}
	ctx := t.Context()
	q := crypto.Keccak256Hash([]byte("served"))
	mk := must[ctfid.Market](t)(c.PrepareMarket(ctx, q, true))
	if want := ctfid.BinaryMarket(e.D.Contracts.Collateral, e.Admin.From, q); mk.ConditionID != want.ConditionID || mk.Yes.Cmp(want.Yes) != 0 {
		t.Fatalf("prepared %+v, want %+v", mk, want)
	}
	if err := c.ReportPayouts(ctx, q, true, []int{1, 0}); err != nil {
		t.Fatal(err)
	}
	if err := c.Fund(ctx, common.Address{1}, 1); !errors.Is(err, errcode.FaucetDisabled) {
		t.Fatalf("fund from a settler without the faucet: %v, want FAUCET_DISABLED", err)
	}
	if err := c.ReportPayouts(ctx, q, true, []int{2, 0}); !errors.Is(err, errcode.InvalidPayload) {
		t.Fatalf("a report of [2,0]: %v, want INVALID_PAYLOAD", err)
	}
	if other.m.Serving() {
		t.Fatal("both settlers serve")
	}

	holder.stop()
	if err := <-holder.done; err != nil {
		t.Fatalf("the stopped settler's Serve: %v", err)
	}
	eventually.True(t, "the other settler serving", other.m.Serving)
	q2 := crypto.Keccak256Hash([]byte("after the takeover"))
	if _, err := c.PrepareMarket(ctx, q2, false); err != nil {
		t.Fatalf("prepare after the takeover: %v", err)
	}
	p, r := state(t, other.m, ctfid.BinaryMarket(e.D.Contracts.Collateral, e.Admin.From, q2), false)
	if !p || !r {
		t.Fatalf("after the takeover: prepared %v, registered %v", p, r)
	}
}
