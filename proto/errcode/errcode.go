// Package errcode is the one table of the exchange's stable error codes.
//
// Errors are data: each code has a name that never changes, the HTTP
// status the APIs answer it with, and a default message that tells the
// caller what to fix. Gateways answer every failure with the JSON body
//
//	{"error": "<message>", "code": "<CODE>"}
//
// and the client SDK maps such a body back to a typed error that matches
// the code with errors.Is. Engine rejections (pb.RejectReason) map to codes
// through FromReject, so an order refused by the engine and one refused by
// the gateway's own validation carry the same code.
//
// Names follow the reference exchange where it has one
// (INVALID_ORDER_MIN_TICK_SIZE, FOK_ORDER_NOT_FILLED_ERROR, ...); codes
// the reference lacks are named in the same style.
package errcode

import (
	"net/http"
	"slices"
)

// Code is a stable machine-readable error code. It implements error so
// that errors.Is(err, errcode.RateLimited) works on any error that
// carries a code (see Error.Is). Because it is an error, fmt prints a
// Code as its message: write string(c) to print the code itself.
type Code string

// Error returns the code's default message.
func (c Code) Error() string {
	if e, ok := byCode[c]; ok {
		return e.Message
	}
	return string(c)
}

// Status returns the HTTP status of c, 500 for an unknown code.
func (c Code) Status() int {
	if e, ok := byCode[c]; ok {
		return e.Status
	}
	return http.StatusInternalServerError
}

// Message returns the default message of c.
func (c Code) Message() string { return c.Error() }

// Known reports whether c is in the table.
func (c Code) Known() bool {
	_, ok := byCode[c]
	return ok
}

// Order validation (400). Every one of them means nothing was appended to
// the command log.
const (
	InvalidOrderPayload        Code = "INVALID_ORDER_PAYLOAD"
	InvalidOrderMinTickSize    Code = "INVALID_ORDER_MIN_TICK_SIZE"
	InvalidOrderPrice          Code = "INVALID_ORDER_PRICE"
	InvalidOrderAmounts        Code = "INVALID_ORDER_AMOUNTS"
	InvalidOrderMinSize        Code = "INVALID_ORDER_MIN_SIZE"
	InvalidOrderMaxSize        Code = "INVALID_ORDER_MAX_SIZE"
	InvalidOrderExpiration     Code = "INVALID_ORDER_EXPIRATION"
	InvalidOrderFeeRateTooLow  Code = "INVALID_ORDER_FEE_RATE_TOO_LOW"
	InvalidOrderFeeRateTooHigh Code = "INVALID_ORDER_FEE_RATE_TOO_HIGH"
	InvalidOrderType           Code = "INVALID_ORDER_TYPE"
	InvalidOrderSide           Code = "INVALID_ORDER_SIDE"
	InvalidOrderOwner          Code = "INVALID_ORDER_OWNER"
	InvalidOrderSigner         Code = "INVALID_ORDER_SIGNER"
	InvalidOrderMaker          Code = "INVALID_ORDER_MAKER"
	InvalidOrderTaker          Code = "INVALID_ORDER_TAKER"
	InvalidSignature           Code = "INVALID_SIGNATURE"
	InvalidSignatureType       Code = "INVALID_SIGNATURE_TYPE"
	InvalidPostOnlyOrderType   Code = "INVALID_POST_ONLY_ORDER_TYPE"
	InvalidOrderDuplicated     Code = "INVALID_ORDER_DUPLICATED"
	InvalidOrderNotEnoughBal   Code = "INVALID_ORDER_NOT_ENOUGH_BALANCE"
	InvalidPostOnlyOrder       Code = "INVALID_POST_ONLY_ORDER"
	FOKOrderNotFilled          Code = "FOK_ORDER_NOT_FILLED_ERROR"
	FAKOrderNotFilled          Code = "FAK_ORDER_NOT_FILLED_ERROR"
	MarketNotReady             Code = "MARKET_NOT_READY"
	TooManyOrders              Code = "TOO_MANY_ORDERS"
	// MakerWalletNotDeployed: the engine refuses an order (signature type
	// 2) whose maker proxy wallet it has not seen deployed on chain; the
	// order reached the log, so it is deterministic and replays the same.
	MakerWalletNotDeployed Code = "MAKER_WALLET_NOT_DEPLOYED"
	// The engine refuses an order whose maker has not let the market's
	// exchange move what the order gives (approvals seen on chain): the
	// chain would refuse to settle it.
	InvalidOrderCollateralNotApproved Code = "INVALID_ORDER_COLLATERAL_NOT_APPROVED"
	InvalidOrderSharesNotApproved     Code = "INVALID_ORDER_SHARES_NOT_APPROVED"
	// The engine refuses an order of a wallet that owes the ledger.
	InvalidOrderAccountInDebt Code = "INVALID_ORDER_ACCOUNT_IN_DEBT"
	// A decrease that would not lower the order's remaining size: a
	// larger size needs a new signed order.
	InvalidOrderNotADecrease Code = "INVALID_ORDER_NOT_A_DECREASE"
	// An order whose self-trade prevention mode is none the engine knows.
	InvalidOrderSelfTrade Code = "INVALID_ORDER_SELF_TRADE"
	// Order groups: an order or reset naming a group the wallet does not
	// have; an order of a group whose fills reached its limit; a group
	// with a bad id, limit or window; one group too many.
	OrderGroupNotFound     Code = "ORDER_GROUP_NOT_FOUND"
	OrderGroupLimitReached Code = "ORDER_GROUP_LIMIT_REACHED"
	InvalidOrderGroup      Code = "INVALID_ORDER_GROUP"
	TooManyOrderGroups     Code = "TOO_MANY_ORDER_GROUPS"
)

