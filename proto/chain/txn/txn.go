// Package txn sends transactions from one key and waits for them to be
// mined, on any EVM backend: go-ethereum's simulated backend (which mines
// only when told to, through a Mine function) or a JSON-RPC node.
package txn

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
)

// Backend is what sending, deploying and waiting need of a chain client;
// *ethclient.Client and the simulated backend's client both satisfy it.
type Backend interface {
	bind.ContractBackend
	bind.DeployBackend
	ChainID(ctx context.Context) (*big.Int, error)
	BlockNumber(ctx context.Context) (uint64, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
}

// Chain is a backend and, for a backend that does not mine by itself, the
// function that mines the pending transactions.
type Chain struct {
	Backend Backend
	// Mine, if not nil, is called before waiting for receipts: the
	// simulated backend's Commit. A real node mines by itself.
	Mine func()
	// Poll is the interval between receipt polls; 25 ms if zero.
	Poll time.Duration
}

// ErrReverted is wrapped by the error of a mined transaction that failed.
var ErrReverted = errors.New("transaction reverted")

// Wait mines (if the chain needs it) and waits until every transaction has
// a receipt. It fails if any of them reverted, naming it by what[i] when
// given.
func (c *Chain) Wait(ctx context.Context, txs ...*types.Transaction) ([]*types.Receipt, error) {
	if c.Mine != nil {
		c.Mine()
	}
	poll := c.Poll
	if poll == 0 {
		poll = 25 * time.Millisecond
		if c.Mine != nil {
			poll = 2 * time.Millisecond
		}
	}
	receipts := make([]*types.Receipt, len(txs))
	var last uint64 // the highest block of the receipts
	for i, tx := range txs {
		for {
			r, err := c.Backend.TransactionReceipt(ctx, tx.Hash())
			if err == nil {
				receipts[i] = r
				break
			}
			if !errors.Is(err, ethereum.NotFound) && !indexing(err) {
				return nil, fmt.Errorf("receipt of %s: %w", tx.Hash().Hex(), err)
			}
			select {
			case <-ctx.Done():
				return nil, fmt.Errorf("waiting for %s: %w", tx.Hash().Hex(), ctx.Err())
			case <-time.After(poll):
			}
			// The simulated backend's pool promotes new transactions
			// asynchronously, so a block mined right after sending can miss
			// some: mine again until they are in.
			if c.Mine != nil {
				c.Mine()
			}
		}
		if receipts[i].Status != types.ReceiptStatusSuccessful {
			return receipts, fmt.Errorf("%w: %s (gas used %d)", ErrReverted, tx.Hash().Hex(), receipts[i].GasUsed)
		}
		last = max(last, receipts[i].BlockNumber.Uint64())
	}
	// The pool resets to a new head on a background goroutine, so right
	// after a receipt it may still check new transactions against the
	// state before the block (a funded account reads as empty). Sealing
	// one more block waits for that reset (the sealer syncs the pool
	// first), so the caller's next transaction sees what it waited for.
	if c.Mine != nil && len(txs) > 0 {
		c.Mine()
	}
	if len(txs) > 0 {
		if err := c.waitHead(ctx, last, poll); err != nil {
			return receipts, err
		}
	}
	return receipts, nil
}

// waitHead waits until the chain's head is at least block. A node finds
// a receipt through its transaction index, which go-ethereum writes just
// before it moves the head to the block (writeHeadBlock), so for a moment
// "latest" is still the block before. A read then misses what the receipt
// says happened: a Safe's nonce read stale, and the next Safe transaction,
// signed with it, reverts GS026 (seen on the devnet with 16 wallets set up
// at once on a loaded machine). Past this wait, every read at "latest"
// sees the transactions waited for.
func (c *Chain) waitHead(ctx context.Context, block uint64, poll time.Duration) error {
	for {
		head, err := c.Backend.BlockNumber(ctx)
		if err != nil {
			return fmt.Errorf("chain head: %w", err)
		}
		if head >= block {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for the chain's head to reach block %d (at %d): %w", block, head, ctx.Err())
		case <-time.After(poll):
		}
	}
}

// indexing reports the error of a node that has the block but has not yet
// indexed its transactions: the receipt comes a moment later.
func indexing(err error) bool {
	return strings.Contains(err.Error(), "transaction indexing is in progress")
}

// Sender sends transactions signed by one key, numbering them itself so
// that several can be in flight before a block is mined. It is safe for
// concurrent use.
type Sender struct {
	Chain   *Chain
	Key     *ecdsa.PrivateKey
	From    common.Address
	ChainID *big.Int

	mu    sync.Mutex
	nonce uint64
}

// NewSender returns a sender for key, starting at the account's pending nonce.
func NewSender(ctx context.Context, c *Chain, key *ecdsa.PrivateKey) (*Sender, error) {
	id, err := c.Backend.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("chain id: %w", err)
	}
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := c.Backend.PendingNonceAt(ctx, from)
	if err != nil {
		return nil, fmt.Errorf("nonce of %s: %w", from.Hex(), err)
	}
	return &Sender{Chain: c, Key: key, From: from, ChainID: id, nonce: nonce}, nil
}

// Nonce returns the nonce the next transaction will carry.
func (s *Sender) Nonce() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonce
}

// Send calls f with options that sign with the sender's key and carry its
// next nonce; the nonce is spent only if f returns a transaction. An error
// of f is usually the node refusing to estimate the gas of a call that
// would revert; it carries the revert data (see package chainerr).
func (s *Sender) Send(ctx context.Context, f func(*bind.TransactOpts) (*types.Transaction, error)) (*types.Transaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	opts, err := bind.NewKeyedTransactorWithChainID(s.Key, s.ChainID)
	if err != nil {
		return nil, err
	}
	opts.Context = ctx
	opts.Nonce = new(big.Int).SetUint64(s.nonce)
	tx, err := f(opts)
	if err != nil {
		return nil, err
	}
	s.nonce++
	return tx, nil
}

// Do sends one transaction and waits for it to be mined.
func (s *Sender) Do(ctx context.Context, f func(*bind.TransactOpts) (*types.Transaction, error)) (*types.Receipt, error) {
	tx, err := s.Send(ctx, f)
	if err != nil {
		return nil, err
	}
	rs, err := s.Chain.Wait(ctx, tx)
	if err != nil {
		return nil, err
	}
	return rs[0], nil
}

// Transfer sends value wei of the native coin to to.
func (s *Sender) Transfer(ctx context.Context, to common.Address, value *big.Int) (*types.Transaction, error) {
	return s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		tip, err := s.Chain.Backend.SuggestGasTipCap(ctx)
		if err != nil {
			return nil, err
		}
		head, err := s.Chain.Backend.HeaderByNumber(ctx, nil)
		if err != nil {
			return nil, err
		}
		feeCap := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
		tx := types.NewTx(&types.DynamicFeeTx{
			ChainID: s.ChainID, Nonce: o.Nonce.Uint64(), GasTipCap: tip, GasFeeCap: feeCap,
			Gas: 21_000, To: &to, Value: value,
		})
		signed, err := o.Signer(s.From, tx)
		if err != nil {
			return nil, err
		}
		return signed, s.Chain.Backend.SendTransaction(ctx, signed)
	})
}
