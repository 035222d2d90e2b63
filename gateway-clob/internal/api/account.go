package api

import (
	"context"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

func (a *API) registerAccount(e *echo.Echo) {
	e.GET("/trades", a.getTrades, a.requireL2)
	e.GET("/transactions", a.getTransactions, a.requireL2)
	e.GET("/balance-allowance", a.getBalanceAllowance, a.requireL2)
}

// accountParam picks the maker wallet an account read is about, with the
// reference's signature_type parameter: 0 is the key's EOA, 2 its proxy
// wallet. The default is the proxy wallet when this deployment has proxy
// wallets (where users keep their funds), else the EOA.
func (a *API) accountParam(c echo.Context, id auth.Identity) (common.Address, error) {
	proxy, hasProxy := a.proxyOf(id.Address)
	switch s := c.QueryParam("signature_type"); s {
	case "":
		if hasProxy {
			return proxy, nil
		}
		return id.Address, nil
	case "0":
		return id.Address, nil
	case "2":
		if hasProxy {
			return proxy, nil
		}
		return common.Address{}, errcode.Errorf(errcode.InvalidParameter, "signature_type 2 is disabled: this deployment has no proxy wallets; use 0")
	}
	return common.Address{}, errcode.Errorf(errcode.InvalidParameter, "signature_type must be 0 (EOA) or 2 (proxy wallet)")
}

// AccountParam is accountParam for the user stream, whose upgrade
// request picks its wallet the same way.
func (a *API) AccountParam(c echo.Context, id auth.Identity) (common.Address, error) {
	return a.accountParam(c, id)
}

// ordersFilter reads the market and asset_id filters of order lists.
func ordersFilter(c echo.Context) (*pb.OrdersQuery, error) {
	q := &pb.OrdersQuery{}
	if s := c.QueryParam("market"); s != "" {
		m, err := parseHash32(s, errcode.InvalidMarketID)
		if err != nil {
			return nil, err
		}
		q.Market = m[:]
	}
	if s := c.QueryParam("asset_id"); s != "" {
		t, err := parseTokenID(s)
		if err != nil {
			return nil, err
		}
		q.TokenId = t[:]
	}
	return q, nil
}

// tradesFilter reads the filters of trade lists: market, asset_id, before
// and after (Unix seconds, inclusive bounds on the match time) and from_id.
func tradesFilter(c echo.Context) (*pb.TradesQuery, error) {
	of, err := ordersFilter(c)
	if err != nil {
		return nil, err
	}
	q := &pb.TradesQuery{Market: of.Market, TokenId: of.TokenId}
	for _, f := range []struct {
		name string
		dst  *int64
	}{{"after", &q.AfterMs}, {"before", &q.BeforeMs}} {
		if s := c.QueryParam(f.name); s != "" {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v < 0 {
				return nil, errcode.Errorf(errcode.InvalidParameter, "%s must be a Unix time in seconds", f.name)
			}
			*f.dst = v * 1000
		}
	}
	if s := c.QueryParam("from_id"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return nil, errcode.Errorf(errcode.InvalidParameter, "from_id must be a trade id (an unsigned integer)")
		}
		q.FromId = v
	}
	return q, nil
}

// getTrades pages the caller's trades as taker or maker, newest first.
func (a *API) getTrades(c echo.Context) error {
	id := l2Identity(c)
	acct, err := a.accountParam(c, id)
	if err != nil {
		return err
	}
	q, err := tradesFilter(c)
	if err != nil {
		return err
	}
	q.Account = acct[:]
	return a.tradesPage(c, id, q, acct[:])
}