// Request validation (400).
const (
	InvalidPayload   Code = "INVALID_PAYLOAD"
	InvalidParameter Code = "INVALID_PARAMETER"
	InvalidTokenID   Code = "INVALID_TOKEN_ID"
	InvalidOrderID   Code = "INVALID_ORDER_ID"
	InvalidMarketID  Code = "INVALID_MARKET_ID"
	InvalidSide      Code = "INVALID_SIDE"
	InvalidCursor    Code = "INVALID_CURSOR"
	InvalidAmount    Code = "INVALID_AMOUNT"
	InvalidAddress   Code = "INVALID_ADDRESS"
	TooManyTokenIDs  Code = "TOO_MANY_TOKEN_IDS"
	PayloadTooLarge  Code = "PAYLOAD_TOO_LARGE"
	APIKeyRevoked    Code = "API_KEY_REVOKED"
	InvalidCommand   Code = "INVALID_COMMAND"
)

// Requests that are not well-formed HTTP, or that say one thing twice
// (400, 431). Every API answers them the same way, before any handler
// reads the request (proto/runtime/httpmw), and closes the connection
// after a malformed request head, whose end it cannot trust.
const (
	MalformedRequest   Code = "MALFORMED_REQUEST"
	MalformedURL       Code = "MALFORMED_URL"
	InvalidHeader      Code = "INVALID_HEADER"
	HeaderTooLarge     Code = "HEADER_TOO_LARGE"
	InvalidBodyFraming Code = "INVALID_BODY_FRAMING"
	DuplicateParameter Code = "DUPLICATE_PARAMETER"
	DuplicateHeader    Code = "DUPLICATE_HEADER"
)

// Conflicts with the caller's existing state (409).
const (
	APIKeyLimitReached Code = "API_KEY_LIMIT_REACHED"
)

// Gamma API: catalogue queries and writes.
const (
	UnknownParameter Code = "UNKNOWN_PARAMETER"
	InvalidLimit     Code = "INVALID_LIMIT"
	InvalidOffset    Code = "INVALID_OFFSET"
	InvalidSortKey   Code = "INVALID_SORT_KEY"
	InvalidDate      Code = "INVALID_DATE"
	InvalidID        Code = "INVALID_ID"
	InvalidSlug      Code = "INVALID_SLUG"
	EventNotFound    Code = "EVENT_NOT_FOUND"
	GameNotFound     Code = "GAME_NOT_FOUND"
	TagNotFound      Code = "TAG_NOT_FOUND"
	ProfileNotFound  Code = "PROFILE_NOT_FOUND"
	SlugTaken        Code = "SLUG_TAKEN"
	Conflict         Code = "CONFLICT"
	StoreUnavailable Code = "STORE_UNAVAILABLE"
)

// Gamma API: the market lifecycle (games, adjudication, archival).
const (
	GameStatusRegression   Code = "GAME_STATUS_REGRESSION"
	InvalidScoreReport     Code = "INVALID_SCORE_REPORT"
	InvalidPayoutVector    Code = "INVALID_PAYOUT_VECTOR"
	AdjudicationPhase      Code = "ADJUDICATION_PHASE"
	LivenessOver           Code = "LIVENESS_OVER"
	NegRiskAlreadyResolved Code = "NEG_RISK_ALREADY_DETERMINED"
	NegRiskNoSplit         Code = "NEG_RISK_NO_SPLIT"
	MarketNotResolved      Code = "MARKET_NOT_RESOLVED"
	MarketClosedForGood    Code = "MARKET_CLOSED"
)

