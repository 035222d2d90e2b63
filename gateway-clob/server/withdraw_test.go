package server_test

import (
	"context"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// TestWithdrawReservation: POST /withdraw takes the amount out of the
// proxy wallet's available balance at once (reserved), refuses more than
// is available, and applies a retried id once; a transfer out seen on
// chain afterwards (WithdrawalObserved, from the settler's watcher)
// consumes the reservation and lowers nothing else.
func TestWithdrawReservation(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c := h.funded(0, 100, client.WithProxyWallet(testFactory, testInitCodeHash))
	ctx := context.Background()
	const id = "0x1111111111111111111111111111111111111111111111111111111111111111"
	r, err := c.Withdraw(ctx, "30", "", id)
	if err != nil {
		t.Fatal(err)
	}
	if r.Wallet != c.Funder().Hex() || r.Balance != "70" || r.Reserved != "30" || r.Locked != "0" || r.ID != id {
		t.Fatalf("reservation: %+v", r)
	}
	if _, err := c.Withdraw(ctx, "30", "", id); !isCode(err, errcode.InvalidCommand, 400) {
		t.Fatalf("the same id again: %v, want %s", err, errcode.InvalidCommand)
	}
	if _, err := c.Withdraw(ctx, "70.01", "", ""); !isCode(err, errcode.InvalidOrderNotEnoughBal, 400) {
		t.Fatalf("more than available: %v, want %s", err, errcode.InvalidOrderNotEnoughBal)
	}
	if _, err := c.Withdraw(ctx, "0", "", ""); !isCode(err, errcode.InvalidAmount, 400) {
		t.Fatalf("zero: %v, want %s", err, errcode.InvalidAmount)
	}
	// The relayed transfer of the 30 seen on chain: the reservation goes,
	// the balance stays.
	h.submit(func(cmd *pb.Command) {
		cmd.Body = &pb.Command_WithdrawalObserved{WithdrawalObserved: &pb.WithdrawalObserved{Account: c.Funder().Bytes(), Amount: 30_000_000}}
	})
	ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil || ba.Balance != "70" {
		t.Fatalf("balance after the transfer: %+v, %v", ba, err)
	}
}
