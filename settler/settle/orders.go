package settle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
	"github.com/nats-io/nats.go"

	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/eip712"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/query"
	"pred.dev/proto/signedorder"
)

// Order is the exchange's Order struct (the binding's).
type Order = exchange.CTFExchangeOrder

var exchangeABI = func() *abi.ABI {
	a, err := exchange.CTFExchangeMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return a
}()

// errUnsettleable marks a trade that cannot be put on chain at all (an
// order the engine has no signed struct for, or whose struct hashes to
// another id under both exchanges): a bug, never retried.
var errUnsettleable = errors.New("settle: the trade cannot be settled")

// orders reads signed orders from the engine and keeps recent ones.
type orders struct {
	nc       *nats.Conn
	cfg      *Config
	domains  [2]domain
	mu       sync.Mutex
	cache    map[[32]byte]*signed
	parallel chan struct{}
}

// domain is one exchange's EIP-712 domain.
type domain struct {
	exchange common.Address
	sep      [32]byte
}

// signed is an order as the chain takes it, and its exchange.
type signed struct {
	order    Order
	exchange common.Address
}

func newOrders(nc *nats.Conn, cfg *Config) *orders {
	d := cfg.Deployment
	o := &orders{nc: nc, cfg: cfg, cache: map[[32]byte]*signed{}, parallel: make(chan struct{}, cfg.QueryParallel)}
	for i, ex := range []common.Address{d.Contracts.Exchange, d.Contracts.NegRiskExchange} {
		o.domains[i] = domain{ex, eip712.OrderDomain(d.ChainID, ex).Separator()}
	}
	return o
}

// get returns the signed orders of ids and, for each, why it is missing
// (errUnsettleable for good, any other error while the engine is away),
// reading the engine at or after the command sequence minSeq for those
// not cached, several at once.
func (o *orders) get(ctx context.Context, ids [][32]byte, minSeq uint64) ([]*signed, []error) {
	out := make([]*signed, len(ids))
	errs := make([]error, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids {
		o.mu.Lock()
		s := o.cache[id]
		o.mu.Unlock()
		if s != nil {
			out[i] = s
			continue
		}
		wg.Add(1)
		o.parallel <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-o.parallel }()
			out[i], errs[i] = o.read(ctx, id, minSeq)
		}()
	}
	wg.Wait()
	return out, errs
}

func (o *orders) read(ctx context.Context, id [32]byte, minSeq uint64) (*signed, error) {
	ctx, cancel := context.WithTimeout(ctx, o.cfg.QueryTimeout)
	defer cancel()
	resp, err := query.Do(ctx, o.nc, &pb.QueryRequest{MinSeq: minSeq, Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: id[:]}}})
	if err != nil {
		return nil, fmt.Errorf("settle: order %x: %w", id, err)
	}
	if e := resp.GetError(); e != nil {
		if e.GetCode() == pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND {
			return nil, fmt.Errorf("%w: the engine has no order %x", errUnsettleable, id)
		}
		return nil, fmt.Errorf("settle: order %x: %s: %s", id, e.GetCode(), e.GetMessage())
	}
	so := resp.GetOrder().GetSigned()
	if so == nil {
		return nil, fmt.Errorf("%w: order %x has no signed struct", errUnsettleable, id)
	}
	s, err := o.verify(id, so)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	if len(o.cache) >= o.cfg.OrderCacheMax {
		clear(o.cache) // rare, and only costs re-reads
	}
	o.cache[id] = s
	o.mu.Unlock()
	return s, nil
}

// verify rebuilds the chain's order from the engine's (through the
// EIP-712 struct, which hashes it) and finds the exchange whose domain
// hashes it to its id. A message the conversion refuses is a bug.
func (o *orders) verify(id [32]byte, so *pb.SignedOrder) (*signed, error) {
	e, sig, err := signedorder.FromPB(so)
	if err != nil {
		return nil, fmt.Errorf("%w: order %x: %w", errUnsettleable, id, err)
	}
	for _, d := range o.domains {
		if eip712.HashOrder(d.sep, e) != id {
			continue
		}
		return &signed{exchange: d.exchange, order: Order{
			Salt: toBig(&e.Salt), Maker: e.Maker, Signer: e.Signer, Taker: e.Taker, TokenId: toBig(&e.TokenID),
			MakerAmount: toBig(&e.MakerAmount), TakerAmount: toBig(&e.TakerAmount), Expiration: toBig(&e.Expiration),
			Nonce: toBig(&e.Nonce), FeeRateBps: toBig(&e.FeeRateBps), Side: uint8(e.Side), SignatureType: uint8(e.SignatureType),
			ScopeId: e.ScopeID, Signature: sig,
		}}, nil
	}
	return nil, fmt.Errorf("%w: order %x does not hash to its id under either exchange", errUnsettleable, id)
}

func toBig(v *uint256.Int) *big.Int { return v.ToBig() }

// matchCall is the calldata of matchOrders(taker, makers, sum of fills,
// fills, matchTime).
func matchCall(taker Order, makers []Order, fills []*big.Int, matchTime int64) ([]byte, error) {
	total := new(big.Int)
	for _, f := range fills {
		total.Add(total, f)
	}
	return exchangeABI.Pack("matchOrders", taker, makers, total, fills, new(big.Int).SetInt64(matchTime))
}

// unpackBatch reads a matchOrdersBatch call back: its matches.
func unpackBatch(data []byte) ([]exchange.CTFExchangeMatch, error) {
	m := exchangeABI.Methods["matchOrdersBatch"]
	if len(data) < 4 || !bytes.Equal(data[:4], m.ID) {
		return nil, errors.New("settle: not a matchOrdersBatch call")
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return nil, err
	}
	return *abi.ConvertType(args[0], new([]exchange.CTFExchangeMatch)).(*[]exchange.CTFExchangeMatch), nil
}

// unpackMatch reads a matchOrders call back: the taker, the makers and
// their fills.
func unpackMatch(data []byte) (taker Order, makers []Order, fills []*big.Int, err error) {
	m := exchangeABI.Methods["matchOrders"]
	if len(data) < 4 {
		return taker, nil, nil, errors.New("settle: short call")
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return taker, nil, nil, err
	}
	if len(args) != 5 {
		return taker, nil, nil, fmt.Errorf("settle: matchOrders has %d arguments", len(args))
	}
	taker = *abi.ConvertType(args[0], new(Order)).(*Order)
	makers = *abi.ConvertType(args[1], new([]Order)).(*[]Order)
	fills, ok := args[3].([]*big.Int)
	if !ok {
		return taker, nil, nil, errors.New("settle: matchOrders fills do not decode")
	}
	return taker, makers, fills, nil
}
