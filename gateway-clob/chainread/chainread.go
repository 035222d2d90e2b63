// Package chainread reads, for GET /balance-allowance, what a wallet has
// allowed the exchanges on chain: its USDW allowance to each exchange
// (ERC-20 approve) and whether each exchange is an operator of its
// conditional tokens (ERC-1155 setApprovalForAll). The exchange can
// settle a trade only with both, so a client checks them before trading;
// they are read from the chain at the latest block, never assumed from
// the ledger.
package chainread

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/deploy"
)

// Allowance is what one exchange may move of a wallet's funds.
type Allowance struct {
	Exchange common.Address
	// Collateral is the wallet's USDW allowance to the exchange, in base
	// units (1e-6 USDW).
	Collateral *big.Int
	// ApprovedForAll says whether the exchange may move every
	// conditional token of the wallet.
	ApprovedForAll bool
}

// Reader reads allowances from a chain.
type Reader struct {
	usdw      *usdw.USDWCaller
	ctf       *ctf.ConditionalTokensCaller
	exchanges []common.Address
}

// New returns a reader of the allowances of the deployment's USDW and
// conditional tokens to its two exchanges, through b (an ethclient, or
// any contract caller).
func New(b bind.ContractCaller, d *deploy.Deployment) (*Reader, error) {
	k := d.Contracts
	for _, a := range []struct {
		name string
		addr common.Address
	}{{"collateral", k.Collateral}, {"conditionalTokens", k.ConditionalTokens}, {"exchange", k.Exchange}, {"negRiskExchange", k.NegRiskExchange}} {
		if a.addr == (common.Address{}) {
			return nil, fmt.Errorf("chainread: the deployment has no %s", a.name)
		}
	}
	u, err := usdw.NewUSDWCaller(k.Collateral, b)
	if err != nil {
		return nil, err
	}
	c, err := ctf.NewConditionalTokensCaller(k.ConditionalTokens, b)
	if err != nil {
		return nil, err
	}
	return &Reader{usdw: u, ctf: c, exchanges: []common.Address{k.Exchange, k.NegRiskExchange}}, nil
}

// Exchanges are the spenders the reader reads, the standard exchange
// first.
func (r *Reader) Exchanges() []common.Address { return r.exchanges }

// Allowances reads owner's allowances to each exchange, in Exchanges'
// order.
func (r *Reader) Allowances(ctx context.Context, owner common.Address) ([]Allowance, error) {
	call := &bind.CallOpts{Context: ctx}
	out := make([]Allowance, len(r.exchanges))
	var errs []error
	for i, x := range r.exchanges {
		a, err := r.usdw.Allowance(call, owner, x)
		if err != nil {
			errs = append(errs, fmt.Errorf("USDW allowance to %s: %w", x.Hex(), err))
		}
		ok, err := r.ctf.IsApprovedForAll(call, owner, x)
		if err != nil {
			errs = append(errs, fmt.Errorf("conditional tokens approval of %s: %w", x.Hex(), err))
		}
		out[i] = Allowance{Exchange: x, Collateral: a, ApprovedForAll: ok}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("chainread: %w", err)
	}
	return out, nil
}
