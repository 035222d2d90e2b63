package worker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/onchain"
)

// operatorSelectors are the functions an operator call may call:
// matchOrders and matchOrdersBatch.
var operatorSelectors = func() [][]byte {
	a, err := exchange.CTFExchangeMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return [][]byte{a.Methods["matchOrders"].ID, a.Methods["matchOrdersBatch"].ID}
}()

// processOperator checks an operator call (the settler's matchOrders) and
// pays for it. Unlike a user's Safe transaction it is not held behind
// earlier calls: operator calls go out as fast as they come, in queue
// order, and the chain runs them in that order (their nonce order). A
// call whose simulation reverts while earlier operator calls are still
// unmined may depend on them (a trader sells shares an earlier match
// gives them), so it waits for them and is simulated again; it is
// INVALID only when it reverts on a chain where every earlier one is
// mined. Its gas limit is the caller's hint when one run proves the call
// fits it, else the call's estimate plus the margin: per call, never a
// fixed cap. Every call is run before it is sent, never sent at a bound
// alone: a match whose Safe callbacks need more gas than a size-based
// bound reverts on chain having used a third of it (the 63/64 rule
// starves the callback, not the transaction), which is how the
// reference exchange's ghost fills happened.
func (r *run) processOperator(ctx context.Context, it *item) error {
	w := r.w
	op := it.sub.Operator
	to, data, err := operatorCall(op, w.cfg.OperatorTargets)
	if err != nil {
		return r.invalid(ctx, it, err.Error())
	}
	if hint := min(op.GasHint, w.cfg.GasCapOperator); hint > 0 {
		// One run at the caller's bound (within the cap: a bound for the
		// largest calls may be past what a transaction can carry): if the
		// call succeeds within it, the bound is a gas limit it cannot run
		// out of (on this state), and the estimate's search is saved. Any
		// failure, out of gas included, goes to the estimate, which says
		// why.
		if _, err := w.b.CallContract(ctx, ethereum.CallMsg{From: w.hot, To: &to, Gas: hint, Data: data}, nil); err == nil {
			return r.assign(ctx, it, to, data, hint)
		}
	}
	gas, err := w.chain.Simulate(ctx, w.hot, to, data)
	var rev *onchain.Reverted
	switch {
	case errors.As(err, &rev):
		if r.operatorPending() {
			r.retryLater(it, err)
			return nil
		}
		return r.invalid(ctx, it, rev.Error())
	case err != nil:
		r.retryLater(it, err)
		return nil
	}
	if gas > w.cfg.GasCapOperator {
		return r.invalid(ctx, it, fmt.Sprintf("the call needs %d gas, over the relayer's cap of %d", gas, w.cfg.GasCapOperator))
	}
	// The limit is the batch's own estimate plus the margin: never a fixed
	// cap that a Safe's token callback could run out of.
	return r.assign(ctx, it, to, data, gas*(100+w.cfg.GasMarginPercent)/100)
}

// operatorCall checks an operator call's target and function.
func operatorCall(op *relayerapi.OperatorCall, targets []common.Address) (common.Address, []byte, error) {
	if !common.IsHexAddress(op.To) {
		return common.Address{}, nil, fmt.Errorf("operator call: to %q is not an address", op.To)
	}
	to := common.HexToAddress(op.To)
	if !slices.Contains(targets, to) {
		return common.Address{}, nil, fmt.Errorf("operator call: %s is not an exchange", to.Hex())
	}
	data, err := hexutil.Decode(op.Data)
	if err != nil {
		return common.Address{}, nil, fmt.Errorf("operator call: data: %w", err)
	}
	if len(data) < 4 || !slices.ContainsFunc(operatorSelectors, func(sel []byte) bool { return bytes.Equal(data[:4], sel) }) {
		return common.Address{}, nil, errors.New("operator call: only matchOrders and matchOrdersBatch are allowed")
	}
	return to, data, nil
}

// operatorPending reports whether an operator call is broadcast and not
// yet mined.
func (r *run) operatorPending() bool {
	for _, f := range r.flights {
		if f.n.Kind == relayerapi.TypeOperator && f.state.Rank() < relayerapi.StateMined.Rank() {
			return true
		}
	}
	return false
}
