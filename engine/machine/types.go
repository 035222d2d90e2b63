package machine

import "pred.dev/proto/rules"

// Address is a 20-byte EVM address: a wallet (the maker of orders).
type Address [20]byte

// Hash is 32 bytes: an order id (EIP-712 hash), a market (condition) id, a
// token id (uint256 big-endian) or a command id.
type Hash [32]byte

// KeyID identifies the API key that placed an order (a 16-byte UUID).
type KeyID [16]byte

// The enums below carry the numeric values of their protobuf counterparts
// in pred.dev/proto/pb, so converting is a cast. The core cannot import the
// protobuf runtime (it reads the environment), so the values are repeated
// here and a test in the engine's shell checks that they agree.

type Side uint8

const (
	Buy  Side = 1
	Sell Side = 2
)

type Outcome uint8

const (
	Yes Outcome = 1
	No  Outcome = 2
)

type OrderType uint8

const (
	GTC OrderType = 1
	GTD OrderType = 2
	FOK OrderType = 3
	FAK OrderType = 4
)

type MatchType uint8

const (
	Complementary MatchType = 1
	Mint          MatchType = 2
	Merge         MatchType = 3
)

type MarketStatus uint8

const (
	MarketActive   MarketStatus = 1
	MarketHalted   MarketStatus = 2
	MarketClosed   MarketStatus = 3
	MarketResolved MarketStatus = 4
)

type CancelCause uint8

const (
	CauseUser           CancelCause = 1
	CauseFAKRemainder   CancelCause = 2
	CauseSelfTrade      CancelCause = 3
	CauseHeartbeat      CancelCause = 4
	CauseMarketCleared  CancelCause = 5
	CauseMarketClosed   CancelCause = 6
	CauseMarketResolved CancelCause = 7
	// CauseExpired is a GTD order that reached its expiration. The core
	// reports it as its own event (EvOrderExpired), which carries no cause;
	// the read model files it under this one.
	CauseExpired CancelCause = 8
	// CauseWithdrawal: a transfer out of the wallet observed on chain took
	// funds the order locked (WithdrawalObserved).
	CauseWithdrawal CancelCause = 20
	// CauseApprovalRevoked: the wallet revoked or lowered its approval of
	// the market's exchange below what the order could make it move.
	CauseApprovalRevoked CancelCause = 21
	// CauseDebt: the wallet owes the ledger (a debit it could not cover),
	// and a wallet in debt keeps no orders.
	CauseDebt CancelCause = 22
	// CauseTradeFailed: a FAILED trade was reversed and took back funds the
	// order locked.
	CauseTradeFailed CancelCause = 23
	// CauseHalted: the order asked to be cancelled when its market is
	// halted (OrderSpec.CancelOnHalt), and it was.
	CauseHalted CancelCause = 24
	// CauseGroupLimit: the order's group reached its fill limit within
	// its window (groups.go).
	CauseGroupLimit CancelCause = 25
	// CauseGroupDeleted: the order's maker deleted its group
	// (KindDeleteGroup). Its own cause, not CauseUser or CauseGroupLimit:
	// the maker asked for it, but for the group, not for this order.
	CauseGroupDeleted CancelCause = 26
)

// SelfTrade is an order's self-trade prevention mode: what happens when,
// as the incoming order, it meets a resting order of its own account. It
// is a request option like post-only, not part of the signed order: it
// can only keep a wallet from trading with itself, never make it trade
// more than it signed for.
type SelfTrade uint8

const (
	// SelfTradeCancelResting cancels the resting order and matching goes
	// on: the default (0), the engine's only behaviour before the modes.
	SelfTradeCancelResting SelfTrade = 0
	// SelfTradeCancelIncoming stops matching at the resting order, which
	// stays; the rest of the incoming order is cancelled.
	SelfTradeCancelIncoming SelfTrade = 1
	// SelfTradeCancelBoth cancels the resting order and the rest of the
	// incoming one.
	SelfTradeCancelBoth SelfTrade = 2
)

type OrderStatus uint8

const (
	StatusLive                   OrderStatus = 1
	StatusMatched                OrderStatus = 2
	StatusCanceled               OrderStatus = 3
	StatusCanceledMarketResolved OrderStatus = 4
	StatusSystemCleared          OrderStatus = 5
	StatusInvalid                OrderStatus = 6
)

