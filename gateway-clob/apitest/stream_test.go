package apitest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"pred.dev/gateway-clob/apitest"
	"pred.dev/proto/client/clobapi"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// Values of the messages below, in the wire's formats.
const (
	market  = "0xc7ac855de2176a07db51e28db11f1ee66a8df893520376aba377e4a080b06cd4"
	yes     = "71321045679252212594626385532706912750332728571942532289631379312455583992563"
	no      = "52114319501245915516055106046884209969926127482827954674443846427813813222750"
	orderID = "0xa91b7ba26d542bf8b1c3118dd540f20bb609c1d03d78f5b276744632e42b4f73"
	txHash  = "0x7d1ed658ca1adbb9fef8719d42135a47a540fa2ef3539da3c1679b7bb9c89dfd"
	nowMs   = 1795750963011
)

func header(typ string, position, seq uint64) clobapi.StreamHeader {
	return clobapi.StreamHeader{Type: typ, Position: position, Seq: seq}
}

// frame writes messages as the server sends them: one JSON array.
func frame(t *testing.T, msgs ...any) []byte {
	t.Helper()
	b, err := json.Marshal(msgs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStreamMessagesOfTheSDK: every message type of clobapi/stream.go, as
// the Go types write it, fits the AsyncAPI document on the channels that
// carry it, so the gateway and the SDK that share those types speak what
// the document says.
func TestStreamMessagesOfTheSDK(t *testing.T) {
	v := apitest.StreamSpec().NewValidator(t, rtapitest.RequireChecks())
	from := uint64(4811)
	bids := []clobapi.PriceLevel{{Price: "0.45", Size: "20"}, {Price: "0.4", Size: "10"}}
	asks := []clobapi.PriceLevel{{Price: "0.55", Size: "7"}}
	for _, ch := range []string{"/ws/market", "/ws/user"} {
		for _, req := range []clobapi.StreamRequest{
			{Type: clobapi.StreamSubscribe, ID: "s1", Markets: []string{market}, From: &from},
			{Type: clobapi.StreamUnsubscribe, Markets: []string{market}},
			{Type: clobapi.StreamPing},
		} {
			if ch == "/ws/market" && req.Type != clobapi.StreamPing {
				req.AssetIDs = []string{yes}
			}
			_ = v.Request(ch, marshal(t, req))
		}
		for _, control := range []any{
			clobapi.SubscribedMessage{StreamHeader: header(clobapi.MsgSubscribed, 4811, 0), ID: "s1", Channel: strings.TrimPrefix(ch, "/ws/"),
				AssetIDs: []string{}, Markets: []string{market}},
			clobapi.ErrorMessage{StreamHeader: header(clobapi.MsgError, 4811, 0), ID: "s1", Code: "MARKET_NOT_FOUND", Message: "market not found"},
			clobapi.GapMessage{StreamHeader: header(clobapi.MsgGap, 4811, 0), From: 12, To: 3811, Reason: "the log no longer holds them"},
			clobapi.PingMessage{StreamHeader: header(clobapi.MsgPing, 4811, 0)},
			clobapi.PingMessage{StreamHeader: header(clobapi.MsgPong, 4811, 0)},
		} {
			_ = v.Frame(ch, marshal(t, control)) // a control message comes alone, as a bare object
		}
		_ = v.Frame(ch, frame(t, clobapi.MarketMessage{StreamHeader: header(clobapi.MsgMarket, 5120, 1), Market: market, AssetIDs: []string{yes, no},
			Event: clobapi.MarketEventResolved, Status: clobapi.MarketResolved, TickSize: "0.01", MinOrderSize: "5", Payouts: []string{"1", "0"}, TimestampMs: nowMs}))
	}
	_ = v.Request("/ws/user", marshal(t, clobapi.StreamRequest{Type: clobapi.StreamAuth, Auth: &clobapi.StreamCredentials{
		Address: "0x00000000000000000000000000000000000000aa", APIKey: "5d1b2f3c-8e7a-4c1b-9f0e-2a3b4c5d6e7f", Passphrase: "p",
		Timestamp: "1795750962", Signature: "eHaylCwqRSOa2LFD77Nt_SaTpbsxzN8eTEI3LryhEj4="}}))

	_ = v.Frame("/ws/market", frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 4811, 1), AssetID: yes, Market: market,
		Bids: bids, Asks: asks, TickSize: "0.01", Hash: clobapi.BookHash(yes, bids, asks), TimestampMs: nowMs}))
	_ = v.Frame("/ws/market", frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 4811, 2), AssetID: no, Market: market,
		Bids: []clobapi.PriceLevel{}, Asks: []clobapi.PriceLevel{}, TickSize: "0.01", Hash: clobapi.BookHash(no, nil, nil), TimestampMs: nowMs}))
	_ = v.Frame("/ws/market", frame(t,
		clobapi.PriceChangeMessage{StreamHeader: header(clobapi.MsgPriceChange, 4812, 3), AssetID: yes, Market: market,
			Changes: []clobapi.PriceChange{{Price: "0.55", Side: "SELL", Size: "0"}}, BestBid: "0.45", BestAsk: "",
			Hash: clobapi.BookHash(yes, bids, nil), TimestampMs: nowMs},
		clobapi.LastTradeMessage{StreamHeader: header(clobapi.MsgLastTrade, 4812, 4), AssetID: yes, Market: market, TradeID: "17",
			Price: "0.55", Size: "7", Side: "BUY", TimestampMs: nowMs}))

	_ = v.Frame("/ws/user", frame(t,
		clobapi.OrderMessage{StreamHeader: header(clobapi.MsgOrder, 4812, 2), Event: clobapi.OrderPlacement, ID: orderID, Market: market,
			AssetID: yes, Side: "BUY", Price: "0.55", OriginalSize: "10", OrderType: "GTC", Remaining: "10", Status: "LIVE", TimestampMs: nowMs},
		clobapi.OrderMessage{StreamHeader: header(clobapi.MsgOrder, 4812, 3), Event: clobapi.OrderFill, ID: orderID, Market: market,
			Remaining: "3", Status: "LIVE", TradeID: "17", TimestampMs: nowMs},
		clobapi.TradeMessage{StreamHeader: header(clobapi.MsgTrade, 4812, 4), TradeID: "17", Status: "MATCHED", Market: market, Role: "TAKER",
			OrderID: orderID, AssetID: yes, Side: "BUY", Price: "0.55", Size: "7", Fee: "0.0385", TimestampMs: nowMs},
		clobapi.BalanceMessage{StreamHeader: header(clobapi.MsgBalance, 4812, 5), AssetID: "", Balance: "96.15", Locked: "1.65", Pending: "0", Debt: "0"},
		clobapi.BalanceMessage{StreamHeader: header(clobapi.MsgBalance, 4812, 6), AssetID: yes, Balance: "7", Locked: "0", Pending: "0", Debt: "0"}))
	_ = v.Frame("/ws/user", frame(t,
		clobapi.OrderMessage{StreamHeader: header(clobapi.MsgOrder, 4990, 7), Event: clobapi.OrderCancellation, ID: orderID, Market: market,
			Remaining: "3", Status: "CANCELED", Cause: "MARKET_CLEARED", TimestampMs: nowMs},
		clobapi.TradeMessage{StreamHeader: header(clobapi.MsgTrade, 4990, 8), TradeID: "17", Status: "CONFIRMED", Market: market, Role: "MAKER",
			TransactionHash: txHash, TimestampMs: nowMs},
		clobapi.TransferMessage{StreamHeader: header(clobapi.MsgTransfer, 4990, 9), Kind: "PAYOUT", Amount: "7", AssetID: yes, Market: market,
			Ref: txHash, TimestampMs: nowMs},
		clobapi.TransferMessage{StreamHeader: header(clobapi.MsgTransfer, 4990, 10), Kind: "REVERSAL_IN", Amount: "1", Ref: "cmd 9", TradeID: "17", TimestampMs: nowMs}))
}

