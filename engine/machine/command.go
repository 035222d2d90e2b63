package machine

// Kind names a command.
type Kind uint8

const (
	KindPlace Kind = iota + 1
	KindCancel
	KindCancelList
	KindCancelMarket
	KindCancelAll
	KindHeartbeat
	KindTick
	KindCreateMarket
	KindConfigureMarket
	KindHaltMarket
	KindResumeMarket
	KindClearMarket
	KindCloseMarket
	KindResolveMarket
	KindDeposit
	KindWithdraw
	KindFaucet
	KindSetTradeStatus
	KindWalletDeployed
	KindWithdrawalObserved
	KindWithdrawalReleased
	KindCollateralApproval
	KindSharesApproval
	KindDecrease
	KindReplace
	KindSetGroup
	KindResetGroup
	KindDeleteGroup
)

var kindNames = [...]string{
	KindPlace: "place", KindCancel: "cancel", KindCancelList: "cancel-list",
	KindCancelMarket: "cancel-market", KindCancelAll: "cancel-all",
	KindHeartbeat: "heartbeat", KindTick: "tick", KindCreateMarket: "create-market",
	KindConfigureMarket: "configure-market", KindHaltMarket: "halt-market",
	KindResumeMarket: "resume-market", KindClearMarket: "clear-market",
	KindCloseMarket: "close-market", KindResolveMarket: "resolve-market",
	KindDeposit: "deposit", KindWithdraw: "withdraw", KindFaucet: "faucet",
	KindSetTradeStatus: "set-trade-status", KindWalletDeployed: "wallet-deployed",
	KindWithdrawalObserved: "withdrawal-observed", KindWithdrawalReleased: "withdrawal-released",
	KindCollateralApproval: "collateral-approval", KindSharesApproval: "shares-approval",
	KindDecrease: "decrease", KindReplace: "replace", KindSetGroup: "set-group", KindResetGroup: "reset-group",
	KindDeleteGroup: "delete-group",
}

// PlacesOrder reports whether commands of kind k place a new signed order
// (Command.ID its hash, Command.Order its fields): a place, or a replace.
func (k Kind) PlacesOrder() bool { return k == KindPlace || k == KindReplace }

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// Command is one input to the state machine. It is a flat struct rather
// than one type per command so that the shell can decode into a reused
// value and the hot path never allocates; each Kind documents the fields it
// reads and ignores the rest.
type Command struct {
	Kind Kind
	// TimeMs is the command's time: the log's timestamp, never a clock read.
	// Engine time is the maximum TimeMs seen so far.
	TimeMs int64
	// ID is the order hash for KindPlace and KindReplace (the new order)
	// and the command id otherwise;
	// deposits, withdrawals and faucet credits are applied once per ID.
	ID Hash

	// Order is read by KindPlace and KindReplace.
	Order OrderSpec
	// Owner is the API key of KindPlace, KindReplace and KindHeartbeat.
	Owner KeyID

	// Account is the wallet of cancels, decreases, deposits, withdrawals,
	// faucets, approvals and KindWalletDeployed (the proxy wallet
	// deployed). KindReplace has none: its account is the new order's
	// maker, whose order the old one must be.
	Account Address
	// OrderIDs lists the orders of KindCancel, KindDecrease and
	// KindReplace (exactly one: the order cancelled, decreased or
	// replaced) and KindCancelList (at most Config.CancelListMax).
	OrderIDs []Hash
	// Amount is what KindDeposit, KindWithdraw, KindWithdrawalObserved,
	// KindWithdrawalReleased and KindFaucet move: collateral, or shares of
	// the token in Args.Token when Args is set and its Token is not zero.
	// For KindCollateralApproval it is the USDW allowance. For KindDecrease
	// it is shares (base units, whole lots): taken off the order's
	// remaining size, or with ReduceTo the remaining size wanted.
	Amount uint64
	// ReduceTo is read by KindDecrease: Amount is the API's reduce_to
	// rather than its reduce_by.
	ReduceTo bool
	// Args holds the arguments of the market commands, KindCancelMarket,
	// KindSetTradeStatus and the approvals. They are rare, and keeping them out of line
	// keeps the commands of the hot path small.
	Args *Args
}

// Args are the arguments of the less frequent commands.
type Args struct {
	// Market is read by the market commands and KindCancelMarket.
	Market Hash
	// Token narrows KindCancelMarket to one token; zero means both tokens.
	// With Market zero, the market is the token's. For the money commands
	// (deposit, withdraw, withdrawal observed or released) it is the asset
	// moved; zero (or no Args) means collateral.
	Token Hash
	// Tokens are the YES and NO token ids of KindCreateMarket.
	Tokens [2]Hash
	// Params are read by KindCreateMarket and KindConfigureMarket.
	Params MarketParams
	// Payout holds the YES and NO numerators of KindResolveMarket.
	Payout []uint32
	// TradeID, TradeIDs, TradeStatus and TxHash are read by
	// KindSetTradeStatus: its trades are TradeID (when not 0) then
	// TradeIDs, at most rules.TradeStatusTradesMax (see setTradeStatus).
	TradeID     uint64
	TradeIDs    []uint64
	TradeStatus TradeStatus
	TxHash      Hash
	// Exchange and Approved are read by the approvals: the exchange the
	// wallet approved, and for KindSharesApproval whether it is approved
	// (ApprovalForAll), for KindCollateralApproval whether the allowance is
	// unlimited (2^256-1) rather than Amount.
	Exchange Exchange
	Approved bool
	// Group and WindowSec are read by KindSetGroup (with Command.Amount,
	// the fill limit) and Group by KindResetGroup and KindDeleteGroup.
	Group     uint32
	WindowSec uint32
}

// OrderSpec is what the engine reads of a signed order.
type OrderSpec struct {
	Maker   Address
	TokenID Hash
	// BUY: MakerAmount is collateral given and TakerAmount shares received;
	// SELL: the other way round. Base units.
	MakerAmount uint64
	TakerAmount uint64
	// Expiration is in Unix seconds; only GTD orders may set it.
	Expiration uint64
	FeeRateBps uint32
	Side       Side
	Type       OrderType
	PostOnly   bool
	// SelfTrade and CancelOnHalt are request options like PostOnly, not
	// part of the signed order: what to do on meeting an order of the same
	// wallet, and whether to cancel the order when its market is halted
	// (rather than keep it until the market resumes).
	SelfTrade    SelfTrade
	CancelOnHalt bool
	// Group names an order group of the maker (groups.go); 0 is none.
	Group uint32
	// SignatureType is the order's signed signature type: 2 (a Safe proxy
	// wallet as maker) needs the wallet deployed (KindWalletDeployed).
	SignatureType uint8
}

// SignatureProxy is the signature type of orders whose maker is the
// signer's proxy wallet (a Safe), eip712.SignaturePolyGnosisSafe.
const SignatureProxy = 2
