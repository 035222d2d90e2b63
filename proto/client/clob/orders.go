package clob

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"net/http"
	"strconv"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/holiman/uint256"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/fixed"
)

// saltMax keeps salts within 2^53-1, so that clients in languages that
// parse JSON numbers as doubles read them exactly (as the reference Rust
// client does).
const saltMax = 1<<53 - 1

// OrderArgs describe an order to sign. Price and Size are decimal strings
// in USDW per share and shares ("0.57", "100"). Every order type fills up
// to Size shares at Price or better: a FOK or FAK BUY buys exactly Size
// shares, it does not spend a USDW amount.
type OrderArgs struct {
	TokenID    string
	Side       string // "BUY" or "SELL"
	Price      string
	Size       string
	OrderType  string // GTC (default), GTD, FOK, FAK
	Expiration int64  // Unix seconds; GTD only, in the future: the order leaves the book then
	FeeRateBps uint32 // at least the market's rate (GET /fee-rate/{tokenID})
	PostOnly   bool   // GTC and GTD only
	NegRisk    bool   // sign for the neg-risk exchange
	Nonce      uint64 // on-chain cancellation nonce, normally 0
	Salt       uint64 // 0 picks a random salt
	// Request options for market makers, not signed: a clobapi.SelfTrade*
	// mode ("" for the default, cancel the resting order), cancel the
	// order when its market halts, and the maker's order group it counts
	// in (0 for none; SetOrderGroup).
	SelfTradePrevention string
	CancelOnHalt        bool
	OrderGroupID        uint32
}

// BuildOrder signs an order and returns the POST /order envelope and the
// order id (its EIP-712 hash). It needs the private key, the chain and API
// credentials (the owner field is the API key).
func (c *Client) BuildOrder(a OrderArgs) (*clobapi.PostOrderRequest, string, error) {
	if c.key == nil || c.chainID == 0 {
		return nil, "", ErrNoKey
	}
	if c.creds == nil {
		return nil, "", ErrNoCreds
	}
	o, err := c.orderStruct(a)
	if err != nil {
		return nil, "", err
	}
	contract := c.exchange
	if a.NegRisk {
		contract = c.negRiskExchange
	}
	sep := eip712.OrderDomain(c.chainID, contract).Separator()
	sig, err := eip712.SignOrder(c.key, sep, o)
	if err != nil {
		return nil, "", fmt.Errorf("clob: sign order: %w", err)
	}
	hash := eip712.HashOrder(sep, o)
	orderType := a.OrderType
	if orderType == "" {
		orderType = "GTC"
	}
	req := &clobapi.PostOrderRequest{
		Order:     OrderJSON(o, sig),
		Owner:     c.creds.APIKey,
		OrderType: orderType,
		PostOnly:  a.PostOnly,

		SelfTradePrevention: a.SelfTradePrevention,
		CancelOnHalt:        a.CancelOnHalt,
		OrderGroupID:        a.OrderGroupID,
	}
	return req, hexutil.Encode(hash[:]), nil
}

func (c *Client) orderStruct(a OrderArgs) (*eip712.Order, error) {
	side, err := fixed.ParseSide(a.Side)
	if err != nil {
		return nil, err
	}
	price, err := fixed.ParsePrice(a.Price)
	if err != nil {
		return nil, err
	}
	size, err := fixed.ParseUnits(a.Size)
	if err != nil {
		return nil, err
	}
	maker, taker, err := fixed.OrderAmounts(side, price, size)
	if err != nil {
		return nil, err
	}
	tok, err := uint256.FromDecimal(a.TokenID)
	if err != nil {
		return nil, fmt.Errorf("clob: token id %q is not a decimal uint256", a.TokenID)
	}
	signedSide, _ := eip712.SideOf(side)
	o := &eip712.Order{
		Maker: c.funder, Signer: c.addr, TokenID: *tok,
		Side: signedSide, SignatureType: c.sigType, ScopeID: c.scope,
	}
	o.Salt.SetUint64(saltOf(a.Salt))
	o.MakerAmount.SetUint64(maker)
	o.TakerAmount.SetUint64(taker)
	o.Expiration.SetUint64(uint64(max(a.Expiration, 0)))
	o.Nonce.SetUint64(a.Nonce)
	o.FeeRateBps.SetUint64(uint64(a.FeeRateBps))
	return o, nil
}

func saltOf(s uint64) uint64 {
	if s != 0 {
		return s
	}
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails since Go 1.24.
	return binary.LittleEndian.Uint64(b[:])%saltMax + 1
}