// Status returns the public order status an order ends in for a cause.
// Resolution has its own status in the spec; self-trade prevention is the
// one removal the trader did not ask for and no market event explains, so it
// reports SYSTEM_CLEARED; every other cause is CANCELED.
func (c CancelCause) Status() OrderStatus {
	switch c {
	case CauseMarketResolved:
		return StatusCanceledMarketResolved
	case CauseSelfTrade:
		return StatusSystemCleared
	}
	return StatusCanceled
}

type TradeStatus uint8

const (
	TradeMatched   TradeStatus = 1
	TradeSubmitted TradeStatus = 2
	TradeMined     TradeStatus = 3
	TradeConfirmed TradeStatus = 4
	TradeRetrying  TradeStatus = 5
	TradeFailed    TradeStatus = 6
	// TradeSynthetic is a trade that never goes on chain (an internal test
	// trade, not a user trade).
	TradeSynthetic TradeStatus = 7
)

type TransferKind uint8

const (
	TransferDeposit    TransferKind = 1
	TransferWithdrawal TransferKind = 2
	TransferFaucet     TransferKind = 3
	TransferPayout     TransferKind = 4
	// TransferWithdrawalReserved is a withdrawal asked for through an API
	// (KindWithdraw): the balance moves into the position's reservation.
	TransferWithdrawalReserved TransferKind = 5
	// TransferWithdrawalReleased returns a reservation to the balance.
	TransferWithdrawalReleased TransferKind = 6
	// TransferWithdrawalSettled is the part of an observed transfer out
	// that a reservation covered (the balance moved when reserved).
	TransferWithdrawalSettled TransferKind = 7
	// TransferReversalIn and TransferReversalOut undo a FAILED trade's
	// fill: what the fill took from the wallet comes back (in), what it
	// gave goes (out). Event.Seq names the trade.
	TransferReversalIn  TransferKind = 8
	TransferReversalOut TransferKind = 9
	// TransferDebt is the part of a debit the balance could not cover,
	// added to the position's debt; TransferDebtRepaid is the part of a
	// credit that paid a debt back.
	TransferDebt       TransferKind = 10
	TransferDebtRepaid TransferKind = 11
)

// MarketChange says what changed a market (Event.Change of a
// MarketChanged), so that a reader tells a game going live (cleared) from
// an operator's halt without comparing states.
type MarketChange uint8

const (
	ChangeCreated MarketChange = 1
	// ChangeConfigured: tick size, size bounds or fee rate.
	ChangeConfigured MarketChange = 2
	ChangeHalted     MarketChange = 3
	ChangeResumed    MarketChange = 4
	// ChangeCleared: every resting order cancelled (ClearMarketOrders, a
	// game going live); the status does not change.
	ChangeCleared  MarketChange = 5
	ChangeClosed   MarketChange = 6
	ChangeResolved MarketChange = 7
)

// BookSide is the side of a market's YES book a level is on, as the wire
// names it (book.Side + 1).
type BookSide uint8

const (
	// BookBid wants YES: BUY YES or SELL NO.
	BookBid BookSide = 1
	// BookAsk gives YES: SELL YES or BUY NO.
	BookAsk BookSide = 2
)

// Exchange names the exchange contract a market settles on: its approvals
// are the ones an order of the market needs.
type Exchange uint8

const (
	ExchangeStandard Exchange = 1
	ExchangeNegRisk  Exchange = 2
)

// exchangeCount sizes per-exchange arrays (indexed by Exchange-1).
const exchangeCount = 2

// Reason says why a command was refused.
type Reason uint8

