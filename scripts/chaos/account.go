package chaos

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/anishathalye/porcupine"
	"github.com/ethereum/go-ethereum/common"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

// The load's money side: withdrawers, traders who never trade, reserve
// one USDW for a withdrawal (POST /withdraw, with an id of their own) and
// read their balance (GET /balance-allowance), one after the other, under
// the faults. Nothing else touches their balance, so the engine's rule
// for a reservation (engine/machine/funds.go: refused unless the
// available balance covers it, else balance - amount and pending +
// amount, once per id) decides every answer exactly, and the history of
// each withdrawer is checked with porcupine against that rule: a read
// that misses an acknowledged reservation, or shows one that did not
// happen, or a reservation applied twice, is a violation.

// withdrawUnits is what each reservation takes: 1 USDW.
const withdrawUnits = int64(fixed.One)

// acctKind is what an account operation does.
type acctKind uint8

const (
	acctWithdraw acctKind = iota + 1
	acctRead
)

// acctOut is what an account operation's answer said.
type acctOut uint8

const (
	// acctUnknown: no answer that says whether the reservation was
	// appended (see definite).
	acctUnknown acctOut = iota
	// acctReserved: the reservation's answer, with the balance and the
	// pending amount after it.
	acctReserved
	// acctLogged: an unknown reservation the log holds (resolved).
	acctLogged
	// acctShort: refused for want of balance; acctRefused: refused for
	// another reason before the engine (auth, rate), changing nothing.
	acctShort
	acctRefused
	// acctBalance: a read's answer.
	acctBalance
)

// acctOp is one operation of a withdrawer.
type acctOp struct {
	Client int
	Kind   acctKind
	// ID is a reservation's command id.
	ID           common.Hash
	Call, Return time.Time
	Out          acctOut
	// Balance and Pending are what the answer said (a read says no
	// pending amount).
	Balance, Pending int64
	// Start is the account's balance before the load: every operation
	// of the account carries it, for the model's first step.
	Start int64
	Err   string
}

func (o acctOp) at() time.Time { return o.Call }

// acctHistory keeps the withdrawers' operations.
type acctHistory struct{ timeline[acctOp] }

// withdrawer is one withdrawer of the load.
type withdrawer struct {
	c     *client.Client
	id    int
	start int64
	hist  *acctHistory
}

// newWithdrawer reads c's balance before the load.
func newWithdrawer(ctx context.Context, c *client.Client, id int, hist *acctHistory) (*withdrawer, error) {
	b, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil {
		return nil, fmt.Errorf("chaos: withdrawer %d's balance: %w", id, err)
	}
	start, err := fixed.ParseUnits(b.Balance)
	if err != nil {
		return nil, err
	}
	return &withdrawer{c: c, id: id, start: int64(start), hist: hist}, nil
}

// run reserves and reads, pause apart, until ctx ends.
func (w *withdrawer) run(ctx context.Context, pause time.Duration) {
	for ctx.Err() == nil {
		w.withdraw(ctx)
		w.read(ctx)
		select {
		case <-ctx.Done():
		case <-time.After(pause):
		}
	}
}

func (w *withdrawer) withdraw(ctx context.Context) {
	var id common.Hash
	_, _ = rand.Read(id[:])
	op := acctOp{Client: w.id, Kind: acctWithdraw, ID: id, Start: w.start, Call: time.Now()}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer cancel()
	resp, err := w.c.Withdraw(wctx, fixed.FormatUnits(uint64(withdrawUnits)), "", id.Hex())
	op.Return, op.Err = time.Now(), errString(err)
	switch {
	case errors.Is(err, errcode.InvalidOrderNotEnoughBal):
		op.Out = acctShort
	case err != nil && definite(err):
		op.Out = acctRefused
	case err != nil:
		op.Out = acctUnknown
	default:
		op.Out = acctReserved
		op.Balance, op.Pending = parseUnits(resp.Balance), parseUnits(resp.Reserved)
	}
	w.hist.add(op)
}

func (w *withdrawer) read(ctx context.Context) {
	op := acctOp{Client: w.id, Kind: acctRead, Start: w.start, Call: time.Now()}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer cancel()
	b, err := w.c.GetBalanceAllowance(rctx, client.BalanceParams{})
	op.Return, op.Err = time.Now(), errString(err)
	if err == nil {
		op.Out, op.Balance = acctBalance, parseUnits(b.Balance)
	}
	w.hist.add(op)
}

