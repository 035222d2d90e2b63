package contracts_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/chaintest"
)

// TestReverts checks that every invalid match reverts with its reason and
// changes nothing, and that the valid match still goes through after.
func TestReverts(t *testing.T) {
	ctx, e := newEnv(t)
	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	seller := trader(t, ctx, e, true, 100*unit)
	buyer := trader(t, ctx, e, false, 100*unit)
	other := trader(t, ctx, e, true, 0)
	split(t, ctx, e, seller, m, 50*unit)
	ex := e.D.Contracts.Exchange

	good := func() (chaintest.Order, chaintest.Order) {
		return buyer.Order(false, chaintest.Buy, m.Yes, 10*unit, 500_000, 100),
			seller.Order(false, chaintest.Sell, m.Yes, 10*unit, 500_000, 0)
	}
	match := func(taker chaintest.Order, makers []chaintest.Order, f ...int64) error {
		_, err := e.Match(ctx, false, taker, makers, fills(f...))
		return err
	}

	t.Run("bad signature", func(t *testing.T) {
		tk, mk := good()
		mk.Signature[10] ^= 1
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "InvalidSignature")
		tk.Signature = tk.Signature[:64]
		_, mk = good()
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "InvalidSignature")
	})
	t.Run("tampered order", func(t *testing.T) {
		tk, mk := good()
		mk.TakerAmount = big.NewInt(4 * unit) // a better price than signed
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "InvalidSignature")
	})
	t.Run("wrong signer", func(t *testing.T) {
		tk, _ := good()
		// other signs an order naming seller's Safe as maker.
		mk := seller.NewOrder(chaintest.Sell, m.Yes, 10*unit, 500_000, 0)
		mk.Signer = other.Owner
		other.Sign(&mk, ex)
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "SignerNotMaker")
		// An EOA order whose signer is not its maker.
		tk = buyer.NewOrder(chaintest.Buy, m.Yes, 10*unit, 500_000, 100)
		tk.Signer = other.Owner
		other.Sign(&tk, ex)
		_, mk = good()
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "SignerNotMaker")
	})
	t.Run("signature type 1", func(t *testing.T) {
		tk, _ := good()
		mk := seller.NewOrder(chaintest.Sell, m.Yes, 10*unit, 500_000, 0)
		mk.SignatureType = 1
		seller.Sign(&mk, ex)
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "InvalidSignatureType")
	})
	t.Run("expired", func(t *testing.T) {
		tk, _ := good()
		now := must[time.Time](t)(e.Now(ctx))
		mk := seller.NewOrder(chaintest.Sell, m.Yes, 10*unit, 500_000, 0)
		mk.Expiration = big.NewInt(now.Unix() - 1)
		seller.Sign(&mk, ex)
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "OrderExpired")
		// The match time bounds: not ahead of the block, not a day behind it.
		at := func(when time.Time) error {
			_, err := e.SendMatchAt(ctx, e.Operator.Send, false, tk, []chaintest.Order{mk}, fills(10*unit), when)
			return err
		}
		expectRevert(t, at(now.Add(time.Hour)), "InvalidMatchTime")
		expectRevert(t, at(now.Add(-25*time.Hour)), "InvalidMatchTime")
	})
	t.Run("matched before its expiration, settled after it", func(t *testing.T) {
		// The book filled a GTD order two seconds before it expired; the
		// match is mined after: the expiration is checked at the match's time.
		b, s := trader(t, ctx, e, false, 100*unit), trader(t, ctx, e, true, 100*unit)
		split(t, ctx, e, s, m, 10*unit)
		now := must[time.Time](t)(e.Now(ctx))
		tk := b.NewOrder(chaintest.Buy, m.Yes, 10*unit, 500_000, 100)
		tk.Expiration = big.NewInt(now.Unix() - 2)
		b.Sign(&tk, ex)
		mk := s.NewOrder(chaintest.Sell, m.Yes, 10*unit, 500_000, 0)
		mk.Expiration = big.NewInt(now.Unix() - 1)
		s.Sign(&mk, ex)
		tx, err := e.SendMatchAt(ctx, e.Operator.Send, false, tk, []chaintest.Order{mk}, fills(10*unit), now.Add(-4*time.Second))
		ok(t, err)
		rs := must[[]*types.Receipt](t)(e.Chain.Wait(ctx, tx))
		if rs[0].Status != types.ReceiptStatusSuccessful {
			t.Fatalf("the match of orders expired after its time reverted")
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		tk, mk := good()
		ok(t, seller.Do(ctx, chaintest.Call(ex, chaintest.PackExchange("cancelOrder", mk))))
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "CancelledOrder")
		// Only its maker or signer may cancel an order.
		_, mk = good()
		_, err := e.Operator.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.Exchange.CancelOrder(o, mk)
		})
		expectRevert(t, err, "NotOwner")
	})
	t.Run("nonce", func(t *testing.T) {
		_, mk := good()
		b2 := trader(t, ctx, e, true, 10*unit)
		tk := b2.Order(false, chaintest.Buy, m.Yes, 10*unit, 500_000, 100)
		ok(t, b2.Do(ctx, chaintest.Call(ex, chaintest.PackExchange("incrementNonce"))))
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "InvalidNonce")
		tk = b2.NewOrder(chaintest.Buy, m.Yes, 10*unit, 500_000, 100)
		tk.Nonce = big.NewInt(1)
		b2.Sign(&tk, ex)
		must[*types.Receipt](t)(e.Match(ctx, false, tk, []chaintest.Order{mk}, fills(unit)))
		// A nonce ahead of the maker's is not valid either.
		tk.Nonce = big.NewInt(2)
		b2.Sign(&tk, ex)
		expectRevert(t, match(tk, []chaintest.Order{mk}, unit), "InvalidNonce")
	})
	t.Run("overfilled", func(t *testing.T) {
		tk, mk := good()
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit+1), "Overfilled")
		must[*types.Receipt](t)(e.Match(ctx, false, tk, []chaintest.Order{mk}, fills(6*unit)))
		expectRevert(t, match(tk, []chaintest.Order{mk}, 4*unit+1), "Overfilled")
		// The same maker order twice in one call counts twice.
		tk2 := buyer.Order(false, chaintest.Buy, m.Yes, 10*unit, 500_000, 100)
		expectRevert(t, match(tk2, []chaintest.Order{mk, mk}, 2*unit, 2*unit+1), "Overfilled")
		must[*types.Receipt](t)(e.Match(ctx, false, tk, []chaintest.Order{mk}, fills(4*unit)))
		expectRevert(t, match(tk2, []chaintest.Order{mk}, 1), "Overfilled")
	})
	t.Run("not crossing", func(t *testing.T) {
		tk := buyer.Order(false, chaintest.Buy, m.Yes, 10*unit, 490_000, 100)
		_, mk := good()
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "NotCrossing")
		// Two buys of YES neither match nor mint.
		tk, _ = good()
		mk = seller.Order(false, chaintest.Buy, m.Yes, 10*unit, 500_000, 0)
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "MismatchedTokenIds")
	})
	t.Run("fill amounts", func(t *testing.T) {
		tk, mk := good()
		_, err := e.Operator.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.Exchange.MatchOrders(o, tk, []chaintest.Order{mk}, big.NewInt(5*unit), fills(4*unit), big.NewInt(time.Now().Unix()-60))
		})
		expectRevert(t, err, "TakerFillMismatch")
		expectRevert(t, match(tk, []chaintest.Order{mk}, 0), "ZeroFill")
		expectRevert(t, match(tk, nil), "InvalidMakerOrders")
	})
	t.Run("unregistered token", func(t *testing.T) {
		tk := buyer.Order(false, chaintest.Buy, big.NewInt(12345), 10*unit, 500_000, 100)
		_, mk := good()
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "TokenNotRegistered")
	})
	t.Run("fee too high", func(t *testing.T) {
		tk := buyer.Order(false, chaintest.Buy, m.Yes, 10*unit, 500_000, 1001)
		_, mk := good()
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "FeeTooHigh")
	})
	t.Run("not the operator", func(t *testing.T) {
		tk, mk := good()
		_, err := e.SendMatch(ctx, e.Admin.Send, false, tk, []chaintest.Order{mk}, fills(10*unit))
		expectRevert(t, err, "AccessControlUnauthorizedAccount")
	})
	t.Run("paused", func(t *testing.T) {
		tk, mk := good()
		must[*types.Receipt](t)(e.Admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.Exchange.Pause(o)
		}))
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "EnforcedPause")
		_, err := e.Operator.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.Exchange.Unpause(o)
		})
		expectRevert(t, err, "AccessControlUnauthorizedAccount")
		must[*types.Receipt](t)(e.Admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.Exchange.Unpause(o)
		}))
		must[*types.Receipt](t)(e.Match(ctx, false, tk, []chaintest.Order{mk}, fills(10*unit)))
	})
	t.Run("taker field", func(t *testing.T) {
		_, mk := good()
		tk := buyer.NewOrder(chaintest.Buy, m.Yes, 10*unit, 500_000, 100)
		tk.Taker = other.Owner
		buyer.Sign(&tk, ex)
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "NotTaker")
		tk.Taker = e.Operator.From
		buyer.Sign(&tk, ex)
		must[*types.Receipt](t)(e.Match(ctx, false, tk, []chaintest.Order{mk}, fills(10*unit)))
	})
	t.Run("balance", func(t *testing.T) {
		poor := trader(t, ctx, e, false, unit)
		tk := poor.Order(false, chaintest.Buy, m.Yes, 10*unit, 500_000, 100)
		_, mk := good()
		expectRevert(t, match(tk, []chaintest.Order{mk}, 10*unit), "ERC20InsufficientBalance")
	})
}
