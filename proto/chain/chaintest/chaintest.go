// Package chaintest drives the exchange's contracts for tests and
// benchmarks: a chain with everything deployed (go-ethereum's simulated
// backend, or any node), traders with funded EOA or Safe wallets and the
// allowances the exchange needs, markets, signed orders and matches.
//
// It talks to the chain only through the generated bindings and the
// transactions a real relayer or settler would send; nothing is mocked.
package chaintest

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/bind/stablecoin"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/chain/txn"
)

// Env is a chain with the exchange deployed and the accounts that run it.
type Env struct {
	Chain   *txn.Chain
	ChainID uint64
	D       *deploy.Deployment
	// Admin deployed everything and administers it; it also relays: it
	// pays for Safe creations and Safe transactions.
	Admin *txn.Sender
	// Operator calls matchOrders.
	Operator *txn.Sender
	// Faucet mints the stablecoin and wraps it into traders' wallets.
	Faucet      *txn.Sender
	FeeReceiver common.Address

	Exchange        *exchange.CTFExchange
	NegRiskExchange *exchange.CTFExchange
	CTF             *ctf.ConditionalTokens
	USDW            *usdw.USDW
	Stablecoin      *stablecoin.DevStablecoin
	Factory         *safefactory.SafeFactory

	sim *simulated.Backend
}

// FaucetReserve is the stablecoin the faucet mints to itself at start, in
// base units: a billion dollars.
var FaucetReserve = new(big.Int).Mul(big.NewInt(1_000_000_000), big.NewInt(1_000_000))

// SimOption configures the simulated backend (see simulated.NewBackend).
type SimOption = func(*node.Config, *ethconfig.Config)

// OsakaRules runs the simulated chain under the Osaka fork's rules. By
// default it runs every fork go-ethereum knows (as geth --dev does),
// Amsterdam's EIP-8037 state gas included, under which a new storage slot
// costs about 110,000 gas instead of 22,100.
func OsakaRules(_ *node.Config, ec *ethconfig.Config) {
	cfg := *ec.Genesis.Config
	cfg.AmsterdamTime, cfg.BogotaTime = nil, nil
	ec.Genesis.Config = &cfg
}

// WithChainID gives the simulated chain another chain id than its 1337
// (the devnet's orders sign for 31337, for example).
func WithChainID(id uint64) SimOption {
	return func(_ *node.Config, ec *ethconfig.Config) {
		cfg := *ec.Genesis.Config
		cfg.ChainID = new(big.Int).SetUint64(id)
		ec.Genesis.Config = &cfg
	}
}

// NewSimulated starts a simulated chain (chain id 1337 unless WithChainID) whose genesis funds
// an admin, an operator and a faucet key, and deploys everything.
func NewSimulated(ctx context.Context, opts ...SimOption) (*Env, error) {
	admin, operator, faucet := mustKey(), mustKey(), mustKey()
	rich := new(big.Int).Mul(big.NewInt(1_000_000), big.NewInt(params.Ether))
	alloc := types.GenesisAlloc{}
	for _, k := range []*ecdsa.PrivateKey{admin, operator, faucet} {
		alloc[crypto.PubkeyToAddress(k.PublicKey)] = types.Account{Balance: rich}
	}
	sim := simulated.NewBackend(alloc, append([]SimOption{simulated.WithBlockGasLimit(60_000_000)}, opts...)...)
	// The simulated backend is not safe for concurrent Commits: each waits
	// on its pool's Sync, which keeps one waiter and answers the last, so
	// of two Commits at once one blocks for ever (and the beacon's own
	// state races). A test whose code under test sends too (a redeemer
	// beside a trader) mines from two goroutines: seal one at a time.
	var sealMu sync.Mutex
	c := &txn.Chain{Backend: sim.Client(), Mine: func() {
		sealMu.Lock()
		defer sealMu.Unlock()
		sim.Commit()
	}}
	e, err := setup(ctx, c, admin, operator, faucet, "http://127.0.0.1:8545")
	if err != nil {
		sim.Close()
		return nil, err
	}
	e.sim = sim
	return e, nil
}

