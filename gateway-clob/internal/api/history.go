package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

func (a *API) registerHistory(e *echo.Echo) {
	e.GET("/prices-history", a.getPricesHistory)
	e.GET("/all-orders", a.getAllOrders)
	e.GET("/all-trades", a.getAllTrades)
	e.GET("/all-transactions", a.getAllTransactions)
}

// intervals are the spec's interval values; the reference's lowercase
// spellings are accepted too (1m is one month in both).
var intervals = map[string]bool{"1H": true, "6H": true, "1D": true, "1W": true, "1M": true, "30D": true, "ALL": true, "MAX": true}

// getPricesHistory answers the last trade price per bucket of fidelity
// minutes: market=<token id>, and either interval or startTs and endTs.
func (a *API) getPricesHistory(c echo.Context) error {
	s := c.QueryParam("market")
	if s == "" {
		s = c.QueryParam("token_id")
	}
	if s == "" {
		return errcode.Errorf(errcode.InvalidTokenID, "market is required: send the token id (decimal) whose history you want")
	}
	tok, err := parseTokenID(s)
	if err != nil {
		return err
	}
	q, err := historyQuery(c)
	if err != nil {
		return err
	}
	q.TokenId = tok[:]
	resp, err := a.query(c.Request().Context(), &pb.QueryRequest{Query: &pb.QueryRequest_PriceHistory{PriceHistory: q}}, errcode.TokenNotFound)
	if err != nil {
		return err
	}
	out := clobapi.PriceHistory{History: []clobapi.PricePoint{}}
	for _, p := range resp.GetPriceHistory().GetHistory() {
		out.History = append(out.History, clobapi.PricePoint{T: p.GetT(), P: number(p.GetP())})
	}
	return c.JSON(http.StatusOK, out)
}

func historyQuery(c echo.Context) (*pb.PriceHistoryQuery, error) {
	q := &pb.PriceHistoryQuery{FidelityMin: 1}
	interval := strings.ToUpper(c.QueryParam("interval"))
	start, end := c.QueryParam("startTs"), c.QueryParam("endTs")
	switch {
	case interval != "" && (start != "" || end != ""):
		return nil, errcode.Errorf(errcode.InvalidParameter, "send either interval or startTs and endTs, not both")
	case interval != "":
		if !intervals[interval] {
			return nil, errcode.Errorf(errcode.InvalidParameter, "interval must be one of 1H, 6H, 1D, 1W, 1M, 30D, ALL, MAX")
		}
		q.Interval = interval
	case start != "" && end != "":
		s, err1 := strconv.ParseInt(start, 10, 64)
		e, err2 := strconv.ParseInt(end, 10, 64)
		if err1 != nil || err2 != nil || s < 0 || e < s {
			return nil, errcode.Errorf(errcode.InvalidParameter, "startTs and endTs must be Unix seconds with startTs <= endTs")
		}
		q.StartTs, q.EndTs = s, e
	default:
		return nil, errcode.Errorf(errcode.InvalidParameter, "send interval (1H, 6H, 1D, 1W, 1M, 30D, ALL, MAX) or both startTs and endTs")
	}
	if f := c.QueryParam("fidelity"); f != "" {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > FidelityMaxMin {
			return nil, errcode.Errorf(errcode.InvalidParameter, "fidelity is the bucket size in minutes: an integer from 1 to %d", FidelityMaxMin)
		}
		q.FidelityMin = uint32(n)
	}
	return q, nil
}

// getAllOrders pages every order, newest first, without owners.
func (a *API) getAllOrders(c echo.Context) error {
	q, err := ordersFilter(c)
	if err != nil {
		return err
	}
	q.OpenOnly = c.QueryParam("open_only") == "true"
	return a.ordersPage(c, auth.Identity{}, q, false)
}

// getAllTrades pages every trade, newest first, from the taker's side.
func (a *API) getAllTrades(c echo.Context) error {
	q, err := tradesFilter(c)
	if err != nil {
		return err
	}
	return a.tradesPage(c, auth.Identity{}, q, nil)
}

// getAllTransactions pages every wallet's transactions, newest first.
func (a *API) getAllTransactions(c echo.Context) error {
	return a.transactionsPage(c, auth.Identity{}, &pb.TransfersQuery{})
}
