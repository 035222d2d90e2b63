package markets

import (
	"context"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
)

// PrepareMarket prepares a market's condition with the operator key as
// the oracle and registers its tokens on the standard or negRisk
// exchange, skipping what the chain has already: a market whose creation
// is retried, or that a settler which died half way prepared but did not
// register. Gamma's operator calls it for every market it creates.
func (m *Markets) PrepareMarket(ctx context.Context, questionID common.Hash, negRisk bool) (ctfid.Market, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.sender
	if s == nil {
		return ctfid.Market{}, errNotServing
	}
	mk := ctfid.BinaryMarket(m.cfg.Deployment.Contracts.Collateral, s.From, questionID)
	call := &bind.CallOpts{Context: ctx}
	slots, err := m.ctf.GetOutcomeSlotCount(call, mk.ConditionID)
	if err != nil {
		return mk, fmt.Errorf("getOutcomeSlotCount: %w", err)
	}
	ex := m.exchange(negRisk)
	reg, err := ex.Registry(call, mk.Yes)
	if err != nil {
		return mk, fmt.Errorf("registry: %w", err)
	}
	prepared, registered := slots.Sign() > 0, reg.ConditionId != [32]byte{}
	switch {
	case prepared && registered:
		return mk, nil
	case !prepared && !registered:
		return deploy.PrepareMarket(ctx, s, m.cfg.Deployment, s.From, questionID, negRisk)
	}
	var txs []*types.Transaction
	if !prepared {
		tx, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return m.ctf.PrepareCondition(o, s.From, questionID, big.NewInt(ctfid.BinaryOutcomeSlots))
		})
		if err != nil {
			return mk, fmt.Errorf("prepareCondition: %w", err)
		}
		txs = append(txs, tx)
	}
	if !registered {
		tx, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return ex.RegisterToken(o, mk.Yes, mk.No, mk.ConditionID)
		})
		if err != nil {
			return mk, fmt.Errorf("registerToken: %w", err)
		}
		txs = append(txs, tx)
	}
	_, err = m.cfg.Chain.Wait(ctx, txs...)
	return mk, err
}