// Gamma API: login, bearer tokens and operator auth (401).
const (
	InvalidLoginMessage  Code = "INVALID_LOGIN_MESSAGE"
	LoginNonceInvalid    Code = "LOGIN_NONCE_INVALID"
	InvalidLoginSig      Code = "INVALID_LOGIN_SIGNATURE"
	InvalidToken         Code = "INVALID_TOKEN"
	TokenExpired         Code = "TOKEN_EXPIRED"
	RefreshTokenUsed     Code = "REFRESH_TOKEN_USED"
	OperatorUnauthorized Code = "OPERATOR_UNAUTHORIZED"
)

// Relayer API: its authentication, keys, submissions and transactions.
const (
	RelayerUnauthorized        Code = "RELAYER_UNAUTHORIZED"
	InvalidRelayerAPIKey       Code = "INVALID_RELAYER_API_KEY"
	RelayerAPIKeyLimitReached  Code = "RELAYER_API_KEY_LIMIT_REACHED"
	RelayerAPIKeyNotFound      Code = "RELAYER_API_KEY_NOT_FOUND"
	FromNotCaller              Code = "FROM_NOT_CALLER"
	UnsupportedTransactionType Code = "UNSUPPORTED_TRANSACTION_TYPE"
	InvalidProxyWallet         Code = "INVALID_PROXY_WALLET"
	InvalidSafeSignature       Code = "INVALID_SAFE_SIGNATURE"
	InvalidSignatureParams     Code = "INVALID_SIGNATURE_PARAMS"
	CallNotAllowed             Code = "CALL_NOT_ALLOWED"
	SafeNotDeployed            Code = "SAFE_NOT_DEPLOYED"
	SafeDeployed               Code = "SAFE_DEPLOYED"
	SafeNonceUsed              Code = "SAFE_NONCE_USED"
	TransactionNotFound        Code = "TRANSACTION_NOT_FOUND"
	TooManyResubmissions       Code = "TOO_MANY_RESUBMISSIONS"
	ChainUnavailable           Code = "CHAIN_UNAVAILABLE"
	RelayerUnavailable         Code = "RELAYER_UNAVAILABLE"
)

// Authentication (401).
const (
	Unauthorized         Code = "UNAUTHORIZED"
	InvalidL1Headers     Code = "INVALID_L1_HEADERS"
	InvalidL1Signature   Code = "INVALID_L1_SIGNATURE"
	L1NonceUsed          Code = "L1_NONCE_ALREADY_USED"
	InvalidL2Headers     Code = "INVALID_L2_HEADERS"
	InvalidAPIKey        Code = "INVALID_API_KEY"
	InvalidL2Signature   Code = "INVALID_L2_SIGNATURE"
	TimestampOutOfWindow Code = "TIMESTAMP_OUT_OF_WINDOW"
	ScopeMismatch        Code = "SCOPE_MISMATCH"
)

// Unknown ids and routes (404).
const (
	NotFound          Code = "NOT_FOUND"
	OrderNotFound     Code = "ORDER_NOT_FOUND"
	TokenNotFound     Code = "TOKEN_NOT_FOUND"
	MarketNotFound    Code = "MARKET_NOT_FOUND"
	TradeNotFound     Code = "TRADE_NOT_FOUND"
	APIKeyNotFound    Code = "API_KEY_NOT_FOUND"
	PriceNotAvailable Code = "PRICE_NOT_AVAILABLE"
)

// Method, rate limits, server and engine state.
const (
	MethodNotAllowed      Code = "METHOD_NOT_ALLOWED"
	RateLimited           Code = "RATE_LIMITED"
	InternalError         Code = "INTERNAL_ERROR"
	EngineUnavailable     Code = "ENGINE_UNAVAILABLE"
	EngineTimeout         Code = "ENGINE_TIMEOUT"
	CommandOutcomeUnknown Code = "COMMAND_OUTCOME_UNKNOWN"
	Overloaded            Code = "OVERLOADED"
	FaucetDisabled        Code = "FAUCET_DISABLED"
)

// Streams (the WebSocket channels of the CLOB and Gamma). A stream
// refuses a request with an error message carrying one of these codes
// (or a REST code, for an id or a credential), and closes the connection
// with the code in the close reason when it ends it; the status is the
// upgrade's answer, where one applies.
const (
	StreamUpgradeRequired      Code = "STREAM_UPGRADE_REQUIRED"
	StreamTooManyConnections   Code = "STREAM_TOO_MANY_CONNECTIONS"
	StreamMalformedMessage     Code = "STREAM_MALFORMED_MESSAGE"
	StreamUnknownRequest       Code = "STREAM_UNKNOWN_REQUEST"
	StreamInvalidRequest       Code = "STREAM_INVALID_REQUEST"
	StreamTooManySubscriptions Code = "STREAM_TOO_MANY_SUBSCRIPTIONS"
	StreamSlowConsumer         Code = "STREAM_SLOW_CONSUMER"
	StreamAuthTimeout          Code = "STREAM_AUTH_TIMEOUT"
	StreamPongTimeout          Code = "STREAM_PONG_TIMEOUT"
	StreamPositionAhead        Code = "STREAM_POSITION_AHEAD"
	StreamShuttingDown         Code = "STREAM_SHUTTING_DOWN"
)

