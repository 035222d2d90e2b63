package chainwatch

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
	"pred.dev/proto/runtime/query"
)

// The events read, by their topic (taken from the bindings' ABIs, so they
// follow the contracts).
var (
	factoryABI  = mustABI(safefactory.SafeFactoryMetaData.GetAbi())
	exchangeABI = mustABI(exchange.CTFExchangeMetaData.GetAbi())
	usdwABI     = mustABI(usdw.USDWMetaData.GetAbi())
	ctfABI      = mustABI(ctf.ConditionalTokensMetaData.GetAbi())

	topicProxyCreation   = factoryABI.Events["ProxyCreation"].ID
	topicTokenRegistered = exchangeABI.Events["TokenRegistered"].ID
	topicOrderFilled     = exchangeABI.Events["OrderFilled"].ID
	topicOrdersMatched   = exchangeABI.Events["OrdersMatched"].ID
	topicTransfer        = usdwABI.Events["Transfer"].ID
	topicTransferSingle  = ctfABI.Events["TransferSingle"].ID
	topicTransferBatch   = ctfABI.Events["TransferBatch"].ID
	topicRedemption      = ctfABI.Events["PayoutRedemption"].ID
	topicApproval        = usdwABI.Events["Approval"].ID
	topicApprovalForAll  = ctfABI.Events["ApprovalForAll"].ID

	watchedTopics = []common.Hash{topicProxyCreation, topicTokenRegistered, topicOrderFilled, topicOrdersMatched,
		topicTransfer, topicTransferSingle, topicTransferBatch, topicRedemption, topicApproval, topicApprovalForAll}
)

func mustABI(a *abi.ABI, err error) *abi.ABI {
	if err != nil {
		panic(err)
	}
	return a
}

// Reasons a transfer is not a deposit or a withdrawal (the label of
// settler_chainwatch_ignored_total).
const (
	IgnoredSettlement   = "settlement"    // the exchange's matchOrders: the engine moved it at match time
	IgnoredRedemption   = "redemption"    // a resolved market's payout: the engine paid it at resolution
	IgnoredNotProxy     = "not_proxy"     // neither side is a proxy wallet
	IgnoredUnknownToken = "unknown_token" // a token no exchange registered
	IgnoredAmount       = "amount"        // zero, or too large for the ledger
	IgnoredSelf         = "self"          // from a wallet to itself
	IgnoredMalformed    = "malformed"     // a log that does not decode
)

// command is one command to append and what it is, for metrics and logs.
type command struct {
	cmd  *pb.Command
	what string
}

// learn records the wallets and tokens a log creates; it reports whether
// the log was one of those.
func (w *Watcher) learn(l *types.Log) bool {
	c := w.cfg.Deployment.Contracts
	switch {
	case l.Address == c.SafeFactory && len(l.Topics) == 3 && l.Topics[0] == topicProxyCreation:
		w.mu.Lock()
		w.proxies[common.BytesToAddress(l.Topics[1].Bytes())] = true
		w.mu.Unlock()
		return true
	case (l.Address == c.Exchange || l.Address == c.NegRiskExchange) && len(l.Topics) == 4 && l.Topics[0] == topicTokenRegistered:
		w.mu.Lock()
		w.tokens[l.Topics[1]], w.tokens[l.Topics[2]] = true, true
		w.mu.Unlock()
		return true
	}
	return false
}

