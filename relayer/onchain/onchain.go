// Package onchain is what the relayer reads from and sends to the chain:
// whether a proxy wallet is deployed, its Safe nonce, the calldata of a
// relayed submission (the factory's createProxy or the wallet's
// execTransaction), and its simulation, which is the gas estimate of that
// calldata from the hot key with the revert decoded when it fails.
package onchain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/chainerr"
	"pred.dev/proto/chain/txn"
	"pred.dev/relayer/request"
)

// Backend is the chain client: *ethclient.Client or a simulated backend's.
type Backend = txn.Backend

var (
	safeABI    = mustABI(safe.SafeMetaData.ABI)
	factoryABI = mustABI(safefactory.SafeFactoryMetaData.ABI)
	// ExecutionFailure is the Safe's event for an inner call that failed
	// without reverting the transaction (only with safeTxGas or gasPrice
	// set, which the relayer refuses; checked all the same).
	ExecutionFailure = safeABI.Events["ExecutionFailure"].ID
)

func mustABI(s string) abi.ABI {
	a, err := abi.JSON(strings.NewReader(s))
	if err != nil {
		panic(err)
	}
	return a
}

// Chain reads the chain for the relayer.
type Chain struct {
	B Backend
}

// Deployed reports whether code exists at wallet.
func (c Chain) Deployed(ctx context.Context, wallet common.Address) (bool, error) {
	code, err := c.B.CodeAt(ctx, wallet, nil)
	if err != nil {
		return false, fmt.Errorf("onchain: code at %s: %w", wallet.Hex(), err)
	}
	return len(code) > 0, nil
}

// nonceCall is Safe.nonce()'s calldata.
var nonceCall = safeABI.Methods["nonce"].ID

// SafeNonce returns the Safe nonce of wallet and whether it is deployed
// (0 and false without code), in one call: nonce() of an address without
// code returns nothing, a Safe's returns one word.
func (c Chain) SafeNonce(ctx context.Context, wallet common.Address) (*big.Int, bool, error) {
	out, err := c.B.CallContract(ctx, ethereum.CallMsg{To: &wallet, Data: nonceCall}, nil)
	if err != nil {
		return nil, false, fmt.Errorf("onchain: nonce of %s: %w", wallet.Hex(), err)
	}
	switch len(out) {
	case 0:
		return new(big.Int), false, nil
	case 32:
		return new(big.Int).SetBytes(out), true, nil
	}
	return nil, false, fmt.Errorf("onchain: nonce of %s: %d bytes returned", wallet.Hex(), len(out))
}

// Calldata is the chain call that carries a submission: the factory's
// createProxy(owner, 0, 0, 0, signature) for a deployment, the wallet's
// execTransaction(to, 0, data, operation, 0, 0, 0, 0, 0, signature) for a
// Safe transaction.
func Calldata(r *request.Request) (common.Address, []byte) {
	z := new(big.Int)
	if r.Kind == request.SafeCreate {
		data, err := factoryABI.Pack("createProxy", r.From, common.Address{}, z, common.Address{}, r.Signature)
		if err != nil {
			panic(err) // fixed types
		}
		return r.To, data
	}
	data, err := safeABI.Pack("execTransaction", r.To, z, r.Data, uint8(r.Operation), z, z, z, common.Address{}, common.Address{}, r.Signature)
	if err != nil {
		panic(err)
	}
	return r.Wallet, data
}

// Reverted is a simulation that reverted: the submission would fail.
type Reverted struct {
	Reason string
}

func (e *Reverted) Error() string { return "simulation reverted: " + e.Reason }

// Simulate estimates the gas of calling to with data from from at the
// latest block. A revert is a *Reverted with the decoded reason (the
// Safe's GS0xx codes are explained); any other error is the node's.
func (c Chain) Simulate(ctx context.Context, from, to common.Address, data []byte) (uint64, error) {
	gas, err := c.B.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &to, Data: data})
	if err == nil {
		return gas, nil
	}
	if rev, ok := chainerr.FromError(err); ok && rev.Name != "" {
		return 0, &Reverted{Reason: explain(rev)}
	}
	if isRevert(err) {
		return 0, &Reverted{Reason: err.Error()}
	}
	return 0, fmt.Errorf("onchain: estimate gas: %w", err)
}

// isRevert recognizes a node's revert without data (MultiSendCallOnly
// reverts with none).
func isRevert(err error) bool {
	s := err.Error()
	return strings.Contains(s, "execution reverted") || strings.Contains(s, "revert")
}

// safeCodes explain the Safe 1.4.1 revert codes a relayed transaction can
// hit.
var safeCodes = map[string]string{
	"GS013": "the Safe's call failed (a transfer beyond the balance, an approval the token refuses, ...)",
	"GS020": "the signature is too short",
	"GS025": "the Safe's owner did not approve this hash",
	"GS026": "the signature is not an owner's for this Safe transaction (a wrong nonce or call is signed)",
	"GS010": "not enough gas for the Safe transaction",
	"GS011": "the Safe could not pay the gas refund",
}

func explain(rev *chainerr.Revert) string {
	if r := rev.Reason(); r != "" {
		if e, ok := safeCodes[r]; ok {
			return r + ": " + e
		}
		return r
	}
	return rev.String()
}

// Why replays a transaction that reverted on chain as a call from from on
// the state before its block and returns the decoded reason ("" when the
// replay does not revert: the transaction depended on another in its own
// block, or ran out of gas). It is for logs and the record's reason; a
// node without the parent state answers with an error, also "".
func (c Chain) Why(ctx context.Context, raw []byte, from common.Address, block uint64) string {
	var tx types.Transaction
	if err := tx.UnmarshalBinary(raw); err != nil || block == 0 {
		return ""
	}
	msg := ethereum.CallMsg{From: from, To: tx.To(), Gas: tx.Gas(), Value: tx.Value(), Data: tx.Data()}
	_, err := c.B.CallContract(ctx, msg, new(big.Int).SetUint64(block-1))
	if err == nil {
		return ""
	}
	if rev, ok := chainerr.FromError(err); ok && len(rev.Data) > 0 {
		return explain(rev)
	}
	if isRevert(err) {
		return err.Error() + " (no revert data)"
	}
	return ""
}

// Receipt returns the receipt of hash, or nil if it has none yet.
func (c Chain) Receipt(ctx context.Context, hash common.Hash) (*types.Receipt, error) {
	r, err := c.B.TransactionReceipt(ctx, hash)
	if errors.Is(err, ethereum.NotFound) || err != nil && strings.Contains(err.Error(), "transaction indexing is in progress") {
		return nil, nil
	}
	return r, err
}

// Failed reports whether a successful receipt of a Safe transaction still
// holds the Safe's ExecutionFailure.
func Failed(r *types.Receipt, wallet common.Address) bool {
	for _, l := range r.Logs {
		if l.Address == wallet && len(l.Topics) > 0 && l.Topics[0] == ExecutionFailure {
			return true
		}
	}
	return false
}
