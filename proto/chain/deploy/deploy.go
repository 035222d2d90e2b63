// Package deploy deploys the exchange's contracts to an EVM chain and
// keeps the record of where they are (Deployment): the stablecoin stand-in
// and USDW, Gnosis ConditionalTokens, the Safe singleton, its fallback
// handler and this exchange's SafeFactory, two CTFExchange instances
// (standard and negRisk markets), Safe's MultiSendCallOnly, which a
// wallet delegate-calls to make several calls in one Safe transaction, and
// the RedeemModule every wallet is created with. It works on any backend: go-ethereum's
// simulated backend (give a Mine function) or a JSON-RPC node.
package deploy

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/bind/fallbackhandler"
	"pred.dev/proto/chain/bind/multisend"
	"pred.dev/proto/chain/bind/redeemmodule"
	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/bind/stablecoin"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/chain/txn"
)

// Options say who deploys and who gets which role.
type Options struct {
	// Deployer signs and pays for every deployment transaction. It must
	// hold enough of the chain's coin (about 0.05 ETH at 1 gwei).
	Deployer *ecdsa.PrivateKey
	// Admin administers the exchanges (registers markets, pauses, grants
	// operators) and the stablecoin; the deployer if zero.
	Admin common.Address
	// Operators may call matchOrders on both exchanges.
	Operators []common.Address
	// Minter may mint the stablecoin (the devnet faucet); none if zero.
	Minter common.Address
	// FeeReceiver receives the taker fees of both exchanges; the admin if zero.
	FeeReceiver common.Address
	// RPCURL and ExplorerURL go into the record as given.
	RPCURL      string
	ExplorerURL string
}

// Predict returns the addresses Deploy gives the contracts when the
// deployer's next nonce is nonce: it sends the ten creations in a fixed
// order with consecutive nonces, so a fresh deployer key (nonce 0) always
// yields the same addresses on every chain. MultiSendCallOnly and then
// RedeemModule came last, after the first eight, so their addresses did
// not move when they were added.
func Predict(deployer common.Address, nonce uint64) Contracts {
	at := func(i uint64) common.Address { return crypto.CreateAddress(deployer, nonce+i) }
	return Contracts{
		Stablecoin: at(0), ConditionalTokens: at(1), SafeSingleton: at(2), SafeFallbackHandler: at(3),
		Collateral: at(4), SafeFactory: at(5), Exchange: at(6), NegRiskExchange: at(7), MultiSendCallOnly: at(8),
		RedeemModule: at(9),
	}
}

// RedeemModuleSetup is the call SafeFactory has every new wallet's setup
// delegate-call on the RedeemModule: enable(), which enables the module on
// the wallet. Wallet addresses do not depend on it (the factory's CREATE2
// salt is the owner and its init code the proxy's).
func RedeemModuleSetup() []byte {
	return crypto.Keccak256([]byte("enable()"))[:4]
}

