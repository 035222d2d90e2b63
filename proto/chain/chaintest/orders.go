package chaintest

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/safewallet"
)

// Order is the exchange's signed order, as the binding passes it.
type Order = exchange.CTFExchangeOrder

// Sides as signed.
const (
	Buy  uint8 = 0
	Sell uint8 = 1
)

// The EIP-712 order type and domain of CTFExchange.
const (
	OrderTypeString     = "Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType,string scopeId)"
	OrderDomainName     = "Pred CTF Exchange"
	OrderDomainVersion  = "1"
	orderDomainTypeText = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
)

var (
	orderTypeHash  = crypto.Keccak256Hash([]byte(OrderTypeString))
	orderDomainTyp = crypto.Keccak256Hash([]byte(orderDomainTypeText))
	maxUint256     = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	usdwABI        = mustABI(usdw.USDWMetaData.ABI)
	ctfABI         = mustABI(ctf.ConditionalTokensMetaData.ABI)
	exchangeABI    = mustABI(exchange.CTFExchangeMetaData.ABI)
)

func mustABI(s string) abi.ABI {
	a, err := abi.JSON(strings.NewReader(s))
	if err != nil {
		panic(err)
	}
	return a
}

func mustPack(a abi.ABI, method string, args ...any) []byte {
	b, err := a.Pack(method, args...)
	if err != nil {
		panic(err)
	}
	return b
}

// PackUSDW and PackCTF ABI-encode a call of USDW or ConditionalTokens, for
// Trader.Do.
func PackUSDW(method string, args ...any) []byte { return mustPack(usdwABI, method, args...) }

// PackCTF ABI-encodes a call of ConditionalTokens.
func PackCTF(method string, args ...any) []byte { return mustPack(ctfABI, method, args...) }

// PackExchange ABI-encodes a call of CTFExchange.
func PackExchange(method string, args ...any) []byte { return mustPack(exchangeABI, method, args...) }

// DomainSeparator returns the order domain separator of an exchange.
func DomainSeparator(chainID uint64, exchange common.Address) common.Hash {
	return crypto.Keccak256Hash(orderDomainTyp[:],
		crypto.Keccak256([]byte(OrderDomainName)), crypto.Keccak256([]byte(OrderDomainVersion)),
		common.LeftPadBytes(new(big.Int).SetUint64(chainID).Bytes(), 32), common.LeftPadBytes(exchange[:], 32))
}

// OrderHash returns an order's EIP-712 digest for an exchange: what its
// signer signs, and its id.
func OrderHash(chainID uint64, exchange common.Address, o *Order) common.Hash {
	w := func(v *big.Int) []byte { return common.LeftPadBytes(v.Bytes(), 32) }
	a := func(x common.Address) []byte { return common.LeftPadBytes(x[:], 32) }
	s := crypto.Keccak256Hash(orderTypeHash[:], w(o.Salt), a(o.Maker), a(o.Signer), a(o.Taker), w(o.TokenId),
		w(o.MakerAmount), w(o.TakerAmount), w(o.Expiration), w(o.Nonce), w(o.FeeRateBps),
		w(big.NewInt(int64(o.Side))), w(big.NewInt(int64(o.SignatureType))), crypto.Keccak256([]byte(o.ScopeId)))
	sep := DomainSeparator(chainID, exchange)
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], s[:])
}

// Unit is one share or one USDW in base units.
const Unit = 1_000_000

// NewOrder returns an unsigned order of the trader's wallet: side shares
// (base units) of token at price (base units of USDW per share, so
// 400_000 is 0.40), with a random salt, no expiration, nonce 0 and the
// given taker fee rate. A BUY gives shares*price/Unit collateral for
// shares; a SELL the other way round.
func (t *Trader) NewOrder(side uint8, token *big.Int, shares, price int64, feeBps int64) Order {
	coll := big.NewInt(shares * price / Unit)
	maker, taker := coll, big.NewInt(shares)
	if side == Sell {
		maker, taker = taker, maker
	}
	salt, err := rand.Int(rand.Reader, big.NewInt(1<<53))
	if err != nil {
		panic(err)
	}
	return Order{
		Salt: salt, Maker: t.Maker, Signer: t.Owner, TokenId: new(big.Int).Set(token),
		MakerAmount: maker, TakerAmount: taker, Expiration: new(big.Int), Nonce: new(big.Int),
		FeeRateBps: big.NewInt(feeBps), Side: side, SignatureType: t.SigType,
	}
}