// SettlerUnavailable: the chain side of the exchange (the settler's
// markets service: a market's preparation, a payout report, the faucet's
// funding) did not answer, as while no settler holds its lease. Every
// such request is idempotent on chain, so a retry is safe.
const SettlerUnavailable Code = "SETTLER_UNAVAILABLE"

// The load balancer in front of a deployment's API replicas (the
// cluster's HAProxy) answers with these, never a replica: its errors
// carry the same JSON body, so a client reads them as it reads the API's.
const (
	NoReplicaAvailable      Code = "NO_REPLICA_AVAILABLE"
	ReplicaConnectionFailed Code = "REPLICA_CONNECTION_FAILED"
	ReplicaTimeout          Code = "REPLICA_TIMEOUT"
)

// Entry is one row of the table.
type Entry struct {
	Code    Code
	Status  int
	Message string
}

// table lists every code once, grouped by status. Messages are written to
// the caller and say what to change.
var table = []Entry{
	{InvalidOrderPayload, 400, "invalid order payload: send {\"order\":{...signed fields...,\"signature\":\"0x...\"},\"owner\":\"<api key>\",\"orderType\":\"GTC\"} with every signed field present"},
	{InvalidOrderMinTickSize, 400, "order price breaks the market's minimum tick size rule: the price implied by makerAmount/takerAmount must be a multiple of the market's tick size (GET /tick-size)"},
	{InvalidOrderPrice, 400, "order price out of range: the implied price must be between 0.01 and 0.99 inclusive"},
	{InvalidOrderAmounts, 400, "invalid order amounts: the share amount must be a positive whole number of lots (a multiple of 10000 base units, 0.01 share) and the collateral amount must equal shares times price exactly"},
	{InvalidOrderMinSize, 400, "order size lower than the market's minimum: raise the share amount to at least min_order_size (GET /book)"},
	{InvalidOrderMaxSize, 400, "order size higher than the market's maximum: lower the share amount to at most max_order_size (GET /book)"},
	{InvalidOrderExpiration, 400, "invalid expiration: only GTD orders may set one, and it must be in the future (the order leaves the book at that Unix second); use 0 for GTC, FOK and FAK"},
	{InvalidOrderFeeRateTooLow, 400, "feeRateBps is below the market's fee rate: sign at least the rate GET /fee-rate/{tokenID} returns"},
	{InvalidOrderFeeRateTooHigh, 400, "feeRateBps is above the maximum of 1000: sign the market's fee rate (GET /fee-rate/{tokenID})"},
	{InvalidOrderType, 400, "invalid orderType: use GTC, GTD, FOK or FAK"},
	{InvalidOrderSide, 400, "invalid side: use \"BUY\" or \"SELL\""},
	{InvalidOrderOwner, 400, "the order owner has to be the API key: set \"owner\" to the PRED_API_KEY of the request"},
	{InvalidOrderSigner, 400, "the order signer address has to be the address of the API key: sign with the wallet that created the key"},
	{InvalidOrderMaker, 400, "invalid maker: with signatureType 0 the maker must equal the signer; with signatureType 2 it must be the signer's proxy wallet"},
	{InvalidOrderTaker, 400, "invalid taker: sign the zero address (a public order) or the market's exchange contract (the neg-risk exchange on neg-risk markets) as taker"},
	{InvalidSignature, 400, "invalid signature: the EIP-712 signature does not recover to the order's signer; check the chain id, the exchange address (neg-risk markets use the neg-risk exchange) and every signed field"},
	{InvalidSignatureType, 400, "unsupported signatureType: use 0 (EOA, maker = signer) or 2 (proxy wallet, maker = the signer's proxy wallet); type 1 is not supported"},
	{InvalidPostOnlyOrderType, 400, "invalid post-only order: only GTC and GTD order types are allowed"},
	{InvalidOrderDuplicated, 400, "order is invalid: duplicated; an order with this hash was already submitted, change the salt to place a new order"},
	{InvalidOrderNotEnoughBal, 400, "not enough balance: the maker wallet's available balance does not cover the order (BUY: price x size plus the maximum taker fee; SELL: the shares); see GET /balance-allowance"},
	{InvalidPostOnlyOrder, 400, "invalid post-only order: order crosses book; lower a BUY or raise a SELL price, or drop postOnly"},
	{FOKOrderNotFilled, 400, "order couldn't be fully filled: FOK orders are fully filled or killed; nothing was traded"},
	{FAKOrderNotFilled, 400, "no orders found to match with FAK order: FAK orders are partially filled or killed if no match is found"},
	{MarketNotReady, 400, "the market is not accepting orders: it is halted, closed or resolved; cancels are still allowed"},
	{MakerWalletNotDeployed, 400, "maker wallet not deployed: the order's maker is a proxy wallet (signatureType 2) that is not deployed on chain yet; deploy it through the Relayer API (pred wallet deploy) and place the order once the exchange has seen the deployment"},
	{InvalidOrderCollateralNotApproved, 400, "collateral not approved: the maker has not approved the market's exchange (the neg-risk exchange for negRisk markets) to move its USDW, or its allowance does not cover its open BUY orders there and this one; approve the exchange on chain (pred wallet approve), then place the order once the exchange has seen the approval (after 2 blocks); see GET /balance-allowance"},
	{InvalidOrderSharesNotApproved, 400, "shares not approved: the maker has not approved the market's exchange (the neg-risk exchange for negRisk markets) to move its outcome shares (ConditionalTokens setApprovalForAll); approve it on chain (pred wallet approve), then place the order once the exchange has seen the approval (after 2 blocks)"},
	{InvalidOrderNotADecrease, 400, "a decrease must lower the order's remaining size (reduce_by more than 0, reduce_to below the remaining size); to trade more, place a new signed order"},
	{InvalidOrderSelfTrade, 400, "the order's self-trade prevention mode is none of the known ones (cancel the resting order, the default; cancel the incoming order; cancel both)"},
	{OrderGroupNotFound, 404, "the wallet has no order group with this id: create it first (its id, fill limit and window)"},
	{OrderGroupLimitReached, 409, "the order group's fills reached its limit within its window: its orders were cancelled, and it takes no orders until the wallet resets it"},
	{InvalidOrderGroup, 400, "an order group needs an id other than 0, a fill limit of whole lots (0.01 share) above 0, and a window of 1 to 60 seconds (0 for the default 15)"},
	{TooManyOrderGroups, 400, "the wallet has as many order groups as it may (32): delete one or reuse one"},
	{InvalidOrderAccountInDebt, 400, "the maker wallet owes the exchange: a trade it took part in failed on chain, or funds left the wallet that its fills had already spent, and the ledger could not take back all it had to (GET /balance-allowance shows the debt); deposit what is owed, and the wallet may place orders again"},
	{TooManyOrders, 400, "too many orders in payload: POST /orders takes at most 15 orders and DELETE /orders at most 3000 ids"},
	{InvalidPayload, 400, "invalid payload: the request body is not the JSON this endpoint expects"},
	{InvalidParameter, 400, "invalid parameter: check the query and path parameters against GET /openapi.yaml"},
	{InvalidTokenID, 400, "invalid token id: send the uint256 token id as a decimal string"},
	{InvalidOrderID, 400, "invalid order id: send the 32-byte order hash as 0x followed by 64 hex digits"},
	{InvalidMarketID, 400, "invalid market: send the 32-byte condition id as 0x followed by 64 hex digits"},
	{InvalidSide, 400, "invalid side: use BUY or SELL"},
	{InvalidCursor, 400, "invalid cursor: pass next_cursor exactly as a previous page returned it, or MA== for the first page"},
	{InvalidAmount, 400, "invalid amount: send a positive decimal string with at most 6 decimals"},
	{InvalidAddress, 400, "invalid address: send 0x followed by 40 hex digits"},
	{TooManyTokenIDs, 400, "too many token ids: batch price endpoints take at most 500 token ids"},
	{PayloadTooLarge, 413, "request body too large: split the request"},
	{MalformedRequest, 400, "malformed request: send the request line METHOD /path HTTP/1.1, one Host header and header lines ending in CRLF; the message names what is wrong"},
	{MalformedURL, 400, "malformed URL: write a literal % as %25, escape other bytes as % and two hex digits, and separate query parameters with & (not ;)"},
	{InvalidHeader, 400, "invalid header: a header line is a name (letters, digits and - _ . ! # $ & ' * + ^ ~), a colon and a value without control characters (NUL, CR, LF, DEL), on one line"},
	{HeaderTooLarge, 431, "the request line and headers are larger than the server accepts (the message gives the limit): send fewer or shorter headers"},
	{InvalidBodyFraming, 400, "invalid body framing: give the body's length with one Content-Length header, or send it with Transfer-Encoding: chunked (HTTP/1.1), never both and no other transfer coding"},
	{DuplicateParameter, 400, "a query parameter is given more than once and the request is ambiguous: send it once (the message names it); only the list filters the document marks repeatable may repeat"},
	{DuplicateHeader, 400, "a header is given more than once and the request is ambiguous: send it once (the message names it)"},
	{APIKeyRevoked, 400, "this API key was revoked: create a new key with POST /auth/api-key"},
	{APIKeyLimitReached, 409, "this wallet has as many active API keys in this scope as it may: revoke one with DELETE /auth/api-key?api_key=<apiKey>, or derive an existing one with GET /auth/derive-api-key"},
	{InvalidCommand, 400, "the engine refused the command as malformed"},
	{UnknownParameter, 400, "unknown query parameter: the message names it; see GET /openapi.yaml for the parameters of this endpoint"},
	{InvalidLimit, 400, "invalid limit: send an integer from 1 to 100 (pages never hold more than 100 rows; use offset or the keyset cursor for more)"},
	{InvalidOffset, 400, "invalid offset: send an integer from 0 to 100000 (page deeper with the keyset endpoint's next_cursor)"},
	{InvalidSortKey, 400, "invalid order: send one sort field in camelCase as the message lists, and ascending=true or false"},
	{InvalidDate, 400, "invalid date: send an RFC 3339 date-time (2026-11-21T18:00:00Z) or a date (2026-11-21)"},
	{InvalidID, 400, "invalid id: catalogue ids are positive decimal integers"},
	{InvalidSlug, 400, "invalid slug: use 1 to 128 lowercase letters, digits and single dashes (will-it-rain-in-lisbon)"},
	{EventNotFound, 404, "event not found: no event has this id or slug"},
	{GameNotFound, 404, "game not found: no game has this id"},
	{TagNotFound, 404, "tag not found: no tag has this id or slug (GET /tags lists them; an operator creates one with POST /admin/tags)"},
	{ProfileNotFound, 404, "profile not found: this address has not created a profile (POST /profiles)"},
	{SlugTaken, 409, "this slug is taken: slugs are unique and stable, choose another"},
	{Conflict, 409, "the record changed or exists already: read it again and retry"},
	{GameStatusRegression, 409, "a game's status moves forward only (pre-game, live, finished): a live game cannot be pre-game again, nor a finished one live"},
	{InvalidScoreReport, 400, "invalid score report: send gameStatus (pre-game, live or finished) and non-negative integer homeScore and awayScore"},
	{InvalidPayoutVector, 400, "invalid payoutVector: send [1,0] (YES), [0,1] (NO) or [1,1] (50-50)"},
	{AdjudicationPhase, 409, "the market's adjudication is not in a phase that allows this step: read adjudication.currentPhase and nextSteps on GET /markets/{id}"},
	{LivenessOver, 409, "the liveness period of this proposal has ended (adjudication.livenessEndsAt): it can no longer be challenged"},
	{NegRiskAlreadyResolved, 409, "another market of this negRisk event has resolved YES or has a YES proposal pending: exactly one market of a negRisk event resolves YES"},
	{NegRiskNoSplit, 400, "a negRisk market resolves [1,0] or [0,1] only: its event's outcomes are mutually exclusive, so a 50-50 split (or a cancel) is refused"},
	{MarketNotResolved, 409, "only a resolved or canceled market can be archived"},
	{MarketClosedForGood, 409, "the market is closed for good: a closed market does not reopen"},
	{StoreUnavailable, 503, "the catalogue store (NATS KV) is unavailable: nothing was written; retry later"},
	{InvalidLoginMessage, 400, "invalid login request: send {\"signature\":\"0x...\",\"messageParams\":{...the nonce response's fields...}}"},
	{LoginNonceInvalid, 401, "login nonce unknown, used or expired: get a new one with GET /auth/nonce?address=<your address> and sign again; a nonce is spent by the first login attempt"},
	{InvalidLoginSig, 401, "invalid login signature: sign the EIP-712 Login message (address, statement, nonce, issuedAt, chainId, scopeId as the nonce response gave them) with the key of the address the nonce was issued to"},
	{InvalidToken, 401, "invalid bearer token: send Authorization: Bearer <token> with a token from POST /auth/login or POST /auth/refresh"},
	{TokenExpired, 401, "the bearer token has expired: log in again (GET /auth/nonce, POST /auth/login)"},
	{RefreshTokenUsed, 401, "this token was already refreshed: use the token the refresh returned, or log in again"},
	{OperatorUnauthorized, 401, "operator endpoints need the PRED_OPERATOR_KEY header with the operator key; trader tokens are not accepted"},
	{Unauthorized, 401, "unauthorized: send the L2 headers PRED_API_KEY, PRED_PASSPHRASE, PRED_SIGNATURE and PRED_TIMESTAMP"},
	{InvalidL1Headers, 401, "invalid L1 request headers: send PRED_ADDRESS, PRED_SIGNATURE, PRED_TIMESTAMP and PRED_NONCE (a fresh random string of 1 to 64 visible ASCII characters)"},
	{InvalidL1Signature, 401, "invalid L1 signature: sign the EIP-712 ClobAuth message (address, timestamp string, nonce string, attestation message) with the key of PRED_ADDRESS on this chain id"},
	{L1NonceUsed, 401, "this PRED_NONCE was already used by this wallet: sign again with a new random PRED_NONCE"},
	{InvalidL2Headers, 401, "invalid L2 request headers: send PRED_API_KEY, PRED_PASSPHRASE, PRED_SIGNATURE and PRED_TIMESTAMP"},
	{InvalidAPIKey, 401, "unauthorized/invalid api key: the key or passphrase is unknown or the key was revoked; derive or create a key with L1 auth"},
	{InvalidL2Signature, 401, "invalid L2 signature: PRED_SIGNATURE must be the base64url HMAC-SHA256, keyed with the secret, of timestamp + method + path + body"},
	{TimestampOutOfWindow, 401, "PRED_TIMESTAMP is outside the accepted window: send the current Unix time in seconds (GET /time)"},
	{ScopeMismatch, 401, "PRED_SCOPE_ID does not match the scope the API key was created in"},
	{NotFound, 404, "not found: see GET /openapi.yaml for the routes"},
	{OrderNotFound, 404, "order not found: no order of the caller with this id reached the exchange (GET /order/{orderID} finds open and finished orders alike; a cancel finds only open ones)"},
	{TokenNotFound, 404, "token not found: no market trades this token id; take token ids from the market's clobTokenIds"},
	{MarketNotFound, 404, "market not found: no market has this condition id"},
	{TradeNotFound, 404, "trade not found: no trade with this id involves the caller"},
	{APIKeyNotFound, 404, "no active API key exists for this wallet in this scope: create one with POST /auth/api-key"},
	{PriceNotAvailable, 404, "no price: that side of the book is empty"},
	{MethodNotAllowed, 405, "method not allowed on this path: see GET /openapi.yaml"},
	{RateLimited, 429, "rate limit exceeded: wait for the number of seconds in the Retry-After header"},
	{InternalError, 500, "internal error: the request failed on the server; retry, and report the X-Request-Id if it persists"},
	{EngineUnavailable, 503, "the matching engine is unavailable: nothing was appended; retry later"},
	{SettlerUnavailable, 503, "the chain side of the exchange (the settler's markets service) did not answer in time, or no settler is serving it: retry later; what the chain has already done is not done twice"},
	{EngineTimeout, 503, "the command is in the log and will be applied, but the engine's result did not arrive in time: poll GET /order/{orderID}"},
	{CommandOutcomeUnknown, 503, "the command log did not acknowledge the command in time: it may or may not have been appended; for an order, poll GET /order/{orderID} before resubmitting"},
	{Overloaded, 503, "the gateway is overloaded: nothing was appended; retry after the number of seconds in the Retry-After header"},
	{FaucetDisabled, 404, "the faucet exists only on devnets"},
	{StreamUpgradeRequired, 426, "this path is a WebSocket stream: connect with a WebSocket client (GET with Connection: Upgrade, Upgrade: websocket, Sec-WebSocket-Version: 13 and a Sec-WebSocket-Key)"},
	{StreamTooManyConnections, 429, "too many stream connections from this client IP or API key: close one (the message gives the limit) or multiplex subscriptions on one connection"},
	{StreamMalformedMessage, 400, "malformed stream message: send one JSON object per text frame, {\"type\":\"subscribe\",...}, with only the documented fields"},
	{StreamUnknownRequest, 400, "unknown request type: send subscribe, unsubscribe, ping or (on /ws/user) auth"},
	{StreamInvalidRequest, 400, "the request is not valid on this channel: the message says which field to change"},
	{StreamTooManySubscriptions, 400, "too many subscriptions on this connection: the message gives the limit of ids per connection; open another connection or unsubscribe first"},
	{StreamSlowConsumer, 429, "the connection did not read its messages fast enough and its send queue filled: reconnect and resume with from = the last position you processed"},
	{StreamAuthTimeout, 401, "no auth message arrived in time: send {\"type\":\"auth\",\"auth\":{...}} first, or the L2 headers with the upgrade request"},
	{StreamPongTimeout, 408, "the client did not answer the server's WebSocket ping in time: reply to pings (every WebSocket library does while it reads)"},
	{StreamPositionAhead, 503, "from is ahead of the position this server has reached, and it did not catch up in time: retry, the subscription resumes from the same position"},
	{StreamShuttingDown, 503, "the server is shutting down: reconnect and resume with from = the last position you processed"},
	{RelayerUnauthorized, 401, "relayer requests need a relayer key (headers RELAYER_API_KEY and RELAYER_API_KEY_ADDRESS, from POST /relayer/api/auth) or a Gamma login token (Authorization: Bearer <token>)"},
	{InvalidRelayerAPIKey, 401, "invalid relayer key: RELAYER_API_KEY is unknown or revoked, or RELAYER_API_KEY_ADDRESS is not the address it was created for; create one with POST /relayer/api/auth"},
	{RelayerAPIKeyLimitReached, 409, "this address has as many relayer keys as it may: revoke one with DELETE /relayer/api/keys/{id}"},
	{RelayerAPIKeyNotFound, 404, "relayer key not found: none of the caller's active keys is this one (GET /relayer/api/keys lists them)"},
	{FromNotCaller, 403, "from must be the caller's own address: a relayer key or token acts only for the address it was issued to"},
	{UnsupportedTransactionType, 400, "unsupported transaction type: use SAFE-CREATE (deploy the proxy wallet) or SAFE (a Safe transaction the owner signed)"},
	{InvalidProxyWallet, 400, "proxyWallet is not the proxy wallet of from: it is the CREATE2 address of the deployment's SafeFactory for that owner (GET /deployed?address=<from>)"},
	{InvalidSafeSignature, 400, "invalid signature: it must be 65 bytes r,s,v by from, over the EIP-712 SafeTx hash (v 27/28) or the eth_sign of it (v 31/32); a SAFE-CREATE signs the factory's EIP-712 CreateProxy with v 27/28"},
	{InvalidSignatureParams, 400, "invalid signatureParams: SAFE needs operation 0 (1 only to MultiSendCallOnly) and every gas, price and refund field zero; SAFE-CREATE needs a zero payment"},
	{CallNotAllowed, 400, "the relayer pays only for calls to this exchange's contracts: USDW and the stablecoin (approve, transfer, wrap, unwrap), the conditional tokens (setApprovalForAll, split, merge, redeem, safeTransferFrom) and MultiSendCallOnly batches of those, with no value"},
	{SafeNotDeployed, 400, "the proxy wallet is not deployed: submit a SAFE-CREATE first (a SAFE transaction may follow it before it is mined)"},
	{SafeDeployed, 409, "the proxy wallet is deployed already: GET /deployed shows it; there is nothing to create"},
	{SafeNonceUsed, 400, "the Safe nonce is already used: sign again with the nonce GET /nonce?address=<from>&type=SAFE returns"},
	{TransactionNotFound, 404, "transaction not found: no transaction of the caller has this id"},
	{TooManyResubmissions, 409, "this request failed too many times: change it (a new Safe nonce or new calls) before submitting again"},
	{ChainUnavailable, 503, "the chain's RPC endpoint did not answer: nothing was queued; retry later"},
	{RelayerUnavailable, 503, "the relayer's queue or store (NATS) is unavailable: nothing was queued or written; retry later"},
	{NoReplicaAvailable, 503, "no replica of this API could take the request (none is ready, or none accepted the connection): nothing reached the exchange; retry later"},
	{ReplicaConnectionFailed, 502, "the replica closed the connection without a valid answer: the request may or may not have been carried out; for an order, GET /order/{orderID} before resubmitting"},
	{ReplicaTimeout, 504, "the replica did not answer in time: the request may or may not have been carried out; for an order, GET /order/{orderID} before resubmitting"},
}

var byCode = func() map[Code]Entry {
	m := make(map[Code]Entry, len(table))
	for _, e := range table {
		if _, dup := m[e.Code]; dup {
			panic("errcode: duplicate code " + string(e.Code))
		}
		m[e.Code] = e
	}
	return m
}()

// All returns every entry, sorted by status then code.
func All() []Entry {
	out := slices.Clone(table)
	slices.SortStableFunc(out, func(a, b Entry) int {
		if a.Status != b.Status {
			return a.Status - b.Status
		}
		if a.Code < b.Code {
			return -1
		}
		if a.Code > b.Code {
			return 1
		}
		return 0
	})
	return out
}

// Lookup returns the entry of c.
func Lookup(c Code) (Entry, bool) {
	e, ok := byCode[c]
	return e, ok
}