// Deploy deploys every contract in dependency order, in three blocks'
// worth of transactions, and returns the record. The chain's Mine function
// (for the simulated backend) is called after each batch. The addresses
// are Predict(deployer, its nonce before the first transaction).
func Deploy(ctx context.Context, c *txn.Chain, opts Options) (*Deployment, error) {
	if opts.Deployer == nil {
		return nil, errors.New("deploy: no deployer key")
	}
	s, err := txn.NewSender(ctx, c, opts.Deployer)
	if err != nil {
		return nil, fmt.Errorf("deploy: %w", err)
	}
	admin := opts.Admin
	if admin == (common.Address{}) {
		admin = s.From
	}
	feeReceiver := opts.FeeReceiver
	if feeReceiver == (common.Address{}) {
		feeReceiver = admin
	}
	b := c.Backend
	predicted := Predict(s.From, s.Nonce())
	d := &Deployment{ChainID: s.ChainID.Uint64(), RPCURL: opts.RPCURL, ExplorerURL: opts.ExplorerURL, Deployer: s.From}
	k := d.Contracts

	// 1. The contracts with no constructor dependencies.
	st := &stage{s: s}
	st.deploy(ctx, "DevStablecoin", &k.Stablecoin, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		a, tx, _, err := stablecoin.DeployDevStablecoin(o, b, admin, opts.Minter)
		return a, tx, err
	})
	st.deploy(ctx, "ConditionalTokens", &k.ConditionalTokens, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		a, tx, _, err := ctf.DeployConditionalTokens(o, b)
		return a, tx, err
	})
	st.deploy(ctx, "Safe", &k.SafeSingleton, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		a, tx, _, err := safe.DeploySafe(o, b)
		return a, tx, err
	})
	st.deploy(ctx, "CompatibilityFallbackHandler", &k.SafeFallbackHandler, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		a, tx, _, err := fallbackhandler.DeployCompatibilityFallbackHandler(o, b)
		return a, tx, err
	})
	if _, err = st.wait(ctx, c); err != nil {
		return nil, err
	}

	// 2. USDW over the stablecoin; the factory over the Safe singleton.
	st = &stage{s: s}
	st.deploy(ctx, "USDW", &k.Collateral, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		a, tx, _, err := usdw.DeployUSDW(o, b, k.Stablecoin)
		return a, tx, err
	})
	st.deploy(ctx, "SafeFactory", &k.SafeFactory, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		// Every wallet is born with the RedeemModule, deployed last (its
		// address is predicted): its setup enables it.
		a, tx, _, err := safefactory.DeploySafeFactory(o, b, k.SafeSingleton, k.SafeFallbackHandler, predicted.RedeemModule, RedeemModuleSetup())
		return a, tx, err
	})
	if _, err = st.wait(ctx, c); err != nil {
		return nil, err
	}

	// 3. The two exchanges, which read the factory's init-code hash and
	// approve the conditional tokens for their collateral.
	operators := append([]common.Address(nil), opts.Operators...)
	st = &stage{s: s}
	for _, ex := range []struct {
		name string
		addr *common.Address
	}{{"CTFExchange", &k.Exchange}, {"CTFExchange (negRisk)", &k.NegRiskExchange}} {
		st.deploy(ctx, ex.name, ex.addr, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
			a, tx, _, err := exchange.DeployCTFExchange(o, b, k.Collateral, k.ConditionalTokens, k.SafeFactory, admin, operators, feeReceiver)
			return a, tx, err
		})
	}
	// Safe's MultiSendCallOnly, unmodified from the npm package: what a
	// wallet delegate-calls to batch calls (its onboarding approvals).
	st.deploy(ctx, "MultiSendCallOnly", &k.MultiSendCallOnly, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		a, tx, _, err := multisend.DeployMultiSendCallOnly(o, b)
		return a, tx, err
	})
	// The RedeemModule, which lets the settler redeem a resolved market's
	// positions into each wallet with no claim step and nothing else.
	st.deploy(ctx, "RedeemModule", &k.RedeemModule, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		a, tx, _, err := redeemmodule.DeployRedeemModule(o, b, k.ConditionalTokens, k.Collateral)
		return a, tx, err
	})
	last, err := st.wait(ctx, c)
	if err != nil {
		return nil, err
	}

	if k != predicted {
		return nil, fmt.Errorf("deploy: contracts at %+v, predicted %+v", k, predicted)
	}
	d.Contracts = k
	d.Block = last.BlockNumber.Uint64()
	d.SafeInitCodeHash = safewallet.InitCodeHash(k.SafeSingleton)
	if err := d.Verify(ctx, b); err != nil {
		return nil, fmt.Errorf("deploy: the new deployment does not verify: %w", err)
	}
	return d, nil
}

// stage sends a batch of deployments that do not depend on each other.
type stage struct {
	s     *txn.Sender
	txs   []*types.Transaction
	names []string
	err   error
}

func (st *stage) deploy(ctx context.Context, name string, addr *common.Address, f func(*bind.TransactOpts) (common.Address, *types.Transaction, error)) {
	if st.err != nil {
		return
	}
	_, err := st.s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		a, tx, err := f(o)
		if err != nil {
			return nil, err
		}
		*addr = a
		st.txs = append(st.txs, tx)
		st.names = append(st.names, name)
		return tx, nil
	})
	if err != nil {
		st.err = fmt.Errorf("deploy: sending %s: %w", name, err)
	}
}

