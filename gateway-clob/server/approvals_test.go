package server_test

import (
	"context"
	"strings"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// TestOrdersNeedApprovals: the ghost-fill probe of issue 19 through the
// API. A funded wallet that never approved the exchange has its BUY
// refused INVALID_ORDER_COLLATERAL_NOT_APPROVED (recorded INVALID, as the
// engine's refusals are) instead of accepted live; a SELL of shares it
// holds likewise needs the shares approved; and once approved, a revoked
// approval cancels the order it no longer covers, so a crossing order
// from an honest trader rests instead of matching it.
func TestOrdersNeedApprovals(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	h.deposit(c.Funder(), 100)

	req, id, err := c.BuildOrder(buyArgs("0.40", "10"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.PostOrder(ctx, req); !isCode(err, errcode.InvalidOrderCollateralNotApproved, 400) {
		t.Fatalf("a BUY of a wallet that approved nothing: %v, want %s", err, errcode.InvalidOrderCollateralNotApproved)
	}
	refused, err := c.GetOrder(ctx, id)
	if err != nil || refused.Status != "INVALID" || refused.CancelReason != string(errcode.InvalidOrderCollateralNotApproved) {
		t.Fatalf("the refused BUY is recorded INVALID with its code: %+v, %v", refused, err)
	}

	// Collateral approved on the standard exchange only: the BUY rests,
	// a BUY on the negRisk market is still refused.
	h.submit(func(cmd *pb.Command) {
		cmd.Body = &pb.Command_CollateralApproval{CollateralApproval: &pb.CollateralApproval{
			Account: c.Funder().Bytes(), Exchange: pb.Exchange_EXCHANGE_STANDARD, Unlimited: true}}
	})
	h.sync()
	if r, err := c.CreateAndPostOrder(ctx, buyArgs("0.40", "10")); err != nil || r.Status != clobapi.InsertStatusLive {
		t.Fatalf("a BUY once USDW is approved: %+v, %v", r, err)
	}
	// /balance-allowance says what the exchange counts as approved, by
	// exchange, so a client knows when its approval has been seen.
	ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	unlimited := "115792089237316195423570985008687907853269984665640564039457584007913129.639935"
	if err != nil || ba.ExchangeApprovals[testExchange.Hex()] != (clobapi.ExchangeApproval{Collateral: unlimited}) ||
		ba.ExchangeApprovals[testNegRisk.Hex()] != (clobapi.ExchangeApproval{Collateral: "0"}) {
		t.Fatalf("the approvals the exchange counts: %+v, %v", ba.ExchangeApprovals, err)
	}
	nr := client.OrderArgs{TokenID: testNRYesStr, Side: "BUY", Price: "0.40", Size: "10", FeeRateBps: 10, NegRisk: true}
	if _, err := c.CreateAndPostOrder(ctx, nr); !isCode(err, errcode.InvalidOrderCollateralNotApproved, 400) {
		t.Fatalf("a BUY on the negRisk exchange, not approved: %v", err)
	}

	// Shares: held, not approved, then approved, then revoked.
	seller := h.tradingClient(0)
	h.submit(func(cmd *pb.Command) {
		cmd.Body = &pb.Command_Deposit{Deposit: &pb.Deposit{Account: seller.Funder().Bytes(), Amount: 20_000_000, TokenId: testYes[:]}}
	})
	h.sync()
	ask := client.OrderArgs{TokenID: testYesStr, Side: "SELL", Price: "0.60", Size: "10", FeeRateBps: 10}
	if _, err := seller.CreateAndPostOrder(ctx, ask); !isCode(err, errcode.InvalidOrderSharesNotApproved, 400) {
		t.Fatalf("a SELL of unapproved shares: %v, want %s", err, errcode.InvalidOrderSharesNotApproved)
	}
	sharesApproval := func(approved bool) {
		h.submit(func(cmd *pb.Command) {
			cmd.Body = &pb.Command_SharesApproval{SharesApproval: &pb.SharesApproval{
				Account: seller.Funder().Bytes(), Exchange: pb.Exchange_EXCHANGE_STANDARD, Approved: approved}}
		})
		h.sync()
	}
	sharesApproval(true)
	placed, err := seller.CreateAndPostOrder(ctx, ask)
	if err != nil || placed.Status != clobapi.InsertStatusLive {
		t.Fatalf("a SELL once its shares are approved: %+v, %v", placed, err)
	}
	sharesApproval(false)
	o, err := seller.GetOrder(ctx, placed.OrderID)
	if err != nil || o.Status != "CANCELED" || o.CancelReason != "APPROVAL_REVOKED" {
		t.Fatalf("the ask after the revocation: %+v, %v", o, err)
	}
	honest := h.funded(0, 100)
	bid, err := honest.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testYesStr, Side: "BUY", Price: "0.60", Size: "10", FeeRateBps: 10})
	if err != nil || bid.Status != clobapi.InsertStatusLive {
		t.Fatalf("an honest bid crossing the revoked ask must rest, not trade: %+v, %v", bid, err)
	}
	trades, err := honest.GetTrades(ctx, client.TradeParams{})
	if err != nil || trades.Count != 0 {
		t.Fatalf("trades of the honest bidder: %+v, %v", trades, err)
	}
}

// TestDebtBlocksOrders: a transfer out of the wallet seen on chain of more
// than the ledger holds (the chain still held what fills had spent) leaves
// the wallet owing the rest: /balance-allowance shows the debt, its open
// orders are gone and a new one is refused INVALID_ORDER_ACCOUNT_IN_DEBT
// until a deposit pays the debt back.
func TestDebtBlocksOrders(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.funded(0, 100)
	resting, err := c.CreateAndPostOrder(ctx, buyArgs("0.40", "10"))
	if err != nil || resting.Status != clobapi.InsertStatusLive {
		t.Fatalf("a bid: %+v, %v", resting, err)
	}
	h.submit(func(cmd *pb.Command) {
		cmd.Body = &pb.Command_WithdrawalObserved{WithdrawalObserved: &pb.WithdrawalObserved{Account: c.Funder().Bytes(), Amount: 130_000_000}}
	})
	h.sync()
	ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil || ba.Balance != "0" || ba.Debt != "30" {
		t.Fatalf("after 130 USDW left a wallet the ledger held 100 of: %+v, %v", ba, err)
	}
	if o, err := c.GetOrder(ctx, resting.OrderID); err != nil || o.Status != "CANCELED" {
		t.Fatalf("the bid of a wallet in debt: %+v, %v", o, err)
	}
	if _, err := c.CreateAndPostOrder(ctx, buyArgs("0.10", "5")); !isCode(err, errcode.InvalidOrderAccountInDebt, 400) {
		t.Fatalf("an order of a wallet in debt: %v, want %s", err, errcode.InvalidOrderAccountInDebt)
	}
	h.deposit(c.Funder(), 40)
	ba, err = c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil || ba.Balance != "10" || ba.Debt != "0" {
		t.Fatalf("after a deposit of 40 paid the 30 owed: %+v, %v", ba, err)
	}
	if r, err := c.CreateAndPostOrder(ctx, buyArgs("0.10", "5")); err != nil || r.Status != clobapi.InsertStatusLive {
		t.Fatalf("an order once the debt is paid: %+v, %v", r, err)
	}
	txs, err := c.GetTransactions(ctx, client.PageParams{})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, x := range txs.Data {
		kinds = append(kinds, x.Type)
	}
	if got := strings.Join(kinds, " "); got != "DEBT_REPAID DEPOSIT WITHDRAWAL DEBT DEPOSIT" {
		t.Fatalf("the wallet's transactions, newest first: %s", got)
	}
}