// TestStreamValidatorRefuses: messages a server must not send, each
// alone, are reported when the test ends, with what is wrong.
func TestStreamValidatorRefuses(t *testing.T) {
	hash := clobapi.BookHash(yes, []clobapi.PriceLevel{{Price: "0.45", Size: "20"}}, nil)
	book := `{"type":"book","position":4811,"seq":1,"asset_id":"` + yes + `","market":"` + market +
		`","bids":[{"price":"0.45","size":"20"}],"asks":[],"tick_size":"0.01","hash":"` + hash + `","timestamp_ms":1}`
	for _, tc := range []struct{ name, channel, frame, want string }{
		{"a valid book", "/ws/market", "[" + book + "]", ""},
		{"a price as a number", "/ws/market", "[" + strings.Replace(book, `"price":"0.45"`, `"price":0.45`, 1) + "]", "/bids/0/price: "},
		{"a signed decimal", "/ws/market", "[" + strings.Replace(book, `"size":"20"`, `"size":"-20"`, 1) + "]", "/bids/0/size: "},
		{"a hex token id", "/ws/market", "[" + strings.Replace(book, yes, "0x9d", 1) + "]", "/asset_id: "},
		{"a short condition id", "/ws/market", "[" + strings.Replace(book, market, "0xc7ac", 1) + "]", "/market: "},
		{"an upper-case hash", "/ws/market", "[" + strings.Replace(book, hash, strings.ToUpper(hash), 1) + "]", "/hash: "},
		{"no seq", "/ws/market", "[" + strings.Replace(book, `"seq":1,`, "", 1) + "]", "missing property 'seq'"},
		{"a user message on the market channel", "/ws/market", `[{"type":"balance","position":1,"seq":1,"asset_id":"","balance":"1","locked":"0","pending":"0","debt":"0"}]`, `no message of type "balance"`},
		{"a reference exchange's message", "/ws/market", `[{"type":"tick_size_change","position":1,"seq":1}]`, `no message of type "tick_size_change"`},
		{"a book on the user channel", "/ws/user", "[" + book + "]", `no message of type "book"`},
		{"an unknown order event", "/ws/user", `[{"type":"order","position":1,"seq":1,"event":"UPDATE","id":"` + orderID + `","market":"` + market + `","remaining":"1","status":"LIVE","timestamp_ms":1}]`, "/event: "},
		{"an unknown error code", "/ws/market", `{"type":"error","position":1,"code":"OOPS","message":"x"}`, "/code: "},
		{"a gap beside a book", "/ws/market", `[{"type":"gap","position":4811,"from":1,"to":2,"reason":"old"},` + book + "]", `control message "gap" in an array`},
		{"a ping in an array", "/ws/user", `[{"type":"ping","position":4811}]`, `control message "ping" in an array`},
		{"a book as a bare object", "/ws/market", book, "a book message alone as a bare object: only control messages come bare"},
		{"wsfeed's error", "/ws/user", `{"type":"error","position":0,"code":"STREAM_AUTH_TIMEOUT","message":"no auth message arrived in time"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := rtapitest.NewRecorder(t)
			err := apitest.StreamSpec().NewValidator(rec).Frame(tc.channel, []byte(tc.frame))
			errs := rec.Finish()
			switch {
			case tc.want == "" && (len(errs) != 0 || err != nil):
				t.Errorf("reported %q, want nothing", errs)
			case tc.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], tc.want)):
				t.Errorf("reported %q, want one report containing %q", errs, tc.want)
			}
		})
	}
}

// TestStreamRequestsRefused: requests a client must not send, as the
// document says; a test that sends them on purpose does not pass them to
// the validator.
func TestStreamRequestsRefused(t *testing.T) {
	for _, tc := range []struct{ name, channel, request, want string }{
		{"auth on the market channel", "/ws/market", `{"type":"auth","auth":{"api_key":"k","passphrase":"p","timestamp":"1","signature":"s"}}`, `the client sends no message of type "auth"`},
		{"a negative from", "/ws/market", `{"type":"subscribe","markets":["` + market + `"],"from":-1}`, "/from: "},
		{"a decimal condition id", "/ws/market", `{"type":"subscribe","markets":["12"]}`, "/markets/0: "},
		{"an auth without a signature", "/ws/user", `{"type":"auth","auth":{"api_key":"k","passphrase":"p","timestamp":"1"}}`, "missing property 'signature'"},
		{"a misspelt field", "/ws/market", `{"type":"subscribe","asset_ids":["1"]}`, "additional properties 'asset_ids' not allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := rtapitest.NewRecorder(t)
			_ = apitest.StreamSpec().NewValidator(rec).Request(tc.channel, []byte(tc.request))
			if errs := rec.Finish(); len(errs) != 1 || !strings.Contains(errs[0], tc.want) {
				t.Errorf("reported %q, want one report containing %q", errs, tc.want)
			}
		})
	}
}

// TestStreamDocument: the CLOB's AsyncAPI document loads (structure,
// references, schemas) and every message has examples that fit.
func TestStreamDocument(t *testing.T) {
	rtapitest.CheckStreamDocument(t, apitest.StreamSpec())
	rtapitest.CheckStreamExamples(t, apitest.StreamSpec())
}