// New deploys everything on any chain from admin, which must hold enough
// coin to deploy and to fund an operator and a faucet key it creates.
func New(ctx context.Context, c *txn.Chain, admin *ecdsa.PrivateKey, rpcURL string) (*Env, error) {
	operator, faucet := mustKey(), mustKey()
	s, err := txn.NewSender(ctx, c, admin)
	if err != nil {
		return nil, err
	}
	var txs []*types.Transaction
	for _, k := range []*ecdsa.PrivateKey{operator, faucet} {
		tx, err := s.Transfer(ctx, crypto.PubkeyToAddress(k.PublicKey), big.NewInt(params.Ether))
		if err != nil {
			return nil, fmt.Errorf("funding: %w", err)
		}
		txs = append(txs, tx)
	}
	if _, err := c.Wait(ctx, txs...); err != nil {
		return nil, fmt.Errorf("funding: %w", err)
	}
	return setup(ctx, c, admin, operator, faucet, rpcURL)
}

func setup(ctx context.Context, c *txn.Chain, admin, operator, faucet *ecdsa.PrivateKey, rpcURL string) (*Env, error) {
	e := &Env{Chain: c, FeeReceiver: crypto.PubkeyToAddress(mustKey().PublicKey)}
	var err error
	if e.Operator, err = txn.NewSender(ctx, c, operator); err != nil {
		return nil, err
	}
	if e.Faucet, err = txn.NewSender(ctx, c, faucet); err != nil {
		return nil, err
	}
	e.D, err = deploy.Deploy(ctx, c, deploy.Options{
		Deployer:    admin,
		Operators:   []common.Address{e.Operator.From},
		Minter:      e.Faucet.From,
		FeeReceiver: e.FeeReceiver,
		RPCURL:      rpcURL,
	})
	if err != nil {
		return nil, err
	}
	// The admin's sender starts after the deployment's transactions.
	if e.Admin, err = txn.NewSender(ctx, c, admin); err != nil {
		return nil, err
	}
	e.ChainID = e.Admin.ChainID.Uint64()
	b := c.Backend
	k := e.D.Contracts
	if e.Exchange, err = exchange.NewCTFExchange(k.Exchange, b); err != nil {
		return nil, err
	}
	if e.NegRiskExchange, err = exchange.NewCTFExchange(k.NegRiskExchange, b); err != nil {
		return nil, err
	}
	if e.CTF, err = ctf.NewConditionalTokens(k.ConditionalTokens, b); err != nil {
		return nil, err
	}
	if e.USDW, err = usdw.NewUSDW(k.Collateral, b); err != nil {
		return nil, err
	}
	if e.Stablecoin, err = stablecoin.NewDevStablecoin(k.Stablecoin, b); err != nil {
		return nil, err
	}
	if e.Factory, err = safefactory.NewSafeFactory(k.SafeFactory, b); err != nil {
		return nil, err
	}
	// The faucet holds a reserve of stablecoin and lets USDW pull it.
	if _, err := e.Faucet.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Stablecoin.Mint(o, e.Faucet.From, FaucetReserve)
	}); err != nil {
		return nil, fmt.Errorf("minting the faucet's reserve: %w", err)
	}
	if _, err := e.Faucet.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Stablecoin.Approve(o, k.Collateral, FaucetReserve)
	}); err != nil {
		return nil, fmt.Errorf("approving USDW: %w", err)
	}
	return e, nil
}

// Sim returns the simulated backend, or nil on another chain.
func (e *Env) Sim() *simulated.Backend { return e.sim }

// Close stops a simulated chain.
func (e *Env) Close() {
	if e.sim != nil {
		e.sim.Close()
	}
}

// Now returns the time of the latest block.
func (e *Env) Now(ctx context.Context) (time.Time, error) {
	h, err := e.Chain.Backend.HeaderByNumber(ctx, nil)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(int64(h.Time), 0), nil
}

