package chaos

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// acctAt builds a withdrawer's operation between call and ret
// (milliseconds after t0), on an account that started with 10 USDW.
func acctAt(k acctKind, id byte, call, ret int, out acctOut, balance, pending int64) acctOp {
	t0 := time.Unix(0, 0)
	return acctOp{Client: 7, Kind: k, ID: common.Hash{id}, Out: out, Balance: balance, Pending: pending, Start: 10 * withdrawUnits,
		Call: t0.Add(time.Duration(call) * time.Millisecond), Return: t0.Add(time.Duration(ret) * time.Millisecond)}
}

const u = withdrawUnits

func TestAccountHistories(t *testing.T) {
	legal := map[string][]acctOp{
		"reserve then read": {
			acctAt(acctWithdraw, 1, 0, 10, acctReserved, 9*u, u),
			acctAt(acctRead, 0, 20, 30, acctBalance, 9*u, 0),
		},
		// A read overlapping a reservation may see it or not.
		"read overlapping a reservation": {
			acctAt(acctWithdraw, 1, 0, 50, acctReserved, 9*u, u),
			acctAt(acctRead, 0, 10, 20, acctBalance, 10*u, 0),
			acctAt(acctRead, 0, 30, 40, acctBalance, 9*u, 0),
		},
		// An unanswered reservation the log holds counts at the end of
		// the history, so a later read may see it or not yet.
		"logged reservation": {
			acctAt(acctWithdraw, 1, 0, 1000, acctLogged, 0, 0),
			acctAt(acctRead, 0, 10, 20, acctBalance, 10*u, 0),
			acctAt(acctWithdraw, 2, 30, 40, acctReserved, 8*u, 2*u),
			acctAt(acctRead, 0, 50, 60, acctBalance, 8*u, 0),
		},
		"refused changes nothing": {
			acctAt(acctWithdraw, 1, 0, 10, acctRefused, 0, 0),
			acctAt(acctRead, 0, 20, 30, acctBalance, 10*u, 0),
		},
	}
	for name, ops := range legal {
		t.Run(name, func(t *testing.T) {
			if n, err := checkLinearizable(nil, ops, filepath.Join(t.TempDir(), linzHTML)); n != 0 || err != nil {
				t.Fatalf("a legal history: %d violations, %v", n, err)
			}
		})
	}
	illegal := map[string][]acctOp{
		// A stale read: the reservation was answered before the read
		// was sent.
		"read misses an acknowledged reservation": {
			acctAt(acctWithdraw, 1, 0, 10, acctReserved, 9*u, u),
			acctAt(acctRead, 0, 20, 30, acctBalance, 10*u, 0),
		},
		"reservation applied twice": {
			acctAt(acctWithdraw, 1, 0, 10, acctReserved, 9*u, u),
			acctAt(acctRead, 0, 20, 30, acctBalance, 8*u, 0),
		},
		"reservation answer off by its amount": {
			acctAt(acctWithdraw, 1, 0, 10, acctReserved, 10*u, u),
		},
		"short though the balance covers it": {
			acctAt(acctWithdraw, 1, 0, 10, acctShort, 0, 0),
		},
	}
	for name, ops := range illegal {
		t.Run(name, func(t *testing.T) {
			if n, err := checkLinearizable(nil, ops, filepath.Join(t.TempDir(), linzHTML)); n != 1 || err == nil {
				t.Fatalf("an illegal history passed: %d violations, %v", n, err)
			}
		})
	}
}