// Sign signs o with the trader's key for the exchange at exchange.
func (t *Trader) Sign(o *Order, exchange common.Address) {
	sig, err := safewallet.SignDigest(t.Key, OrderHash(t.env.ChainID, exchange, o))
	if err != nil {
		panic(err)
	}
	o.Signature = sig
}

// Order returns a new order signed for the standard or negRisk exchange.
func (t *Trader) Order(negRisk bool, side uint8, token *big.Int, shares, price int64, feeBps int64) Order {
	o := t.NewOrder(side, token, shares, price, feeBps)
	t.Sign(&o, t.env.D.ExchangeFor(negRisk))
	return o
}

// Match has the operator settle taker against makers with fills (shares
// per maker order) on the standard or negRisk exchange, and waits for it.
func (e *Env) Match(ctx context.Context, negRisk bool, taker Order, makers []Order, fills []*big.Int) (*types.Receipt, error) {
	tx, err := e.SendMatch(ctx, e.Operator.Send, negRisk, taker, makers, fills)
	if err != nil {
		return nil, err
	}
	rs, err := e.Chain.Wait(ctx, tx)
	if err != nil {
		return nil, err
	}
	return rs[0], nil
}

// SendMatch sends a matchOrders transaction through send (a sender's Send)
// without waiting; the taker fill is the sum of fills, the match time the
// latest block's.
func (e *Env) SendMatch(ctx context.Context, send func(context.Context, func(*bind.TransactOpts) (*types.Transaction, error)) (*types.Transaction, error),
	negRisk bool, taker Order, makers []Order, fills []*big.Int) (*types.Transaction, error) {
	now, err := e.Now(ctx)
	if err != nil {
		return nil, err
	}
	return e.SendMatchAt(ctx, send, negRisk, taker, makers, fills, now)
}

// SendMatchAt is SendMatch with the match time given: the contract checks
// the orders' expirations against it (it may be at most the block's time
// and at most a day before it).
func (e *Env) SendMatchAt(ctx context.Context, send func(context.Context, func(*bind.TransactOpts) (*types.Transaction, error)) (*types.Transaction, error),
	negRisk bool, taker Order, makers []Order, fills []*big.Int, matchTime time.Time) (*types.Transaction, error) {
	total := new(big.Int)
	for _, f := range fills {
		total.Add(total, f)
	}
	ex := e.ExchangeFor(negRisk)
	at := big.NewInt(matchTime.Unix())
	return send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return ex.MatchOrders(o, taker, makers, total, fills, at)
	})
}

// Snapshot is the USDW and outcome-token balances of some accounts.
type Snapshot map[common.Address][3]*big.Int

// Balances reads the USDW, YES and NO balances of accounts.
func (e *Env) Balances(ctx context.Context, yes, no *big.Int, accounts ...common.Address) (Snapshot, error) {
	s := Snapshot{}
	for _, a := range accounts {
		u, err := e.USDWOf(ctx, a)
		if err != nil {
			return nil, err
		}
		y, err := e.TokenOf(ctx, a, yes)
		if err != nil {
			return nil, err
		}
		n, err := e.TokenOf(ctx, a, no)
		if err != nil {
			return nil, err
		}
		s[a] = [3]*big.Int{u, y, n}
	}
	return s, nil
}

// Diff returns after - before for one account: USDW, YES, NO.
func Diff(before, after Snapshot, a common.Address) [3]int64 {
	var d [3]int64
	for i := range d {
		d[i] = new(big.Int).Sub(after[a][i], before[a][i]).Int64()
	}
	return d
}

// String shows an order briefly.
func String(o *Order) string {
	side := "BUY"
	if o.Side == Sell {
		side = "SELL"
	}
	return fmt.Sprintf("%s maker=%s token=%s…%s makerAmount=%s takerAmount=%s", side, o.Maker.Hex()[:8],
		o.TokenId.String()[:4], o.TokenId.String()[len(o.TokenId.String())-4:], o.MakerAmount, o.TakerAmount)
}