func (st *stage) wait(ctx context.Context, c *txn.Chain) (*types.Receipt, error) {
	if st.err != nil {
		return nil, st.err
	}
	rs, err := c.Wait(ctx, st.txs...)
	if err != nil {
		for i, r := range rs {
			if r != nil && r.Status != types.ReceiptStatusSuccessful {
				return nil, fmt.Errorf("deploy: %s: %w", st.names[i], err)
			}
		}
		return nil, fmt.Errorf("deploy: %w", err)
	}
	last := rs[0]
	for _, r := range rs {
		if r.BlockNumber.Cmp(last.BlockNumber) > 0 {
			last = r
		}
	}
	return last, nil
}

// PrepareMarket makes a binary market tradeable on chain: it prepares the
// condition of questionID with oracle as the oracle on the conditional
// tokens and registers the market's YES and NO tokens (USDW positions of
// index sets 1 and 2) on the standard or the negRisk exchange. The sender
// must be the exchanges' admin. It returns the market's ids.
func PrepareMarket(ctx context.Context, s *txn.Sender, d *Deployment, oracle common.Address, questionID common.Hash, negRisk bool) (ctfid.Market, error) {
	m := ctfid.BinaryMarket(d.Contracts.Collateral, oracle, questionID)
	b := s.Chain.Backend
	ct, err := ctf.NewConditionalTokens(d.Contracts.ConditionalTokens, b)
	if err != nil {
		return m, err
	}
	ex, err := exchange.NewCTFExchange(d.ExchangeFor(negRisk), b)
	if err != nil {
		return m, err
	}
	t1, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return ct.PrepareCondition(o, oracle, questionID, big.NewInt(ctfid.BinaryOutcomeSlots))
	})
	if err != nil {
		return m, fmt.Errorf("prepareCondition: %w", err)
	}
	t2, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return ex.RegisterToken(o, m.Yes, m.No, m.ConditionID)
	})
	if err != nil {
		return m, fmt.Errorf("registerToken: %w", err)
	}
	if _, err := s.Chain.Wait(ctx, t1, t2); err != nil {
		return m, fmt.Errorf("preparing market %s: %w", m.ConditionID.Hex(), err)
	}
	return m, nil
}

// GrantOperator gives operator OPERATOR_ROLE (matchOrders) on both
// exchanges where it lacks it; s must be the exchanges' admin. It is
// idempotent, so a service can call it at every start: the relayer's hot
// key, which sends the settler's matches, is granted it this way on a
// deployment made before that key existed.
func GrantOperator(ctx context.Context, s *txn.Sender, d *Deployment, operator common.Address) error {
	var txs []*types.Transaction
	for _, addr := range []common.Address{d.Contracts.Exchange, d.Contracts.NegRiskExchange} {
		ex, err := exchange.NewCTFExchange(addr, s.Chain.Backend)
		if err != nil {
			return err
		}
		role, err := ex.OPERATORROLE(&bind.CallOpts{Context: ctx})
		if err != nil {
			return fmt.Errorf("OPERATOR_ROLE of %s: %w", addr.Hex(), err)
		}
		has, err := ex.HasRole(&bind.CallOpts{Context: ctx}, role, operator)
		if err != nil {
			return fmt.Errorf("hasRole on %s: %w", addr.Hex(), err)
		}
		if has {
			continue
		}
		tx, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) { return ex.GrantRole(o, role, operator) })
		if err != nil {
			return fmt.Errorf("grantRole on %s: %w", addr.Hex(), err)
		}
		txs = append(txs, tx)
	}
	if len(txs) == 0 {
		return nil
	}
	rs, err := s.Chain.Wait(ctx, txs...)
	if err != nil {
		return fmt.Errorf("granting the operator role to %s: %w", operator.Hex(), err)
	}
	for _, r := range rs {
		if r.Status != types.ReceiptStatusSuccessful {
			return fmt.Errorf("granting the operator role to %s reverted (is the sender the admin?)", operator.Hex())
		}
	}
	return nil
}
