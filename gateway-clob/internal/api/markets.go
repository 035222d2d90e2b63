package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// The markets the engine lists, with what trading them needs: token ids,
// tick size, order sizes, fee rate, status. Titles, slugs and dates are
// the Gamma API's; the engine knows none of them.
func (a *API) registerMarkets(e *echo.Echo) {
	e.GET("/markets", a.getMarkets)
	e.GET("/markets/:conditionID", a.getMarket)
}

// getMarkets pages every market, oldest first: a walk meets the markets
// listed while it runs at its end.
func (a *API) getMarkets(c echo.Context) error {
	p, err := parsePage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	page, err := fetchPage(p, func(cursor string, limit uint32) ([]clobapi.Market, string, error) {
		q := &pb.MarketsQuery{Cursor: cursor, Limit: limit}
		resp, err := a.query(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Markets{Markets: q}}, errcode.NotFound)
		if err != nil {
			return nil, "", err
		}
		out := make([]clobapi.Market, 0, len(resp.GetMarkets().GetMarkets()))
		for _, m := range resp.GetMarkets().GetMarkets() {
			out = append(out, clobMarket(m))
		}
		return out, resp.GetMarkets().GetNextCursor(), nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

// getMarket answers one market by condition id.
func (a *API) getMarket(c echo.Context) error {
	id, err := parseHash32(c.Param("conditionID"), errcode.InvalidMarketID)
	if err != nil {
		return err
	}
	resp, err := a.query(c.Request().Context(), &pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: id[:]}}}, errcode.MarketNotFound)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clobMarket(resp.GetMarket()))
}

// clobMarket converts the engine's market. A resolved market's winner is
// the token its payout vector pays in full; a canceled one ([1,1]) has
// none.
func clobMarket(m *pb.MarketInfo) clobapi.Market {
	p := m.GetParams()
	status := m.GetStatus()
	payout := m.GetPayout()
	winner := func(i int) bool {
		return status == pb.MarketStatus_MARKET_STATUS_RESOLVED && len(payout) == 2 && payout[i] > 0 && payout[1-i] == 0
	}
	closed := status == pb.MarketStatus_MARKET_STATUS_CLOSED || status == pb.MarketStatus_MARKET_STATUS_RESOLVED
	return clobapi.Market{
		ConditionID: hash32(m.GetMarket()),
		Tokens: []clobapi.MarketToken{
			{TokenID: tokenString(m.GetYesTokenId()), Outcome: outcomeString(pb.Outcome_OUTCOME_YES), Winner: winner(0)},
			{TokenID: tokenString(m.GetNoTokenId()), Outcome: outcomeString(pb.Outcome_OUTCOME_NO), Winner: winner(1)},
		},
		MinimumTickSize:  number(p.GetTickSize()),
		MinimumOrderSize: number(p.GetMinSize()),
		MaximumOrderSize: number(p.GetMaxSize()),
		MakerBaseFee:     0,
		TakerBaseFee:     p.GetFeeRateBps(),
		NegRisk:          p.GetNegRisk(),
		Status:           marketStatusString(status),
		Active:           !closed,
		Closed:           closed,
		AcceptingOrders:  status == pb.MarketStatus_MARKET_STATUS_ACTIVE,
		EnableOrderBook:  true,
	}
}
