package worker

import (
	"crypto/ecdsa"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/params"

	"pred.dev/relayer/request"
)

// Config tunes the worker.
type Config struct {
	// HotKey signs and pays for every relayed transaction.
	HotKey *ecdsa.PrivateKey
	// Env is what request.Parse checks against (chain id, factory,
	// allow-list).
	Env request.Env
	// Confirmations is how many blocks (the one that holds it counted)
	// make a MINED transaction CONFIRMED; 1 confirms at once.
	Confirmations uint64
	// Poll is the interval between looks at the chain (new blocks,
	// receipts, stuck transactions).
	Poll time.Duration
	// ResendAfter resends a transaction not yet mined, the same bytes,
	// in case the node dropped it.
	ResendAfter time.Duration
	// RepriceAfter replaces a transaction not yet mined by the same call
	// at a higher fee (at least 12.5% more, the most the pool needs).
	RepriceAfter time.Duration
	// MaxInFlight bounds the hot key's transactions not yet final; the
	// queue waits beyond it.
	MaxInFlight int
	// GasCapCreate and GasCapSafe bound the gas of one deployment and of
	// one Safe transaction: a call whose estimate exceeds its cap is
	// INVALID, so no submission can make the relayer pay for much.
	GasCapCreate, GasCapSafe uint64
	// OperatorTargets are the contracts the hot key calls as the
	// exchanges' operator (the two exchanges): an operator submission
	// (store.Submission.Operator) is paid for only when it calls
	// matchOrders on one of them.
	OperatorTargets []common.Address
	// GasCapOperator bounds the gas of one operator call. It is not the
	// call's gas limit: that is the call's own estimate plus
	// GasMarginPercent, so a batch whose Safe callbacks need more gas
	// gets more; the cap only refuses a call that no transaction could
	// carry (since Osaka, EIP-7825, a node refuses a gas limit above
	// 2^24, so a limit past it would never be mined).
	GasCapOperator uint64
	// GasMarginPercent is added to the estimate for the gas limit.
	GasMarginPercent uint64
	// FeeMultiplierPercent sets the fee cap: base fee × it / 100 + tip.
	FeeMultiplierPercent uint64
	// TipCap is the priority fee; nil takes the node's suggestion.
	TipCap *big.Int
	// MaxFeeCap bounds the fee cap per gas, re-pricing included.
	MaxFeeCap *big.Int
	// MaxTxFee bounds gas limit × fee cap of one transaction (geth's
	// RPC refuses more than 1 ether by default).
	MaxTxFee *big.Int
	// CursorEvery bounds how often the queue cursor is written.
	CursorEvery time.Duration
	// Now replaces time.Now (tests).
	Now func() time.Time
	// Crash, if set, is called at each step named in crashPoints; when it
	// returns true the worker stops at once with ErrCrashed, writing
	// nothing more, as a killed process would (tests).
	Crash func(point string) bool
}

// Defaults of Config.
const (
	DefaultConfirmations        = 3
	DefaultPoll                 = 100 * time.Millisecond
	DefaultResendAfter          = 5 * time.Second
	DefaultRepriceAfter         = 30 * time.Second
	DefaultMaxInFlight          = 512
	DefaultGasCapCreate         = 3_000_000
	DefaultGasCapSafe           = 1_500_000
	DefaultGasCapOperator       = params.MaxTxGas
	DefaultGasMarginPercent     = 25
	DefaultFeeMultiplierPercent = 200
	DefaultCursorEvery          = 200 * time.Millisecond
	// missesForDropped is how many looks find a nonce spent on chain with
	// no receipt of any of its attempts before it counts as taken by
	// another transaction (a receipt can lag the nonce for a moment).
	missesForDropped = 20
	// retryBackoff spaces retries of a submission whose checks met an
	// unavailable chain or store.
	retryBackoff = 500 * time.Millisecond
)

// DefaultMaxFeeCap bounds the fee at 1000 gwei, DefaultMaxTxFee a
// transaction's at 0.5 ether.
var (
	DefaultMaxFeeCap = new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.GWei))
	DefaultMaxTxFee  = new(big.Int).Div(big.NewInt(params.Ether), big.NewInt(2))
)

func (c Config) withDefaults() Config {
	if c.Confirmations == 0 {
		c.Confirmations = DefaultConfirmations
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.ResendAfter <= 0 {
		c.ResendAfter = DefaultResendAfter
	}
	if c.RepriceAfter <= 0 {
		c.RepriceAfter = DefaultRepriceAfter
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = DefaultMaxInFlight
	}
	if c.GasCapCreate == 0 {
		c.GasCapCreate = DefaultGasCapCreate
	}
	if c.GasCapSafe == 0 {
		c.GasCapSafe = DefaultGasCapSafe
	}
	if c.GasCapOperator == 0 {
		c.GasCapOperator = DefaultGasCapOperator
	}
	if c.GasMarginPercent == 0 {
		c.GasMarginPercent = DefaultGasMarginPercent
	}
	if c.FeeMultiplierPercent == 0 {
		c.FeeMultiplierPercent = DefaultFeeMultiplierPercent
	}
	if c.MaxFeeCap == nil {
		c.MaxFeeCap = DefaultMaxFeeCap
	}
	if c.MaxTxFee == nil {
		c.MaxTxFee = DefaultMaxTxFee
	}
	if c.CursorEvery <= 0 {
		c.CursorEvery = DefaultCursorEvery
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}
