package markets

import (
	"context"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/ctfid"
)

// ReportPayouts is the oracle's report of a resolved market: the operator
// key (every market's oracle) calls the conditional tokens'
// reportPayouts(questionID, payouts), unless the condition has its payouts
// already (a retried resolution). Gamma's operator calls it before the
// engine pays the market out.
func (m *Markets) ReportPayouts(ctx context.Context, questionID common.Hash, _ bool, payouts []int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.sender
	if s == nil {
		return errNotServing
	}
	cond := ctfid.BinaryConditionID(s.From, questionID)
	den, err := m.ctf.PayoutDenominator(&bind.CallOpts{Context: ctx}, cond)
	if err != nil {
		return fmt.Errorf("payoutDenominator: %w", err)
	}
	if den.Sign() > 0 {
		return nil
	}
	p := make([]*big.Int, len(payouts))
	for i, v := range payouts {
		p[i] = big.NewInt(int64(v))
	}
	if _, err := s.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return m.ctf.ReportPayouts(o, questionID, p)
	}); err != nil {
		return fmt.Errorf("reportPayouts: %w", err)
	}
	return nil
}
