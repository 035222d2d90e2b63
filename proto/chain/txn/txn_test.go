package txn

import (
	"context"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/params"
)

// staleHead is a chain whose head reports an old block for its first
// calls after arm, as a go-ethereum node does in the moment between
// indexing a block's transactions and moving its head there.
type staleHead struct {
	Backend
	stale     atomic.Uint64 // the block reported while calls remain
	remaining atomic.Int64
	calls     atomic.Int64
}

func (s *staleHead) arm(block uint64, calls int64) {
	s.stale.Store(block)
	s.remaining.Store(calls)
}

func (s *staleHead) BlockNumber(ctx context.Context) (uint64, error) {
	s.calls.Add(1)
	if s.remaining.Add(-1) >= 0 {
		return s.stale.Load(), nil
	}
	return s.Backend.BlockNumber(ctx)
}

// TestWaitReturnsOnceTheHeadHasTheReceipts: Wait does not return while
// the head is behind a receipt's block, so that the caller's next read at
// "latest" sees the transaction.
func TestWaitReturnsOnceTheHeadHasTheReceipts(t *testing.T) {
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	from := crypto.PubkeyToAddress(key.PublicKey)
	sim := simulated.NewBackend(types.GenesisAlloc{from: {Balance: big.NewInt(params.Ether)}})
	defer sim.Close()
	head := &staleHead{Backend: sim.Client()}
	c := &Chain{Backend: head, Mine: func() { sim.Commit() }}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := NewSender(ctx, c, key)
	if err != nil {
		t.Fatal(err)
	}
	before, err := sim.Client().BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const staleCalls = 3
	head.arm(before, staleCalls)
	tx, err := s.Transfer(ctx, common.Address{1}, big.NewInt(1))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := c.Wait(ctx, tx)
	if err != nil {
		t.Fatal(err)
	}
	if got := head.calls.Load(); got <= staleCalls {
		t.Fatalf("Wait asked the head %d times and returned, while it reported block %d for %d calls and the receipt is in block %d",
			got, before, staleCalls, rs[0].BlockNumber)
	}
}