// commands turns one range's logs into commands, in the chain's order.
func (w *Watcher) commands(ctx context.Context, logs []types.Log) ([]command, error) {
	c := w.cfg.Deployment.Contracts
	// The transactions the engine already accounted for: a settlement
	// (an exchange's fill events) or a redemption.
	accounted := map[common.Hash]string{}
	for i := range logs {
		l := &logs[i]
		if len(l.Topics) == 0 {
			continue
		}
		switch {
		case (l.Address == c.Exchange || l.Address == c.NegRiskExchange) &&
			(l.Topics[0] == topicOrderFilled || l.Topics[0] == topicOrdersMatched):
			accounted[l.TxHash] = IgnoredSettlement
		case l.Address == c.ConditionalTokens && l.Topics[0] == topicRedemption:
			accounted[l.TxHash] = IgnoredRedemption
		}
	}
	var out []command
	for i := range logs {
		l := &logs[i]
		if l.Removed || len(l.Topics) == 0 {
			continue
		}
		if w.learn(l) {
			if l.Topics[0] == topicProxyCreation {
				proxy, owner := common.BytesToAddress(l.Topics[1].Bytes()), common.BytesToAddress(l.Topics[2].Bytes())
				out = append(out, command{what: "wallet_deployed", cmd: &pb.Command{Id: EventID(l.TxHash, l.Index, 0, 'w'),
					Body: &pb.Command_WalletDeployed{WalletDeployed: &pb.WalletDeployed{Owner: owner.Bytes(), Wallet: proxy.Bytes()}}}})
				var err error
				if out, err = w.predeployed(ctx, out, l, proxy); err != nil {
					return nil, err
				}
			}
			continue
		}
		if cmd, ok := w.approval(l); ok {
			out = append(out, cmd)
			continue
		}
		switch {
		case l.Address == c.Collateral && l.Topics[0] == topicTransfer:
			if len(l.Topics) != 3 || len(l.Data) != 32 {
				w.ignore(l, IgnoredMalformed)
				continue
			}
			from, to := common.BytesToAddress(l.Topics[1].Bytes()), common.BytesToAddress(l.Topics[2].Bytes())
			out = w.transfer(out, l, accounted, from, to, common.Hash{}, new(big.Int).SetBytes(l.Data), 0)
		case l.Address == c.ConditionalTokens && l.Topics[0] == topicTransferSingle:
			ev, err := ctfFilterer.ParseTransferSingle(*l)
			if err != nil {
				w.ignore(l, IgnoredMalformed)
				continue
			}
			out = w.transfer(out, l, accounted, ev.From, ev.To, common.BigToHash(ev.Id), ev.Value, 0)
		case l.Address == c.ConditionalTokens && l.Topics[0] == topicTransferBatch:
			ev, err := ctfFilterer.ParseTransferBatch(*l)
			if err != nil || len(ev.Ids) != len(ev.Values) {
				w.ignore(l, IgnoredMalformed)
				continue
			}
			for k := range ev.Ids {
				out = w.transfer(out, l, accounted, ev.From, ev.To, common.BigToHash(ev.Ids[k]), ev.Values[k], k)
			}
		}
	}
	return out, nil
}

// approval turns a USDW Approval or a conditional tokens' ApprovalForAll
// that names one of the exchanges (as spender, as operator) into its
// command: the engine refuses orders their makers have not approved (the
// chain would refuse to settle them). Every owner counts, proxy wallet or
// EOA: an EOA maker needs its approvals as a proxy wallet does. An
// approval of anything else is not the exchange's business and is
// skipped without a trace.
func (w *Watcher) approval(l *types.Log) (command, bool) {
	c := w.cfg.Deployment.Contracts
	isApproval := l.Address == c.Collateral && l.Topics[0] == topicApproval
	isForAll := l.Address == c.ConditionalTokens && l.Topics[0] == topicApprovalForAll
	if (!isApproval && !isForAll) || len(l.Topics) != 3 || len(l.Data) != 32 {
		return command{}, false
	}
	var x pb.Exchange
	switch common.BytesToAddress(l.Topics[2].Bytes()) {
	case c.Exchange:
		x = pb.Exchange_EXCHANGE_STANDARD
	case c.NegRiskExchange:
		x = pb.Exchange_EXCHANGE_NEG_RISK
	default:
		return command{}, false
	}
	owner := common.BytesToAddress(l.Topics[1].Bytes()).Bytes()
	id := EventID(l.TxHash, l.Index, 0, 'a')
	value := new(big.Int).SetBytes(l.Data)
	if isForAll {
		return command{what: "shares_approval", cmd: &pb.Command{Id: id, Body: &pb.Command_SharesApproval{
			SharesApproval: &pb.SharesApproval{Account: owner, Exchange: x, Approved: value.Sign() != 0}}}}, true
	}
	a := &pb.CollateralApproval{Account: owner, Exchange: x}
	switch {
	case value.Cmp(maxUint256) == 0:
		// The token never lowers it: unlimited.
		a.Unlimited = true
	case value.Cmp(big.NewInt(rules.AllowanceMaxUnits)) > 0:
		a.Amount = rules.AllowanceMaxUnits
	default:
		a.Amount = value.Uint64()
	}
	return command{what: "collateral_approval", cmd: &pb.Command{Id: id, Body: &pb.Command_CollateralApproval{CollateralApproval: a}}}, true
}

