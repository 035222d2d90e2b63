package clobapi

import (
	"crypto/sha256"
	"encoding/hex"
)

// The CLOB's streams: GET /ws/market and GET /ws/user (WebSocket). The
// contract is the gateway's AsyncAPI document (GET /asyncapi.yaml); these
// are its messages, shared by the gateway and the Go SDK.
//
// Frames. The client sends one JSON object per text frame (a
// StreamRequest). The server sends one JSON array per text frame: every
// message of one log position for this connection, in the log's order;
// or one control message (subscribed, error, gap, ping, pong) as a bare
// JSON object, never inside an array. A frame is
// never split, so a client that saw a frame saw its whole position.
//
// Positions. Position is the sequence of the EVT stream message (the
// engine's event log) a message comes from; every replica of the gateway
// reads the same log, so positions and the messages at them are the same
// on every replica. Seq counts the messages of one subscription on one
// connection, from 1: a jump in Seq is a bug, never a normal event (a gap
// is a message). A client that reconnects sends From, the last position
// whose frame it processed, and receives every later position's messages,
// nothing before, nothing twice; when the log no longer holds them it
// receives a gap message and a new snapshot.

// The streams' paths below the API's base URL.
const (
	StreamMarketPath = "/ws/market"
	StreamUserPath   = "/ws/user"
)

// Stream request types (StreamRequest.Type).
const (
	StreamSubscribe   = "subscribe"
	StreamUnsubscribe = "unsubscribe"
	StreamPing        = "ping"
	// StreamAuth authenticates a /ws/user connection whose upgrade request
	// could not carry the L2 headers (a browser's WebSocket cannot).
	StreamAuth = "auth"
)

// StreamRequest is what a client sends.
type StreamRequest struct {
	Type string `json:"type"`
	// ID is the client's name for the request, echoed in the answer
	// (subscribed or error).
	ID string `json:"id,omitempty"`
	// AssetIDs (token ids, decimal) and Markets (condition ids, 0x hex)
	// to (un)subscribe. On /ws/market a market stands for both its
	// tokens; on /ws/user Markets filters the caller's messages (empty:
	// all of them) and AssetIDs is refused.
	AssetIDs []string `json:"assets_ids,omitempty"`
	Markets  []string `json:"markets,omitempty"`
	// From resumes after this position (the last one whose frame the
	// client processed). Absent: /ws/market starts with a book snapshot
	// of each token, /ws/user with the next position.
	From *uint64 `json:"from,omitempty"`
	// Auth carries the L2 credentials of a StreamAuth request.
	Auth *StreamCredentials `json:"auth,omitempty"`
}

// StreamCredentials are an API key's L2 credentials, signed as for REST:
// Signature is the HMAC of Timestamp + "GET" + "/ws/user" under the
// key's secret (the secret itself is never sent).
type StreamCredentials struct {
	Address    string `json:"address"`
	APIKey     string `json:"api_key"`
	Passphrase string `json:"passphrase"`
	Timestamp  string `json:"timestamp"`
	Signature  string `json:"signature"`
}

// Stream message types (StreamHeader.Type).
const (
	// Control.
	MsgSubscribed = "subscribed"
	MsgError      = "error"
	MsgGap        = "gap"
	MsgPing       = "ping"
	MsgPong       = "pong"
	// Market channel.
	MsgBook        = "book"
	MsgPriceChange = "price_change"
	MsgLastTrade   = "last_trade_price"
	MsgMarket      = "market"
	// User channel (MsgMarket too: every market's status changes).
	MsgOrder    = "order"
	MsgTrade    = "trade"
	MsgBalance  = "balance"
	MsgTransfer = "transfer"
)

// StreamHeader is the part every message has; decode it first to tell
// the message's type.
type StreamHeader struct {
	Type string `json:"type"`
	// Position is the EVT sequence the message comes from or, for a
	// snapshot, the position it reflects (every message after it is of
	// a later position). Control messages carry the connection's last
	// position.
	Position uint64 `json:"position"`
	// Seq counts the subscription's messages from 1 (0 on control
	// messages).
	Seq uint64 `json:"seq,omitempty"`
}