// tradesPage serves a trade list; viewer is the account whose side each
// trade is shown from, nil for the public list (the taker's side).
func (a *API) tradesPage(c echo.Context, id auth.Identity, q *pb.TradesQuery, viewer []byte) error {
	p, err := parsePage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	page, err := fetchPage(p, func(cursor string, limit uint32) ([]clobapi.Trade, string, error) {
		q.Cursor, q.Limit = cursor, limit
		resp, err := a.queryFor(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Trades{Trades: q}}, errcode.NotFound)
		if err != nil {
			return nil, "", err
		}
		out := make([]clobapi.Trade, 0, len(resp.GetTrades().GetTrades()))
		for _, r := range resp.GetTrades().GetTrades() {
			asMaker := viewer != nil && string(r.GetMakerAccount()) == string(viewer) && string(r.GetTakerAccount()) != string(viewer)
			t := trade(r, asMaker, viewer != nil)
			a.fillOutcomes(c, &t)
			out = append(out, t)
		}
		return out, resp.GetTrades().GetNextCursor(), nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

// fillOutcomes names the outcome of each token in a trade from the market
// cache; a token the cache cannot resolve keeps an empty outcome.
func (a *API) fillOutcomes(c echo.Context, t *clobapi.Trade) {
	outcome := func(asset string) string {
		tok, err := parseTokenID(asset)
		if err != nil {
			return ""
		}
		mk, err := a.markets.Get(c.Request().Context(), tok)
		if err != nil {
			return ""
		}
		return outcomeString(mk.Outcome(tok))
	}
	t.Outcome = outcome(t.AssetID)
	for i := range t.MakerOrders {
		t.MakerOrders[i].Outcome = outcome(t.MakerOrders[i].AssetID)
	}
}

// getTransactions pages the caller's deposits, withdrawals, faucet credits
// and payouts, newest first.
func (a *API) getTransactions(c echo.Context) error {
	id := l2Identity(c)
	acct, err := a.accountParam(c, id)
	if err != nil {
		return err
	}
	return a.transactionsPage(c, id, &pb.TransfersQuery{Account: acct[:]})
}

func (a *API) transactionsPage(c echo.Context, id auth.Identity, q *pb.TransfersQuery) error {
	p, err := parsePage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	page, err := fetchPage(p, func(cursor string, limit uint32) ([]clobapi.Transaction, string, error) {
		q.Cursor, q.Limit = cursor, limit
		resp, err := a.queryFor(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Transfers{Transfers: q}}, errcode.NotFound)
		if err != nil {
			return nil, "", err
		}
		out := make([]clobapi.Transaction, 0, len(resp.GetTransfers().GetTransfers()))
		for _, r := range resp.GetTransfers().GetTransfers() {
			out = append(out, transaction(r))
		}
		return out, resp.GetTransfers().GetNextCursor(), nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

// collateralAssetID is the asset id of USDW in allowances, as the
// reference exchange numbers collateral (makerAssetId 0).
const collateralAssetID = "0"

// getBalanceAllowance answers the caller's balance of one asset: the
// outcome token asset_id (or token_id), or collateral with
// asset_type=COLLATERAL (the default without a token). Values are in
// shares or USDW, written as decimal strings: an unlimited allowance is
// 2^256 − 1 base units, which a JSON number would lose in every client
// that reads numbers as doubles. The balance is the engine's ledger; the allowances are
// the chain's, read at the latest block: what each exchange may move of
// the wallet's asset (the USDW allowance, or for outcome tokens an
// unlimited amount if the exchange is an approved operator of the
// wallet's conditional tokens, else 0). Settling a trade needs them, so
// the reference exchange reports them here and a client checks them
// before it trades.
func (a *API) getBalanceAllowance(c echo.Context) error {
	id := l2Identity(c)
	acct, err := a.accountParam(c, id)
	if err != nil {
		return err
	}
	token, assetKey, err := balanceAsset(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	resp, err := a.queryFor(ctx, &pb.QueryRequest{
		Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: acct[:], TokenId: token}},
	}, errcode.TokenNotFound)
	if err != nil {
		return err
	}
	b := resp.GetBalance()
	avail := b.GetBalance() - min(b.GetLocked(), b.GetBalance())
	out := clobapi.BalanceAllowance{Balance: units(b.GetBalance()), Locked: units(b.GetLocked()), VirtualAvailable: units(avail),
		Debt: units(b.GetDebt()), Allowances: map[string]string{}, ExchangeApprovals: a.exchangeApprovals(b.GetApprovals())}
	if a.cfg.Allowances == nil {
		return c.JSON(http.StatusOK, out)
	}
	rctx, cancel := context.WithTimeout(ctx, a.cfg.QueryTimeout)
	defer cancel()
	al, err := a.cfg.Allowances.Allowances(rctx, acct)
	if err != nil {
		a.log.Warn("allowances unavailable", zap.String("wallet", acct.Hex()), zap.Error(err))
		return errcode.Errorf(errcode.ChainUnavailable, "the chain did not answer for the allowances of %s: retry later", acct.Hex())
	}
	// allowances names the asset with what every exchange may move of it
	// (the least of them: an order of either kind of market can then
	// settle), exchange_allowances each exchange's.
	out.ExchangeAllowances = map[string]string{}
	var least *big.Int
	for _, x := range al {
		v := x.Collateral
		if token != nil {
			v = new(big.Int)
			if x.ApprovedForAll {
				v = maxUint256
			}
		}
		if v == nil {
			v = new(big.Int)
		}
		out.ExchangeAllowances[x.Exchange.Hex()] = bigUnits(v)
		if least == nil || v.Cmp(least) < 0 {
			least = v
		}
	}
	if least != nil {
		out.Allowances[assetKey] = bigUnits(least)
	}
	return c.JSON(http.StatusOK, out)
}

// exchangeApprovals names what the engine counts the wallet as having
// approved by each exchange's address: the chain's approvals once the
// chain watcher has seen them (after its confirmations), a finite USDW
// allowance lowered by each fill. Orders need these; a client that just
// approved on chain waits for them before it trades.
func (a *API) exchangeApprovals(aps []*pb.ExchangeApproval) map[string]clobapi.ExchangeApproval {
	out := map[string]clobapi.ExchangeApproval{}
	for _, ap := range aps {
		addr := a.cfg.Exchange
		if ap.GetExchange() == pb.Exchange_EXCHANGE_NEG_RISK {
			addr = a.cfg.NegRiskExchange
		}
		coll := units(ap.GetCollateralAllowance())
		if ap.GetCollateralUnlimited() {
			coll = bigUnits(maxUint256)
		}
		out[addr.Hex()] = clobapi.ExchangeApproval{Collateral: coll, Shares: ap.GetSharesApproved()}
	}
	return out
}

// maxUint256 is an unlimited allowance: what approve(max) sets and what
// an approved operator of the conditional tokens may move.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// bigUnits writes base units (1e-6) of any size as a decimal string, as
// units does for the ledger's amounts.
func bigUnits(v *big.Int) string {
	q, r := new(big.Int).QuoRem(v, new(big.Int).SetUint64(fixed.One), new(big.Int))
	if r.Sign() == 0 {
		return q.String()
	}
	frac := strings.TrimRight(fmt.Sprintf("%06d", r.Int64()), "0")
	return q.String() + "." + frac
}

func balanceAsset(c echo.Context) (token []byte, key string, err error) {
	asset := c.QueryParam("asset_id")
	if asset == "" {
		asset = c.QueryParam("token_id")
	}
	switch strings.ToUpper(c.QueryParam("asset_type")) {
	case "COLLATERAL":
		return nil, collateralAssetID, nil
	case "", "CONDITIONAL":
	default:
		return nil, "", errcode.Errorf(errcode.InvalidParameter, "asset_type must be COLLATERAL or CONDITIONAL")
	}
	if asset == "" {
		if strings.EqualFold(c.QueryParam("asset_type"), "CONDITIONAL") {
			return nil, "", errcode.Errorf(errcode.InvalidParameter, "asset_type CONDITIONAL needs asset_id=<token id>")
		}
		return nil, collateralAssetID, nil
	}
	t, err := parseTokenID(asset)
	if err != nil {
		return nil, "", err
	}
	return t[:], tokenString(t[:]), nil
}