// parseUnits reads an answer's decimal amount; -1 (which no state has)
// for one that does not parse, so that the model refuses it.
func parseUnits(s string) int64 {
	u, err := fixed.ParseUnits(s)
	if err != nil {
		return -1
	}
	return int64(u)
}

// acctState is the model's state of one account: its balance and what
// its reservations hold; known false before the first step.
type acctState struct {
	Known            bool
	Balance, Pending int64
}

// accountModel is the engine's rule for a withdrawer's account,
// partitioned by account (the operation's Metadata).
var accountModel = porcupine.NondeterministicModel{
	Partition: partitionByMetadata,
	Init:      func() []any { return []any{acctState{}} },
	Step: func(state, input, output any) []any {
		return acctStep(state.(acctState), input.(acctOp), output.(acctOp))
	},
	DescribeOperation: func(input, output any) string {
		in, out := input.(acctOp), output.(acctOp)
		if in.Kind == acctRead {
			return fmt.Sprintf("read -> %d", out.Balance)
		}
		return fmt.Sprintf("withdraw %s -> %v balance %d pending %d", in.ID.Hex()[:10], out.Out, out.Balance, out.Pending)
	},
	DescribeState: func(state any) string {
		s := state.(acctState)
		return fmt.Sprintf("balance %d pending %d", s.Balance, s.Pending)
	},
}

// acctStep is the engine's rule for one operation on the account.
func acctStep(s acctState, in, out acctOp) []any {
	if !s.Known {
		s = acctState{Known: true, Balance: in.Start}
	}
	after := acctState{Known: true, Balance: s.Balance - withdrawUnits, Pending: s.Pending + withdrawUnits}
	covers := s.Balance >= withdrawUnits
	switch {
	case in.Kind == acctRead && out.Out == acctBalance && out.Balance == s.Balance:
		return []any{s}
	case in.Kind != acctWithdraw:
		return nil
	case out.Out == acctReserved && covers && out.Balance == after.Balance && out.Pending == after.Pending:
		return []any{after}
	case out.Out == acctLogged && covers:
		return []any{after}
	case out.Out == acctLogged, out.Out == acctRefused, out.Out == acctShort && !covers:
		return []any{s}
	}
	return nil
}

// acctOperations are the account history's porcupine operations.
func acctOperations(ops []acctOp, base time.Time) []porcupine.Operation {
	out := make([]porcupine.Operation, 0, len(ops))
	for _, op := range ops {
		out = append(out, porcupine.Operation{ClientId: op.Client, Input: op, Output: op,
			Call: op.Call.Sub(base).Nanoseconds(), Return: op.Return.Sub(base).Nanoseconds(), Metadata: fmt.Sprint("account ", op.Client)})
	}
	return out
}

// resolveAccounts resolves the unknown reservations from the log (a
// reservation in the log was applied, the withdrawer's balance covering
// it) and drops the rest, and the unanswered reads (a read changes
// nothing).
func resolveAccounts(lg logged, ops []acctOp, end time.Time) (out []acctOp, unknown int) {
	for _, op := range ops {
		if op.Out != acctUnknown {
			out = append(out, op)
			continue
		}
		unknown++
		if op.Kind == acctWithdraw && lg.withdrawn[op.ID] {
			op.Out, op.Return = acctLogged, end
			out = append(out, op)
		}
	}
	return out, unknown
}

// tallyAccounts counts the withdrawers' operations by kind and outcome,
// and names the first refusal's error.
func tallyAccounts(ops []acctOp) string {
	var reserved, logged, short, refused, reads int
	first := ""
	for _, op := range ops {
		if op.Out == acctRefused && first == "" {
			first = "; the first refusal: " + op.Err
		}
		switch op.Out {
		case acctReserved:
			reserved++
		case acctLogged:
			logged++
		case acctShort:
			short++
		case acctRefused:
			refused++
		case acctBalance:
			reads++
		}
	}
	return fmt.Sprintf("withdraw reserved %d, withdraw logged %d, withdraw short %d, withdraw refused %d, read %d%s",
		reserved, logged, short, refused, reads, first)
}