func mustKey() *ecdsa.PrivateKey {
	k, err := crypto.GenerateKey()
	if err != nil {
		panic(err)
	}
	return k
}

// Fund wraps amount base units of the faucet's stablecoin into USDW held by to.
func (e *Env) Fund(ctx context.Context, to common.Address, amount *big.Int) error {
	_, err := e.Faucet.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.USDW.WrapTo(o, to, amount)
	})
	return err
}

// USDWOf returns addr's USDW balance.
func (e *Env) USDWOf(ctx context.Context, addr common.Address) (*big.Int, error) {
	return e.USDW.BalanceOf(&bind.CallOpts{Context: ctx}, addr)
}

// TokenOf returns addr's balance of an outcome token.
func (e *Env) TokenOf(ctx context.Context, addr common.Address, id *big.Int) (*big.Int, error) {
	return e.CTF.BalanceOf(&bind.CallOpts{Context: ctx}, addr, id)
}

// ExchangeFor returns the binding of the standard or the negRisk exchange.
func (e *Env) ExchangeFor(negRisk bool) *exchange.CTFExchange {
	if negRisk {
		return e.NegRiskExchange
	}
	return e.Exchange
}

// Market is a binary market's ids.
type Market = ctfid.Market

// NewMarket prepares a binary market with a random question, the admin as
// oracle, on the standard or the negRisk exchange.
func (e *Env) NewMarket(ctx context.Context, negRisk bool) (ctfid.Market, error) {
	var q common.Hash
	copy(q[:], crypto.Keccak256(crypto.FromECDSA(mustKey())))
	return deploy.PrepareMarket(ctx, e.Admin, e.D, e.Admin.From, q, negRisk)
}

// Trader is a user: an owner key and the wallet that holds its funds and
// makes its orders, the key's own address (EOA) or its Safe.
type Trader struct {
	Key     *ecdsa.PrivateKey
	Owner   common.Address
	Maker   common.Address
	SigType uint8
	env     *Env
	safeTx  *big.Int // next Safe nonce
}

// Signature types.
const (
	SigEOA  uint8 = 0
	SigSafe uint8 = 2
)

// NewTrader creates a trader with usdw base units of USDW, whose wallet
// has approved both exchanges for USDW and outcome tokens. A Safe trader's
// wallet is created through the factory on the owner's signature and its
// approvals are Safe transactions the owner signs; the admin relays both,
// so the owner never holds coin. An EOA trader gets a little coin and
// sends its approvals itself.
func (e *Env) NewTrader(ctx context.Context, withSafe bool, usdwAmount *big.Int) (*Trader, error) {
	key := mustKey()
	t := &Trader{Key: key, Owner: crypto.PubkeyToAddress(key.PublicKey), env: e}
	var approvals []WalletCall
	for _, x := range []common.Address{e.D.Contracts.Exchange, e.D.Contracts.NegRiskExchange} {
		approvals = append(approvals,
			WalletCall{e.D.Contracts.Collateral, mustPack(usdwABI, "approve", x, maxUint256)},
			WalletCall{e.D.Contracts.ConditionalTokens, mustPack(ctfABI, "setApprovalForAll", x, true)})
	}
	if withSafe {
		t.SigType = SigSafe
		addr, err := e.CreateSafe(ctx, key)
		if err != nil {
			return nil, err
		}
		t.Maker = addr
		t.safeTx = new(big.Int)
		if err := t.ExecSafe(ctx, approvals...); err != nil {
			return nil, fmt.Errorf("approvals: %w", err)
		}
	} else {
		t.SigType = SigEOA
		t.Maker = t.Owner
		tx, err := e.Admin.Transfer(ctx, t.Owner, big.NewInt(params.Ether/10))
		if err != nil {
			return nil, err
		}
		if _, err := e.Chain.Wait(ctx, tx); err != nil {
			return nil, err
		}
		s, err := txn.NewSender(ctx, e.Chain, key)
		if err != nil {
			return nil, err
		}
		var txs []*types.Transaction
		for _, a := range approvals {
			tx, err := s.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return bind.NewBoundContract(a.to, usdwABI, e.Chain.Backend, e.Chain.Backend, e.Chain.Backend).RawTransact(o, a.data)
			})
			if err != nil {
				return nil, fmt.Errorf("approval: %w", err)
			}
			txs = append(txs, tx)
		}
		if _, err := e.Chain.Wait(ctx, txs...); err != nil {
			return nil, fmt.Errorf("approvals: %w", err)
		}
	}
	if usdwAmount != nil && usdwAmount.Sign() > 0 {
		if err := e.Fund(ctx, t.Maker, usdwAmount); err != nil {
			return nil, fmt.Errorf("funding: %w", err)
		}
	}
	return t, nil
}

