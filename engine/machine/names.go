package machine

// Names for logs and test output. They are the spelling of the protobuf
// enum values without their prefix, lower case.

func name(names []string, i int) string {
	if i >= 0 && i < len(names) && names[i] != "" {
		return names[i]
	}
	return "unknown"
}

var reasonNames = [reasonCount]string{
	ReasonMarketNotFound: "market-not-found", ReasonMarketNotAccepting: "market-not-accepting",
	ReasonTokenNotFound: "token-not-found", ReasonInvalidPrice: "invalid-price",
	ReasonInvalidAmounts: "invalid-amounts", ReasonSizeTooSmall: "size-too-small",
	ReasonSizeTooLarge: "size-too-large", ReasonInvalidExpiration: "invalid-expiration",
	ReasonFeeRateTooLow: "fee-rate-too-low", ReasonFeeRateTooHigh: "fee-rate-too-high",
	ReasonDuplicateOrder: "duplicate-order", ReasonNotEnoughBalance: "not-enough-balance",
	ReasonFOKNotFilled: "fok-not-filled", ReasonFAKNoMatch: "fak-no-match",
	ReasonPostOnlyCrosses: "post-only-crosses", ReasonPostOnlyInvalidType: "post-only-invalid-type",
	ReasonOrderNotFound: "order-not-found", ReasonMarketExists: "market-exists",
	ReasonInvalidMarketParams: "invalid-market-params", ReasonInvalidMarketState: "invalid-market-state",
	ReasonInvalidPayout: "invalid-payout", ReasonDuplicateCommand: "duplicate-command",
	ReasonInvalidCommand: "invalid-command", ReasonTooManyOrders: "too-many-orders",
	ReasonInvalidOrderType: "invalid-order-type", ReasonTradeNotFound: "trade-not-found",
	ReasonTradeStatusFinal: "trade-status-final", ReasonInvalidTradeStatus: "invalid-trade-status",
	ReasonMakerWalletNotDeployed: "maker-wallet-not-deployed",
	ReasonCollateralNotApproved:  "collateral-not-approved", ReasonSharesNotApproved: "shares-not-approved",
	ReasonAccountInDebt: "account-in-debt", ReasonNotADecrease: "not-a-decrease",
	ReasonInvalidSelfTrade: "invalid-self-trade", ReasonGroupNotFound: "group-not-found",
	ReasonGroupLimitReached: "group-limit-reached", ReasonInvalidGroup: "invalid-group",
	ReasonTooManyGroups: "too-many-groups",
}

func (r Reason) String() string { return name(reasonNames[:], int(r)) }

func (c CancelCause) String() string {
	return name([]string{CauseUser: "user", CauseFAKRemainder: "fak-remainder",
		CauseSelfTrade: "self-trade", CauseHeartbeat: "heartbeat", CauseMarketCleared: "market-cleared",
		CauseMarketClosed: "market-closed", CauseMarketResolved: "market-resolved", CauseExpired: "expired",
		CauseWithdrawal: "withdrawal", CauseApprovalRevoked: "approval-revoked", CauseDebt: "debt",
		CauseTradeFailed: "trade-failed", CauseHalted: "halted",
		CauseGroupLimit: "group-limit", CauseGroupDeleted: "group-deleted"}, int(c))
}

func (s OrderStatus) String() string {
	return name([]string{StatusLive: "live", StatusMatched: "matched", StatusCanceled: "canceled",
		StatusCanceledMarketResolved: "canceled-market-resolved", StatusSystemCleared: "system-cleared",
		StatusInvalid: "invalid"}, int(s))
}

func (t MatchType) String() string {
	return name([]string{Complementary: "complementary", Mint: "mint", Merge: "merge"}, int(t))
}

func (s MarketStatus) String() string {
	return name([]string{MarketActive: "active", MarketHalted: "halted", MarketClosed: "closed",
		MarketResolved: "resolved"}, int(s))
}

func (s Side) String() string { return name([]string{Buy: "buy", Sell: "sell"}, int(s)) }

func (o Outcome) String() string { return name([]string{Yes: "yes", No: "no"}, int(o)) }

func (s SelfTrade) String() string {
	return name([]string{SelfTradeCancelResting: "cancel-resting", SelfTradeCancelIncoming: "cancel-incoming",
		SelfTradeCancelBoth: "cancel-both"}, int(s))
}

func (t OrderType) String() string {
	return name([]string{GTC: "gtc", GTD: "gtd", FOK: "fok", FAK: "fak"}, int(t))
}

func (s TradeStatus) String() string {
	return name([]string{TradeMatched: "matched", TradeSubmitted: "submitted", TradeMined: "mined",
		TradeConfirmed: "confirmed", TradeRetrying: "retrying", TradeFailed: "failed",
		TradeSynthetic: "synthetic"}, int(s))
}

func (k TransferKind) String() string {
	return name([]string{TransferDeposit: "deposit", TransferWithdrawal: "withdrawal",
		TransferFaucet: "faucet", TransferPayout: "payout",
		TransferWithdrawalReserved: "withdrawal-reserved", TransferWithdrawalReleased: "withdrawal-released",
		TransferWithdrawalSettled: "withdrawal-settled", TransferReversalIn: "reversal-in",
		TransferReversalOut: "reversal-out", TransferDebt: "debt", TransferDebtRepaid: "debt-repaid"}, int(k))
}

func (x Exchange) String() string {
	return name([]string{ExchangeStandard: "standard", ExchangeNegRisk: "neg-risk"}, int(x))
}

func (c MarketChange) String() string {
	return name([]string{ChangeCreated: "created", ChangeConfigured: "configured", ChangeHalted: "halted",
		ChangeResumed: "resumed", ChangeCleared: "cleared", ChangeClosed: "closed", ChangeResolved: "resolved"}, int(c))
}

func (s BookSide) String() string { return name([]string{BookBid: "bid", BookAsk: "ask"}, int(s)) }