const (
	ReasonMarketNotFound      Reason = 1
	ReasonMarketNotAccepting  Reason = 2
	ReasonTokenNotFound       Reason = 3
	ReasonInvalidPrice        Reason = 4
	ReasonInvalidAmounts      Reason = 5
	ReasonSizeTooSmall        Reason = 6
	ReasonSizeTooLarge        Reason = 7
	ReasonInvalidExpiration   Reason = 8
	ReasonFeeRateTooLow       Reason = 9
	ReasonFeeRateTooHigh      Reason = 10
	ReasonDuplicateOrder      Reason = 11
	ReasonNotEnoughBalance    Reason = 12
	ReasonFOKNotFilled        Reason = 13
	ReasonFAKNoMatch          Reason = 14
	ReasonPostOnlyCrosses     Reason = 15
	ReasonPostOnlyInvalidType Reason = 16
	ReasonOrderNotFound       Reason = 17
	ReasonMarketExists        Reason = 18
	ReasonInvalidMarketParams Reason = 19
	ReasonInvalidMarketState  Reason = 20
	ReasonInvalidPayout       Reason = 21
	ReasonDuplicateCommand    Reason = 22
	ReasonInvalidCommand      Reason = 23
	ReasonTooManyOrders       Reason = 24
	ReasonInvalidOrderType    Reason = 25
	ReasonTradeNotFound       Reason = 26
	// ReasonTradeStatusFinal refuses a status report about a trade whose
	// status is final (CONFIRMED, FAILED or SYNTHETIC): nothing follows it.
	ReasonTradeStatusFinal Reason = 27
	// ReasonInvalidTradeStatus refuses a status that may not follow the
	// trade's current one (see tradeNext).
	ReasonInvalidTradeStatus Reason = 28
	// ReasonMakerWalletNotDeployed refuses an order (signature type 2)
	// whose maker proxy wallet no WalletDeployed has announced. The value
	// leaves room below it, as the protobuf enum does.
	ReasonMakerWalletNotDeployed Reason = 40
	// ReasonCollateralNotApproved refuses a BUY whose maker has not
	// approved the market's exchange to move its USDW, or whose allowance
	// does not cover what its open BUY orders there and this one could
	// move.
	ReasonCollateralNotApproved Reason = 41
	// ReasonSharesNotApproved refuses a SELL whose maker has not approved
	// the market's exchange (ApprovalForAll) to move its outcome shares.
	ReasonSharesNotApproved Reason = 42
	// ReasonAccountInDebt refuses an order of a wallet that owes the
	// ledger (see debt in ledger.go).
	ReasonAccountInDebt Reason = 43
	// ReasonNotADecrease refuses a KindDecrease whose new remaining size
	// is not below the order's current one: a larger size needs a new
	// signed order (the signature authorises up to its size, no more),
	// and an unchanged one is no decrease.
	ReasonNotADecrease Reason = 44
	// ReasonInvalidSelfTrade refuses an order whose self-trade prevention
	// mode is none of the SelfTrade values.
	ReasonInvalidSelfTrade Reason = 45
	// ReasonGroupNotFound refuses an order naming, or a reset or delete
	// of, a group its wallet does not have.
	ReasonGroupNotFound Reason = 46
	// ReasonGroupLimitReached refuses an order naming a group whose fills
	// reached its limit, until the wallet resets the group.
	ReasonGroupLimitReached Reason = 47
	// ReasonInvalidGroup refuses a KindSetGroup with group 0, a limit of
	// 0 or not of whole lots, or a window outside its bounds.
	ReasonInvalidGroup Reason = 48
	// ReasonTooManyGroups refuses a new group past Config.GroupsMax.
	ReasonTooManyGroups Reason = 49
)

// reasonCount is one more than the highest Reason.
const reasonCount = 50

// Units. Amounts are integers in base units of 1e-6 (USDW and shares both
// have 6 decimals). Inside the core, sizes are counted in lots of 0.01 share
// and prices in pips of 0.0001 USDW, so that a lot times a pip is exactly one
// base unit and no product ever needs rounding. The units, the price range
// and the tick sizes are the rules the gateways enforce too
// (pred.dev/proto/rules).
const (
	// UnitsPerShare is the number of base units in one share or one USDW.
	UnitsPerShare = rules.UnitsPerShare
	// LotUnits is the size step: 0.01 share.
	LotUnits = rules.LotUnits
	// PipsPerUnit is the number of price pips in 1 USDW; a YES and a NO
	// share together are worth exactly this many pips.
	PipsPerUnit = 10_000
	// MicroPerPip converts a pip to the micro-USDW price unit of the wire.
	MicroPerPip = 100
	// PriceMinPips and PriceMaxPips bound every order price (0.01..0.99).
	PriceMinPips = rules.PriceMin / MicroPerPip
	PriceMaxPips = rules.PriceMax / MicroPerPip
	// BpsDenominator is 100% in basis points.
	BpsDenominator = 10_000
)

// MarketParams are the operator-set parameters of a market, in wire units.
type MarketParams struct {
	// TickSize in micro-USDW: 100000, 10000, 1000 or 100.
	TickSize uint64
	// MinSize and MaxSize bound an order's size, in share base units.
	MinSize uint64
	MaxSize uint64
	// FeeRateBps is the platform taker fee; an order must sign at least it.
	FeeRateBps uint32
	NegRisk    bool
}