// CreateSafe has the admin relay the creation of owner's Safe on the
// owner's CreateProxy signature and returns the Safe's address.
func (e *Env) CreateSafe(ctx context.Context, owner *ecdsa.PrivateKey) (common.Address, error) {
	msg := safewallet.CreateProxy{Owner: crypto.PubkeyToAddress(owner.PublicKey)}
	sig, err := msg.Sign(owner, e.ChainID, e.D.Contracts.SafeFactory)
	if err != nil {
		return common.Address{}, err
	}
	if _, err := e.Admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Factory.CreateProxy(o, msg.Owner, common.Address{}, new(big.Int), common.Address{}, sig)
	}); err != nil {
		return common.Address{}, fmt.Errorf("createProxy: %w", err)
	}
	return safewallet.Address(e.D.Contracts.SafeFactory, e.D.Contracts.SafeSingleton, msg.Owner), nil
}

// WalletCall is a call a trader's wallet makes: to, with ABI-encoded data.
type WalletCall struct {
	to   common.Address
	data []byte
}

// ExecSafe has the trader's Safe execute calls, each a Safe transaction
// the owner signs and the admin submits.
func (t *Trader) ExecSafe(ctx context.Context, calls ...WalletCall) error {
	e := t.env
	sf, err := safe.NewSafe(t.Maker, e.Chain.Backend)
	if err != nil {
		return err
	}
	var txs []*types.Transaction
	for _, c := range calls {
		stx := safewallet.SafeTx{To: c.to, Value: new(big.Int), Data: c.data, Nonce: new(big.Int).Set(t.safeTx)}
		sig, err := stx.Sign(t.Key, e.ChainID, t.Maker)
		if err != nil {
			return err
		}
		tx, err := e.Admin.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			// Estimating a Safe transaction whose nonce is not yet current
			// fails, so the gas is given.
			o.GasLimit = 1_500_000
			return sf.ExecTransaction(o, stx.To, stx.Value, stx.Data, uint8(stx.Operation),
				new(big.Int), new(big.Int), new(big.Int), common.Address{}, common.Address{}, sig)
		})
		if err != nil {
			return fmt.Errorf("execTransaction: %w", err)
		}
		txs = append(txs, tx)
		t.safeTx.Add(t.safeTx, big.NewInt(1))
	}
	_, err = e.Chain.Wait(ctx, txs...)
	return err
}

// Call returns the call of to with ABI-encoded data.
func Call(to common.Address, data []byte) WalletCall { return WalletCall{to, data} }

// Do has the trader's wallet make calls: Safe transactions relayed by the
// admin for a Safe trader, its own transactions for an EOA trader.
func (t *Trader) Do(ctx context.Context, calls ...WalletCall) error {
	if t.SigType == SigSafe {
		return t.ExecSafe(ctx, calls...)
	}
	e := t.env
	s, err := txn.NewSender(ctx, e.Chain, t.Key)
	if err != nil {
		return err
	}
	for _, c := range calls {
		if _, err := s.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return bind.NewBoundContract(c.to, usdwABI, e.Chain.Backend, e.Chain.Backend, e.Chain.Backend).RawTransact(o, c.data)
		}); err != nil {
			return err
		}
	}
	return nil
}
