package machine

// EventKind names an event.
type EventKind uint8

const (
	EvOrderAccepted EventKind = iota + 1
	EvOrderRejected
	EvOrderFilled
	EvOrderCancelled
	EvOrderExpired
	EvTrade
	EvBalanceChanged
	EvMarketChanged
	EvCommandRejected
	EvTradeStatusChanged
	EvTransfer
	EvApprovalChanged
	EvBookChanged
	EvOrderDecreased
)

var eventNames = [...]string{
	EvOrderAccepted: "accepted", EvOrderRejected: "rejected", EvOrderFilled: "filled",
	EvOrderCancelled: "cancelled", EvOrderExpired: "expired", EvTrade: "trade",
	EvBalanceChanged: "balance", EvMarketChanged: "market", EvCommandRejected: "command-rejected",
	EvTradeStatusChanged: "trade-status", EvTransfer: "transfer", EvApprovalChanged: "approval",
	EvBookChanged: "book", EvOrderDecreased: "decreased",
}

func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return "unknown"
}

// Event is one output of the state machine, flat for the same reason as
// Command. Markets, accounts and owners are referred to by index: they are
// never removed, so an index is a stable, compact name that
// Machine.Market, Machine.Account and Machine.Owner resolve. Prices are in
// micro-USDW per share and sizes and amounts in base units, as on the wire.
//
// Fields by kind:
//   - OrderAccepted: OrderID, Seq (order seq), Market, Outcome, Account,
//     Owner, Side, OrderType, PostOnly, SelfTrade, CancelOnHalt, Group,
//     Price, Size, FeeRateBps, Expiration, TimeMs.
//   - OrderRejected: OrderID, Reason; for a refused place whose token is
//     known (so every refusal but TokenNotFound and DuplicateOrder), also
//     Market and Outcome. The rest of a refused order is in its command.
//     CommandRejected: Reason; for a refused trade of a SetTradeStatus,
//     also Seq (the trade id; 0 when the whole command is refused).
//   - OrderFilled: OrderID, Account, Market.
//   - OrderCancelled: OrderID, Account, Market, Cause, Status, Remaining.
//   - OrderDecreased: OrderID, Account, Market, Size (the order's size
//     now: its original size less what the decrease took off), Remaining
//     (its remaining size now, never 0: a decrease to 0 is a cancel),
//     TimeMs. The order keeps its place in the queue.
//   - OrderExpired: OrderID, Account, Market, Remaining. Engine time has
//     reached the GTD order's expiration (its status is CANCELED, and the
//     read model gives it CauseExpired).
//   - Trade: Seq (trade id), Market, MatchType, OrderID and Account (the
//     taker's), MakerOrderID, MakerAccount, Outcome/MakerOutcome,
//     Side/MakerSide, Price/MakerPrice (each in its own token's terms), Size,
//     Fee, FeeRateBps, Remaining/MakerRemaining, TimeMs.
//   - BalanceChanged: Account, Asset, Balance, Locked, Pending, Debt.
//   - MarketChanged: Market, MarketStatus, Change (why). Read the market's
//     parameters with Machine.Market right after the Apply that emitted it.
//     A market command emits it before the cancellations it causes.
//   - TradeStatusChanged: Seq (trade id), TradeStatus, OrderID (tx hash),
//     Account and MakerAccount (the trade's taker and maker), Market.
//   - Transfer: Account, TransferKind, Amount, OrderID (the command id),
//     Asset (-1 for collateral), Market (payouts and reversals, else -1),
//     Seq (reversals: the trade id).
//   - ApprovalChanged: Account, Exchange, Amount (the USDW allowance the
//     ledger counts), Unlimited (USDW allowance of 2^256-1), Approved
//     (the outcome shares: ApprovalForAll).
//   - BookChanged: one level of a market's YES book that the command
//     changed: Market, BookSide, Price (micro-USDW per YES share), Size and
//     Orders (base units and orders resting there after the command),
//     PrevSize and PrevOrders (the same before it). They come after all
//     the command's other events, grouped by market (ascending index),
//     each market's levels by side (bids first) then ascending price; a
//     level whose totals the command left as they were is not reported.
//     One event per level keeps Event flat and comparable; the wire
//     gathers a market's run into one BookChanged message.
type Event struct {
	Kind         EventKind
	Reason       Reason
	Cause        CancelCause
	Status       OrderStatus
	MatchType    MatchType
	Side         Side
	MakerSide    Side
	Outcome      Outcome
	MakerOutcome Outcome
	OrderType    OrderType
	PostOnly     bool
	SelfTrade    SelfTrade
	CancelOnHalt bool
	TradeStatus  TradeStatus
	TransferKind TransferKind
	MarketStatus MarketStatus
	Change       MarketChange
	BookSide     BookSide
	Exchange     Exchange
	Unlimited    bool
	Approved     bool

	Market       int32
	Account      int32
	MakerAccount int32
	Owner        int32
	Asset        int32
	FeeRateBps   uint32
	Orders       uint32
	PrevOrders   uint32
	Group        uint32

	OrderID      Hash
	MakerOrderID Hash

	Seq            uint64
	Price          uint64
	MakerPrice     uint64
	Size           uint64
	Remaining      uint64
	MakerRemaining uint64
	Fee            uint64
	Expiration     uint64
	Balance        uint64
	Locked         uint64
	Pending        uint64
	Debt           uint64
	Amount         uint64
	PrevSize       uint64
	TimeMs         int64
}