// maxUint256 is the allowance a token never lowers: unlimited.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// predeployed credits the USDW a wallet held before it was deployed. A
// proxy wallet's address is known before it exists (CREATE2), so USDW can
// be sent to it first (a faucet, a friend); those transfers were ignored
// (not a proxy wallet then). What they left is summed from the USDW
// Transfer logs to and from the address before the creation log (not read
// as a balance at the block before: a node keeps the state of recent
// blocks only, and a watcher catching up reads old ones). What the engine
// already holds for the address is taken off (a devnet faucet credits an
// address that is no proxy wallet yet directly, as it does an EOA), so
// nothing is credited twice. Shares held before deployment are not
// credited.
func (w *Watcher) predeployed(ctx context.Context, out []command, l *types.Log, proxy common.Address) ([]command, error) {
	if l.BlockNumber == 0 {
		return out, nil
	}
	bal, err := w.usdwBefore(ctx, proxy, l)
	if err != nil {
		return nil, fmt.Errorf("USDW of %s before its deployment: %w", proxy, err)
	}
	if bal.Sign() == 0 {
		return out, nil
	}
	held, err := w.engineHolds(ctx, proxy)
	if err != nil {
		return nil, err
	}
	if bal.Sub(bal, held).Sign() <= 0 {
		return out, nil
	}
	amount, err := amount64(bal)
	if err != nil {
		w.ignore(l, IgnoredAmount, zap.Stringer("value", bal))
		return out, nil
	}
	w.zl.Info("USDW held before deployment credited", zap.Stringer("wallet", proxy), zap.Uint64("amount", amount))
	return append(out, command{what: "deposit", cmd: &pb.Command{Id: EventID(l.TxHash, l.Index, 0, 'p'),
		Body: &pb.Command_Deposit{Deposit: &pb.Deposit{Account: proxy.Bytes(), Amount: amount}}}}), nil
}

// ctfFilterer parses the conditional tokens' logs (it reads no chain).
var ctfFilterer, _ = ctf.NewConditionalTokensFilterer(common.Address{}, nil)

// transfer appends the commands of one transfer of value (USDW when token
// is zero) from -> to: a WithdrawalObserved of from and a Deposit of to,
// for whichever of them is a proxy wallet.
func (w *Watcher) transfer(out []command, l *types.Log, accounted map[common.Hash]string, from, to common.Address,
	token common.Hash, value *big.Int, elem int) []command {
	if why, ok := accounted[l.TxHash]; ok {
		w.m.ignored.WithLabelValues(why).Inc()
		return out
	}
	fromProxy, toProxy := w.proxies[from], w.proxies[to]
	switch {
	case !fromProxy && !toProxy:
		w.ignore(l, IgnoredNotProxy, zap.Stringer("from", from), zap.Stringer("to", to))
		return out
	case from == to:
		w.ignore(l, IgnoredSelf, zap.Stringer("wallet", from))
		return out
	}
	if token != (common.Hash{}) && !w.tokens[token] {
		w.ignore(l, IgnoredUnknownToken, zap.Stringer("token", token.Big()))
		return out
	}
	amount, err := amount64(value)
	if err != nil || amount == 0 {
		w.ignore(l, IgnoredAmount, zap.Stringer("value", value))
		return out
	}
	var tok []byte
	if token != (common.Hash{}) {
		tok = token.Bytes()
	}
	if fromProxy {
		out = append(out, command{what: "withdrawal", cmd: &pb.Command{Id: EventID(l.TxHash, l.Index, elem, 'o'),
			Body: &pb.Command_WithdrawalObserved{WithdrawalObserved: &pb.WithdrawalObserved{Account: from.Bytes(), Amount: amount, TokenId: tok}}}})
	}
	if toProxy {
		out = append(out, command{what: "deposit", cmd: &pb.Command{Id: EventID(l.TxHash, l.Index, elem, 'i'), // DepositID for elem 0
			Body: &pb.Command_Deposit{Deposit: &pb.Deposit{Account: to.Bytes(), Amount: amount, TokenId: tok}}}})
	}
	return out
}

