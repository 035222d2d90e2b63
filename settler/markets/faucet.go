package markets

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"

	"pred.dev/settler/chainwatch"
)

// ErrFaucetOff answers Fund on a service run without the faucet.
var ErrFaucetOff = errors.New("markets: the faucet is off: only a devnet's settler funds addresses")

// maxUint256 is an unlimited ERC-20 allowance.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// approveFaucet lets USDW pull the faucet's stablecoin, once per chain.
// The caller holds m.mu.
func (m *Markets) approveFaucet(ctx context.Context) error {
	s, collateral := m.sender, m.cfg.Deployment.Contracts.Collateral
	have, err := m.stablecoin.Allowance(&bind.CallOpts{Context: ctx}, s.From, collateral)
	if err != nil {
		return fmt.Errorf("faucet allowance: %w", err)
	}
	if have.Cmp(new(big.Int).Rsh(maxUint256, 1)) >= 0 {
		return nil
	}
	if _, err := s.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return m.stablecoin.Approve(o, collateral, maxUint256)
	}); err != nil {
		return fmt.Errorf("approving USDW to wrap the faucet's stablecoin: %w", err)
	}
	return nil
}

// fundGas bounds the faucet's transactions, which are sent back to back
// and so cannot be estimated against a state that has the earlier ones.
const fundGas = 1_000_000

// eoaGas is the coin the faucet keeps an address without code (an EOA
// maker) topped up to: an EOA sends, and pays for, its own approval
// transactions (pred wallet approve --eoa), about 50,000 gas each.
var eoaGas = big.NewInt(params.Ether / 100)

// Fund is the faucet on chain: it mints amount base units of the
// stablecoin to the operator key and wraps them into USDW held by to, in
// two transactions, and returns once both are mined. An address without
// code also gets coin for gas.
func (m *Markets) Fund(ctx context.Context, to common.Address, amount uint64) error {
	_, err := m.FundID(ctx, to, amount)
	return err
}

// usdwTransferTopic is the topic of an ERC-20 Transfer.
var usdwTransferTopic = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))

// FundID funds like Fund and returns the chain event id of the USDW
// transfer into to: the id the chain watcher gives that transfer's
// deposit, so that a faucet credit under it and the watcher's deposit are
// applied once.
func (m *Markets) FundID(ctx context.Context, to common.Address, amount uint64) ([]byte, error) {
	if !m.cfg.Faucet {
		return nil, ErrFaucetOff
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.sender == nil {
		return nil, errNotServing
	}
	r, err := m.fund(ctx, to, amount)
	if err != nil {
		return nil, err
	}
	collateral := m.cfg.Deployment.Contracts.Collateral
	for _, l := range r.Logs {
		if l.Address == collateral && len(l.Topics) == 3 && l.Topics[0] == usdwTransferTopic &&
			common.BytesToAddress(l.Topics[2].Bytes()) == to {
			return chainwatch.DepositID(l.TxHash, l.Index), nil
		}
	}
	return nil, fmt.Errorf("faucet: the wrap %s has no USDW transfer to %s", r.TxHash.Hex(), to.Hex())
}

// fund mints and wraps, returning the wrap's receipt. The caller holds
// m.mu.
func (m *Markets) fund(ctx context.Context, to common.Address, amount uint64) (*types.Receipt, error) {
	if err := m.gasForEOA(ctx, to); err != nil {
		return nil, err
	}
	s, a := m.sender, new(big.Int).SetUint64(amount)
	mint, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		o.GasLimit = fundGas
		return m.stablecoin.Mint(o, s.From, a)
	})
	if err != nil {
		return nil, fmt.Errorf("faucet: mint: %w", err)
	}
	wrap, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		o.GasLimit = fundGas
		return m.usdw.WrapTo(o, to, a)
	})
	if err != nil {
		return nil, fmt.Errorf("faucet: wrapTo: %w", err)
	}
	rs, err := m.cfg.Chain.Wait(ctx, mint, wrap)
	if err != nil {
		return nil, fmt.Errorf("faucet: %w", err)
	}
	return rs[1], nil
}

// gasForEOA tops an address without code up to eoaGas. A proxy wallet
// not deployed yet has no code either; the coin it gets is harmless.
func (m *Markets) gasForEOA(ctx context.Context, to common.Address) error {
	b := m.cfg.Chain.Backend
	code, err := b.CodeAt(ctx, to, nil)
	if err != nil || len(code) > 0 {
		return err
	}
	have, err := b.BalanceAt(ctx, to, nil)
	if err != nil || have.Cmp(eoaGas) >= 0 {
		return err
	}
	tx, err := m.sender.Transfer(ctx, to, new(big.Int).Sub(eoaGas, have))
	if err != nil {
		return fmt.Errorf("faucet: coin for %s's gas: %w", to.Hex(), err)
	}
	_, err = m.cfg.Chain.Wait(ctx, tx)
	return err
}