// SubscribedMessage answers a subscribe or unsubscribe: what the
// connection is subscribed to now.
type SubscribedMessage struct {
	StreamHeader
	ID       string   `json:"id,omitempty"`
	Channel  string   `json:"channel"`
	AssetIDs []string `json:"assets_ids"`
	Markets  []string `json:"markets"`
}

// ErrorMessage refuses a request (Code is a stable code of the error
// table, as in REST) or says why the server closes the connection (then
// the close frame repeats it). ID is the request's.
type ErrorMessage struct {
	StreamHeader
	ID      string `json:"id,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// GapMessage says positions From..To (inclusive) will never be sent on
// this subscription (the log no longer holds them, or they are more than
// the server replays): drop the book and use the snapshot that follows.
type GapMessage struct {
	StreamHeader
	From   uint64 `json:"from"`
	To     uint64 `json:"to"`
	Reason string `json:"reason"`
}

// PriceLevel is in clobapi/types.go: {price, size} decimal strings.

// BookMessage is a token's whole book at Position.
type BookMessage struct {
	StreamHeader
	AssetID  string       `json:"asset_id"`
	Market   string       `json:"market"`
	Bids     []PriceLevel `json:"bids"`
	Asks     []PriceLevel `json:"asks"`
	TickSize string       `json:"tick_size"`
	// Hash is BookHash of the book.
	Hash        string `json:"hash"`
	TimestampMs int64  `json:"timestamp_ms"`
}

// PriceChange is a level's new total on one side of a token's book
// ("0" when the level emptied).
type PriceChange struct {
	Price string `json:"price"`
	// Side is BUY (a bid) or SELL (an ask) of the token.
	Side string `json:"side"`
	Size string `json:"size"`
}

// PriceChangeMessage is every level of one token's book that changed at
// Position, with the book's best prices and hash after them.
type PriceChangeMessage struct {
	StreamHeader
	AssetID string        `json:"asset_id"`
	Market  string        `json:"market"`
	Changes []PriceChange `json:"changes"`
	// BestBid and BestAsk are "" when that side is empty.
	BestBid     string `json:"best_bid"`
	BestAsk     string `json:"best_ask"`
	Hash        string `json:"hash"`
	TimestampMs int64  `json:"timestamp_ms"`
}

// LastTradeMessage is one trade of a token, in its terms: the price the
// token traded at and the taker's side.
type LastTradeMessage struct {
	StreamHeader
	AssetID     string `json:"asset_id"`
	Market      string `json:"market"`
	TradeID     string `json:"trade_id"`
	Price       string `json:"price"`
	Size        string `json:"size"`
	Side        string `json:"side"`
	TimestampMs int64  `json:"timestamp_ms"`
}

// Market events (MarketMessage.Event): why the market changed.
const (
	MarketEventCreated    = "created"
	MarketEventConfigured = "configured" // tick size, sizes or fee rate
	MarketEventHalted     = "halted"
	MarketEventResumed    = "resumed"
	MarketEventCleared    = "cleared" // every order cancelled (a game went live)
	MarketEventClosed     = "closed"
	MarketEventResolved   = "resolved"
)

// MarketMessage is a market's state after a change.
type MarketMessage struct {
	StreamHeader
	Market   string   `json:"market"`
	AssetIDs []string `json:"assets_ids"`
	Event    string   `json:"event"`
	// Status is MarketActive, MarketHalted, MarketClosed or
	// MarketResolved (as in GET /markets).
	Status       string `json:"status"`
	TickSize     string `json:"tick_size"`
	MinOrderSize string `json:"min_order_size"`
	// Payouts are the resolved payout numerators, YES then NO.
	Payouts     []string `json:"payouts,omitempty"`
	TimestampMs int64    `json:"timestamp_ms"`
}

// Order events (OrderMessage.Event).
const (
	OrderPlacement    = "PLACEMENT"
	OrderFill         = "FILL"
	OrderCancellation = "CANCELLATION"
	OrderExpiration   = "EXPIRATION"
	// OrderDecrease: POST /order/decrease lowered a live order's size in
	// place (Size is its size now, Remaining what is left to fill).
	OrderDecrease = "DECREASE"
)

// OrderMessage is a change of one of the caller's orders. PLACEMENT
// carries the whole order; FILL the trade and what remains;
// CANCELLATION and EXPIRATION what remained and, for a cancellation, its
// cause (the REST cancel causes); DECREASE the order's size now and what
// remains.
type OrderMessage struct {
	StreamHeader
	Event        string `json:"event"`
	ID           string `json:"id"`
	Market       string `json:"market"`
	AssetID      string `json:"asset_id,omitempty"`
	Side         string `json:"side,omitempty"`
	Price        string `json:"price,omitempty"`
	OriginalSize string `json:"original_size,omitempty"`
	OrderType    string `json:"order_type,omitempty"`
	// Size is a DECREASE's size of the order now: its original size less
	// every decrease.
	Size        string `json:"size,omitempty"`
	Remaining   string `json:"remaining"`
	Status      string `json:"status"`
	TradeID     string `json:"trade_id,omitempty"`
	Cause       string `json:"cause,omitempty"`
	TimestampMs int64  `json:"timestamp_ms"`
}

// TradeMessage is one of the caller's trades: once MATCHED (with its
// terms in the caller's token), then at every settlement status
// (SUBMITTED, MINED, CONFIRMED, RETRYING, FAILED) with the transaction
// hash. Role is TAKER or MAKER.
type TradeMessage struct {
	StreamHeader
	TradeID         string `json:"trade_id"`
	Status          string `json:"status"`
	Market          string `json:"market"`
	Role            string `json:"role"`
	OrderID         string `json:"order_id,omitempty"`
	AssetID         string `json:"asset_id,omitempty"`
	Side            string `json:"side,omitempty"`
	Price           string `json:"price,omitempty"`
	Size            string `json:"size,omitempty"`
	Fee             string `json:"fee,omitempty"`
	TransactionHash string `json:"transaction_hash,omitempty"`
	TimestampMs     int64  `json:"timestamp_ms"`
}

// BalanceMessage is the caller's balance in one asset after a change
// (AssetID "" is USDW), as GET /balance-allowance says it.
type BalanceMessage struct {
	StreamHeader
	AssetID string `json:"asset_id"`
	Balance string `json:"balance"`
	Locked  string `json:"locked"`
	Pending string `json:"pending"`
	Debt    string `json:"debt"`
}

// TransferMessage is a movement of the caller's funds other than a
// trade: a deposit, withdrawal, faucet credit, payout or reversal (the
// types of GET /transactions).
type TransferMessage struct {
	StreamHeader
	Kind        string `json:"kind"`
	Amount      string `json:"amount"`
	AssetID     string `json:"asset_id,omitempty"`
	Market      string `json:"market,omitempty"`
	Ref         string `json:"ref"`
	TradeID     string `json:"trade_id,omitempty"`
	TimestampMs int64  `json:"timestamp_ms"`
}

// PingMessage is the server's keep-alive (and PongMessage its answer to a
// client's ping): Position is the last position sent on the connection.
type PingMessage struct {
	StreamHeader
}

// BookHash is the hash book and price_change messages carry: the hex
// SHA-256 of assetID, "|", the bids, "|", the asks, each side's levels
// best price first as "price:size" joined by ",", in the messages' decimal
// strings. A client holding a token's book computes it after applying a
// message and compares: a difference means its book is wrong (take a
// snapshot: resubscribe without From).
func BookHash(assetID string, bids, asks []PriceLevel) string {
	h := sha256.New()
	h.Write([]byte(assetID))
	for _, side := range [2][]PriceLevel{bids, asks} {
		h.Write([]byte{'|'})
		for i, l := range side {
			if i > 0 {
				h.Write([]byte{','})
			}
			h.Write([]byte(l.Price))
			h.Write([]byte{':'})
			h.Write([]byte(l.Size))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