// ignore logs and counts a transfer that changes no ledger. Transfers
// between outside addresses are the common case and log at debug only.
func (w *Watcher) ignore(l *types.Log, why string, fields ...zap.Field) {
	w.m.ignored.WithLabelValues(why).Inc()
	fields = append(fields, zap.String("reason", why), zap.Stringer("tx", l.TxHash), zap.Uint("log_index", l.Index),
		zap.Uint64("block", l.BlockNumber))
	if why == IgnoredNotProxy {
		w.zl.Debug("transfer ignored", fields...)
		return
	}
	w.zl.Info("transfer ignored", fields...)
}

// engineHolds is the engine's USDW balance plus reservation of addr, once
// it has applied every command this watcher appended.
func (w *Watcher) engineHolds(ctx context.Context, addr common.Address) (*big.Int, error) {
	qctx, cancel := context.WithTimeout(ctx, queryTimeout)
	defer cancel()
	resp, err := query.Do(qctx, w.nc, &pb.QueryRequest{MinSeq: w.lastSeq,
		Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: addr.Bytes()}}})
	if err != nil {
		return nil, fmt.Errorf("the engine's balance of %s: %w", addr, err)
	}
	switch resp.GetError().GetCode() {
	case pb.QueryErrorCode_QUERY_ERROR_CODE_UNSPECIFIED:
	case pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND:
		return new(big.Int), nil
	default:
		return nil, fmt.Errorf("the engine's balance of %s: %s", addr, resp.GetError().GetMessage())
	}
	b := resp.GetBalance()
	return new(big.Int).Add(new(big.Int).SetUint64(b.GetBalance()), new(big.Int).SetUint64(b.GetPending())), nil
}

// queryTimeout bounds one engine query.
const queryTimeout = 5 * time.Second

// usdwBefore sums the USDW transfers into addr minus those out of it,
// from the deployment's block up to the log at (excluded), reading the
// logs BlockRangeMax blocks at a time.
func (w *Watcher) usdwBefore(ctx context.Context, addr common.Address, at *types.Log) (*big.Int, error) {
	sum := new(big.Int)
	who := common.BytesToHash(addr.Bytes())
	for from := w.cfg.Deployment.Block; from <= at.BlockNumber; from += w.cfg.BlockRangeMax {
		to := min(from+w.cfg.BlockRangeMax-1, at.BlockNumber)
		for _, topics := range [][][]common.Hash{{{topicTransfer}, nil, {who}}, {{topicTransfer}, {who}}} {
			logs, err := w.chain.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(from),
				ToBlock: new(big.Int).SetUint64(to), Addresses: []common.Address{w.cfg.Deployment.Contracts.Collateral}, Topics: topics})
			if err != nil {
				return nil, err
			}
			for _, l := range logs {
				if l.Removed || len(l.Data) != 32 || l.BlockNumber == at.BlockNumber && l.Index >= at.Index {
					continue
				}
				v := new(big.Int).SetBytes(l.Data)
				if len(topics) == 3 {
					sum.Add(sum, v)
				} else {
					sum.Sub(sum, v)
				}
			}
		}
	}
	return sum, nil
}
