package cluster

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"

	"pred.dev/proto/chain/chainerr"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
)

// What the first start gives each key from geth's dev account: gas for
// the deployment, the markets' preparations and the faucet (the
// operator), hundreds of thousands of relayed transactions (the hot key)
// and redemptions.
var (
	operatorFunds = new(big.Int).Mul(big.NewInt(1_000), big.NewInt(params.Ether))
	hotKeyFunds   = new(big.Int).Mul(big.NewInt(1_000), big.NewInt(params.Ether))
	redeemFunds   = new(big.Int).Mul(big.NewInt(100), big.NewInt(params.Ether))
)

// ErrDeployment is wrapped by every refusal of a chain and a deployment
// record that do not belong together.
var ErrDeployment = errors.New("cluster: the chain does not hold the deployment record")

// provision returns the deployment on the chain: at the first start it
// funds the keys from geth's dev account, deploys every contract with
// the operator key (the relayer's hot key an operator of both exchanges)
// and saves the record; later it loads the record and verifies it
// against the chain.
func provision(ctx context.Context, c *Chain, s *Secrets) (*deploy.Deployment, error) {
	rc, err := rpc.DialContext(ctx, c.RPCURL())
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	client := ethclient.NewClient(rc)
	chain := &txn.Chain{Backend: client}
	var d *deploy.Deployment
	if _, err := os.Stat(c.RecordPath()); err == nil {
		if d, err = deploy.Load(c.RecordPath()); err != nil {
			return nil, fmt.Errorf("%w: %v; move %s away to deploy afresh", ErrDeployment, err, c.Dir)
		}
		if err := d.Verify(ctx, client); err != nil {
			return nil, fmt.Errorf("%w: %v. The record %s belongs to another chain: move the data dir %s away (or delete it, make cluster-down WIPE=1) to start afresh",
				ErrDeployment, err, c.RecordPath(), c.Dir)
		}
	} else if d, err = firstDeploy(ctx, rc, chain, c, s); err != nil {
		return nil, err
	}
	op, err := txn.NewSender(ctx, chain, s.Operator)
	if err != nil {
		return nil, err
	}
	// Idempotent: a hot key replaced after the deployment is granted here.
	if err := deploy.GrantOperator(ctx, op, d, Address(s.RelayerHot)); err != nil {
		return nil, fmt.Errorf("cluster: the relayer's hot key as the exchanges' operator: %s", chainerr.Describe(err))
	}
	return d, nil
}

func firstDeploy(ctx context.Context, rc *rpc.Client, chain *txn.Chain, c *Chain, s *Secrets) (*deploy.Deployment, error) {
	op := Address(s.Operator)
	if nonce, err := chain.Backend.NonceAt(ctx, op, nil); err != nil {
		return nil, err
	} else if nonce > 0 {
		return nil, fmt.Errorf("%w: the operator %s has sent %d transactions but there is no record %s (a first start that died): move the data dir %s away to start afresh",
			ErrDeployment, op.Hex(), nonce, c.RecordPath(), c.Dir)
	}
	if err := fundFromDev(ctx, rc, chain, map[common.Address]*big.Int{
		op: operatorFunds, Address(s.RelayerHot): hotKeyFunds, Address(s.Redeem): redeemFunds,
	}); err != nil {
		return nil, err
	}
	hot := Address(s.RelayerHot)
	d, err := deploy.Deploy(ctx, chain, deploy.Options{Deployer: s.Operator, Operators: []common.Address{op, hot},
		Minter: op, FeeReceiver: op, RPCURL: c.RPCURL()})
	if err != nil {
		return nil, fmt.Errorf("cluster: deploying the contracts: %s", chainerr.Describe(err))
	}
	if err := d.Save(c.RecordPath()); err != nil {
		return nil, err
	}
	return d, nil
}

// fundFromDev sends each address its amount from geth's dev account,
// which geth unlocks, and waits for the transfers.
func fundFromDev(ctx context.Context, rc *rpc.Client, chain *txn.Chain, amounts map[common.Address]*big.Int) error {
	var accounts []common.Address
	if err := rc.CallContext(ctx, &accounts, "eth_accounts"); err != nil || len(accounts) == 0 {
		return fmt.Errorf("cluster: geth's dev account (eth_accounts): %v %v", accounts, err)
	}
	var hashes []common.Hash
	for to, v := range amounts {
		var h common.Hash
		if err := rc.CallContext(ctx, &h, "eth_sendTransaction", map[string]any{
			"from": accounts[0], "to": to, "value": (*hexutil.Big)(v),
		}); err != nil {
			return fmt.Errorf("cluster: funding %s from the dev account: %w", to.Hex(), err)
		}
		hashes = append(hashes, h)
	}
	mined, err := waitReceipts(ctx, chain, hashes)
	if err != nil {
		return err
	}
	return waitBlockAfter(ctx, chain, mined)
}

// waitBlockAfter waits for a block after block n. geth answers a
// transaction's receipt before its transaction pool has moved to the block
// that mined it, so a transaction sent at once by a key that block funded
// can be refused for "insufficient funds, balance 0". The next block is
// built from the pool, so by then the pool has caught up.
func waitBlockAfter(ctx context.Context, chain *txn.Chain, n uint64) error {
	ctx, cancel := context.WithTimeout(ctx, chainReadyMax)
	defer cancel()
	for {
		head, err := chain.Backend.BlockNumber(ctx)
		if err == nil && head > n {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: no block after %d: %v", n, err)
		case <-time.After(chainPoll):
		}
	}
}

// waitReceipts waits until every transaction is mined, and fails if one
// reverted. It returns the last block that mined one.
func waitReceipts(ctx context.Context, chain *txn.Chain, hashes []common.Hash) (uint64, error) {
	ctx, cancel := context.WithTimeout(ctx, chainReadyMax)
	defer cancel()
	var last uint64
	for _, h := range hashes {
		for {
			r, err := chain.Backend.TransactionReceipt(ctx, h)
			if err == nil {
				if r.Status != types.ReceiptStatusSuccessful {
					return 0, fmt.Errorf("cluster: transaction %s reverted", h.Hex())
				}
				last = max(last, r.BlockNumber.Uint64())
				break
			}
			select {
			case <-ctx.Done():
				return 0, fmt.Errorf("cluster: transaction %s not mined: %v", h.Hex(), err)
			case <-time.After(chainPoll):
			}
		}
	}
	return last, nil
}
