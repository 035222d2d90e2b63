package predcli

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/usdw"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/relayer"
)

// The exchange refuses an order whose maker has not let the market's
// exchange move what it gives (INVALID_ORDER_COLLATERAL_NOT_APPROVED,
// INVALID_ORDER_SHARES_NOT_APPROVED), and it learns approvals from the
// chain watcher, a few blocks after they are mined. So `pred wallet
// approve` does not stop at the chain: it waits until the CLOB's
// /balance-allowance shows both exchanges' approvals in
// exchange_approvals, and only then says the wallet can trade.

// approvalPoll is how often pred asks whether the exchange has seen the
// approvals.
const approvalPoll = 250 * time.Millisecond

// walletApprove lets both exchanges move the wallet's USDW and conditional
// tokens, then (unless --no-wait) waits until the exchange has seen it. A
// proxy wallet does it through the Relayer API, which pays: on a wallet
// not yet deployed, the deployment and the approvals together (Onboard);
// on a deployed one, one Safe transaction of the four approvals. With
// --eoa, the key's own address sends its four approval transactions and
// pays their gas itself (a devnet's faucet gives it some).
func walletApprove(ctx context.Context, inv *invocation) error {
	if inv.g.eoa {
		return eoaApprove(ctx, inv)
	}
	err := inv.withRelayer(ctx, func(c *relayer.Client) error {
		res := TxResult{Owner: c.Address().Hex(), ProxyWallet: c.Wallet().Hex()}
		subs, err := c.Onboard(ctx)
		if err != nil {
			return err
		}
		ids := make([]string, len(subs))
		for i, s := range subs {
			ids[i] = s.TransactionID
		}
		return inv.follow(ctx, c, res, ids)
	})
	if err != nil || inv.opts.noWait {
		return err
	}
	return inv.waitApprovalsSeen(ctx)
}

// EOAApproval is the JSON of `pred wallet approve --eoa`.
type EOAApproval struct {
	Owner        string   `json:"owner"`
	Transactions []string `json:"transactions"`
}

// eoaApprove sends the key's approvals of both exchanges from its own
// address: USDW approve(max) and setApprovalForAll on the conditional
// tokens, for the exchange and the negRisk exchange.
func eoaApprove(ctx context.Context, inv *invocation) error {
	oc, err := inv.onChain(ctx)
	if err != nil {
		return err
	}
	defer oc.ec.Close()
	key, pi, ec := oc.key, oc.pi, oc.ec
	owner := crypto.PubkeyToAddress(key.PublicKey)
	if coin, err := ec.BalanceAt(ctx, owner, nil); err != nil {
		return fmt.Errorf("the chain at %s: %w", pi.Chain[0].RPCURL, err)
	} else if coin.Sign() == 0 {
		return fmt.Errorf("%s has none of the chain's coin to pay for its approval transactions: an EOA pays its own gas "+
			"(on a devnet, pred faucet gives it some; or trade from your proxy wallet, without --eoa, whose gas the relayer pays)", owner.Hex())
	}
	opts, err := bind.NewKeyedTransactorWithChainID(key, new(big.Int).SetUint64(pi.Chain[0].ChainID))
	if err != nil {
		return err
	}
	opts.Context = ctx
	k := pi.Contracts
	coll, err := usdw.NewUSDW(common.HexToAddress(k.Collateral), ec)
	if err != nil {
		return err
	}
	tokens, err := ctf.NewConditionalTokens(common.HexToAddress(k.ConditionalTokens), ec)
	if err != nil {
		return err
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	res := EOAApproval{Owner: owner.Hex()}
	for _, x := range []string{k.Exchange, k.NegRiskExchange} {
		ex := common.HexToAddress(x)
		for _, send := range []func() (*types.Transaction, error){
			func() (*types.Transaction, error) { return coll.Approve(opts, ex, max) },
			func() (*types.Transaction, error) { return tokens.SetApprovalForAll(opts, ex, true) },
		} {
			tx, err := send()
			if err != nil {
				return fmt.Errorf("approving %s: %w", ex.Hex(), err)
			}
			r, err := bind.WaitMined(ctx, ec, tx)
			if err != nil {
				return fmt.Errorf("approval %s: %w", tx.Hash().Hex(), err)
			}
			if r.Status != types.ReceiptStatusSuccessful {
				return fmt.Errorf("approval %s reverted", tx.Hash().Hex())
			}
			inv.progressf("pred: approval %s mined in block %d", tx.Hash().Hex(), r.BlockNumber.Uint64())
			res.Transactions = append(res.Transactions, tx.Hash().Hex())
		}
	}
	if !inv.opts.noWait {
		if err := inv.waitApprovalsSeen(ctx); err != nil {
			return err
		}
	}
	switch {
	case inv.g.json:
		return inv.emitJSON(res)
	case inv.g.quiet:
		for _, h := range res.Transactions {
			fmt.Fprintln(inv.env.Stdout, h)
		}
		return nil
	}
	rows := [][]string{{"TRANSACTION"}}
	for _, h := range res.Transactions {
		rows = append(rows, []string{h})
	}
	if err := inv.fields("owner", res.Owner); err != nil {
		return err
	}
	return inv.table(rows)
}

// waitApprovalsSeen waits, up to --wait, until the exchange counts the
// wallet as having approved both exchanges for its USDW and its shares.
func (inv *invocation) waitApprovalsSeen(ctx context.Context) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, inv.opts.wait)
	defer cancel()
	said := false
	for {
		ba, err := c.GetBalanceAllowance(wctx, client.BalanceParams{})
		switch {
		case err == nil && allApproved(ba.ExchangeApprovals):
			return nil
		case errors.Is(err, context.DeadlineExceeded) || wctx.Err() != nil:
			return fmt.Errorf("the exchange has not seen the approvals of %s after %s (it waits for the chain watcher's "+
				"confirmations): pred balance shows them once it has", c.Funder().Hex(), inv.opts.wait)
		case retryRead(err):
			// The approvals are on chain already: read again.
		case err != nil:
			return err
		}
		if !said {
			inv.progressf("pred: waiting for the exchange to see the approvals (after the chain watcher's confirmations)")
			said = true
		}
		select {
		case <-wctx.Done():
		case <-time.After(approvalPoll):
		}
	}
}

// allApproved reports whether both exchanges may move the wallet's USDW
// and its shares.
func allApproved(aps map[string]clobapi.ExchangeApproval) bool {
	n := 0
	for _, a := range aps {
		if a.Collateral == "0" || !a.Shares {
			return false
		}
		n++
	}
	return n == 2
}