// OrderJSON is a signed order as POST /order carries it: the one mapping
// from the EIP-712 struct to the API's JSON, for the SDK and for tests
// that build bodies by hand.
func OrderJSON(o *eip712.Order, sig []byte) clobapi.SignedOrder {
	return clobapi.SignedOrder{
		Salt:          clobapi.FlexUint(o.Salt.Uint64()),
		Maker:         o.Maker.Hex(),
		Signer:        o.Signer.Hex(),
		Taker:         o.Taker.Hex(),
		TokenID:       o.TokenID.Dec(),
		MakerAmount:   o.MakerAmount.Dec(),
		TakerAmount:   o.TakerAmount.Dec(),
		Side:          o.Side.String(),
		Expiration:    o.Expiration.Dec(),
		Nonce:         o.Nonce.Dec(),
		FeeRateBps:    o.FeeRateBps.Dec(),
		SignatureType: clobapi.FlexUint(o.SignatureType),
		Signature:     hexutil.Encode(sig),
		ScopeID:       o.ScopeID,
	}
}

// PostOrder sends a signed order once and returns the answer as it is.
// When no answer comes, the order may or may not be placed: PlaceOrder
// finds out before it sends the order again.
func (c *Client) PostOrder(ctx context.Context, req *clobapi.PostOrderRequest) (clobapi.OrderResponse, error) {
	var out clobapi.OrderResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/order", body: req, level: l2}, &out)
	return out, err
}

// CreateAndPostOrder signs and places an order with PlaceOrder: a lost
// answer is reconciled by GET /order/{id} before the order is sent
// again.
func (c *Client) CreateAndPostOrder(ctx context.Context, a OrderArgs) (clobapi.OrderResponse, error) {
	req, id, err := c.BuildOrder(a)
	if err != nil {
		return clobapi.OrderResponse{}, err
	}
	out, err := c.PlaceOrder(ctx, req, id)
	return out.Response, err
}

// PostOrders places up to 15 signed orders; each element of the answer
// says whether its order was placed.
func (c *Client) PostOrders(ctx context.Context, reqs []*clobapi.PostOrderRequest) ([]clobapi.OrderResponse, error) {
	var out []clobapi.OrderResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/orders", body: reqs, level: l2}, &out)
	return out, err
}

// CancelOrder cancels one order.
func (c *Client) CancelOrder(ctx context.Context, orderID string) (clobapi.CancelResponse, error) {
	var out clobapi.CancelResponse
	err := c.do(ctx, request{method: http.MethodDelete, path: "/order", body: clobapi.CancelOrderRequest{OrderID: orderID}, level: l2}, &out)
	return out, err
}

// CancelOrders cancels up to 3000 orders.
func (c *Client) CancelOrders(ctx context.Context, orderIDs []string) (clobapi.CancelResponse, error) {
	var out clobapi.CancelResponse
	err := c.do(ctx, request{method: http.MethodDelete, path: "/orders", body: orderIDs, level: l2}, &out)
	return out, err
}

// CancelMarketOrders cancels the caller's orders on a market (condition
// id) or one of its tokens; either may be empty, not both.
func (c *Client) CancelMarketOrders(ctx context.Context, market, assetID string) (clobapi.CancelResponse, error) {
	var out clobapi.CancelResponse
	body := clobapi.CancelMarketOrdersRequest{Market: market, AssetID: assetID}
	err := c.do(ctx, request{method: http.MethodDelete, path: "/cancel-market-orders", body: body, level: l2}, &out)
	return out, err
}

// CancelAll cancels every open order of the caller.
func (c *Client) CancelAll(ctx context.Context) (clobapi.CancelResponse, error) {
	var out clobapi.CancelResponse
	err := c.do(ctx, request{method: http.MethodDelete, path: "/cancel-all", level: l2}, &out)
	return out, err
}

// GetOrder returns one of the caller's orders.
func (c *Client) GetOrder(ctx context.Context, orderID string) (clobapi.OpenOrder, error) {
	var out clobapi.OpenOrder
	err := c.do(ctx, request{method: http.MethodGet, path: "/order/" + orderID, level: l2}, &out)
	return out, err
}

// PostHeartbeat starts or feeds the dead-man switch of the API key: once
// started, the engine cancels the key's orders after 10 s without one.
func (c *Client) PostHeartbeat(ctx context.Context) (clobapi.HeartbeatResponse, error) {
	var out clobapi.HeartbeatResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/heartbeats", level: l2}, &out)
	return out, err
}

// Faucet credits devnet USDW (a decimal string) to an address. It exists
// only on devnets.
func (c *Client) Faucet(ctx context.Context, address, amount string) (clobapi.FaucetResponse, error) {
	var out clobapi.FaucetResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/faucet", body: clobapi.FaucetRequest{Address: address, Amount: amount}}, &out)
	return out, err
}

// Time returns the server's Unix time in seconds.
func (c *Client) Time(ctx context.Context) (int64, error) {
	var s string
	if err := c.do(ctx, request{method: http.MethodGet, path: "/time"}, &s); err != nil {
		return 0, err
	}
	return strconv.ParseInt(trimNewline(s), 10, 64)
}

func trimNewline(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}
