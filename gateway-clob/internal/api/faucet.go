package api

import (
	"context"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// DefaultFaucetMaxUnits bounds one faucet credit: 1,000,000 USDW.
const DefaultFaucetMaxUnits = 1_000_000 * fixed.One

func (a *API) registerFaucet(e *echo.Echo) {
	e.POST("/faucet", a.postFaucet)
}

// postFaucet credits devnet USDW to a wallet: body {"address","amount"}.
// It exists only when the gateway runs with the devnet faucet enabled;
// elsewhere it answers 404 FAUCET_DISABLED.
func (a *API) postFaucet(c echo.Context) error {
	if !a.cfg.Faucet {
		return errcode.New(errcode.FaucetDisabled)
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var req clobapi.FaucetRequest
	if err := decodeJSON(body, &req, errcode.InvalidPayload); err != nil {
		return err
	}
	addr, err := parseAddress(req.Address, "address")
	if err != nil {
		return err
	}
	amount, err := fixed.ParseUnits(req.Amount)
	if err != nil || amount == 0 || amount > a.cfg.FaucetMaxUnits {
		return errcode.Errorf(errcode.InvalidAmount, "amount must be a positive USDW decimal string of at most %s", units(a.cfg.FaucetMaxUnits))
	}
	if a.cfg.FaucetFunder != nil && a.cfg.FaucetViaChain {
		viaChain := true
		if cc, ok := a.cfg.FaucetFunder.(ChainCreditor); ok {
			if viaChain, err = cc.CreditedByChain(c.Request().Context(), addr); err != nil {
				return errcode.Errorf(errcode.InternalError, "the faucet could not tell whether %s is a proxy wallet: %v", addr.Hex(), err)
			}
		}
		if viaChain {
			return a.faucetViaChain(c, addr, amount)
		}
	}
	// The chain first: a failure there credits nothing, and a credit that
	// fails after it leaves the chain ahead of the engine, never behind.
	id := newCommandID()
	chainID := false // id names the chain's transfer, which the watcher may credit first
	if a.cfg.FaucetFunder != nil {
		var err error
		if fi, ok := a.cfg.FaucetFunder.(FaucetFunderID); ok {
			id, err = fi.FundID(c.Request().Context(), addr, amount)
			chainID = true
		} else {
			err = a.cfg.FaucetFunder.Fund(c.Request().Context(), addr, amount)
		}
		if err != nil {
			return errcode.Errorf(errcode.CodeOf(err), "the faucet could not fund %s on chain: %v", addr.Hex(), err)
		}
	}
	cmd := &pb.Command{Id: id, Body: &pb.Command_Faucet{Faucet: &pb.Faucet{Account: addr[:], Amount: amount}}}
	res, err := a.submit(c.Request().Context(), cmd, "")
	if err != nil {
		return err
	}
	out := clobapi.FaucetResponse{Address: addr.Hex(), Amount: units(amount)}
	for _, e := range res.Events {
		if cr := e.GetCommandRejected(); cr != nil {
			if cr.GetReason() == pb.RejectReason_REJECT_REASON_DUPLICATE_COMMAND && (a.cfg.FaucetViaChain || chainID) {
				// The chain watcher credited this very transfer first.
				bal, err := a.collateralBalance(c.Request().Context(), addr)
				if err != nil {
					return err
				}
				out.Balance = units(bal)
				return c.JSON(http.StatusOK, out)
			}
			return errcode.RejectError(cr.GetReason())
		}
		if bc := e.GetBalanceChanged(); bc != nil && len(bc.GetTokenId()) == 0 {
			out.Balance = units(bc.GetBalance())
		}
	}
	return c.JSON(http.StatusOK, out)
}

// ChainCreditor is a FaucetFunder that knows which addresses the chain
// watcher credits: proxy wallets. Other addresses (an EOA maker, a proxy
// wallet not deployed yet) are funded on chain and credited by the faucet
// itself with a Faucet command, as without the watcher; a proxy wallet's
// deployment later credits only what the engine does not hold already.
type ChainCreditor interface {
	CreditedByChain(ctx context.Context, addr common.Address) (bool, error)
}

// FaucetFunderID is a FaucetFunder that names the chain event of its
// transfer: the faucet's own credit then carries the id the chain watcher
// would give the same transfer, so the engine applies it once whichever
// comes first.
type FaucetFunderID interface {
	FundID(ctx context.Context, to common.Address, amount uint64) ([]byte, error)
}

// FaucetWaitMax bounds how long a faucet funded on chain waits for the
// chain watcher's deposit to show in the engine (a few blocks of
// confirmations); FaucetPoll is how often it looks.
const (
	FaucetWaitMax = 15 * time.Second
	FaucetPoll    = 50 * time.Millisecond
)

// faucetViaChain funds addr on chain and leaves the crediting to the
// chain watcher, as for any deposit. It answers once the engine's balance
// has risen by amount, or after FaucetWaitMax with the balance as it is
// then (funds sent to a proxy wallet not deployed yet are credited when
// it is deployed).
func (a *API) faucetViaChain(c echo.Context, addr common.Address, amount uint64) error {
	ctx := c.Request().Context()
	before, err := a.collateralBalance(ctx, addr)
	if err != nil {
		return err
	}
	if err := a.cfg.FaucetFunder.Fund(ctx, addr, amount); err != nil {
		return errcode.Errorf(errcode.CodeOf(err), "the faucet could not fund %s on chain: %v", addr.Hex(), err)
	}
	now := before
	for deadline := time.Now().Add(FaucetWaitMax); now < before+amount && time.Now().Before(deadline); {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(FaucetPoll):
		}
		if now, err = a.collateralBalance(ctx, addr); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, clobapi.FaucetResponse{Address: addr.Hex(), Amount: units(amount), Balance: units(now)})
}

func (a *API) collateralBalance(ctx context.Context, addr common.Address) (uint64, error) {
	resp, err := a.query(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: addr[:]}}},
		errcode.NotFound)
	if err != nil {
		return 0, err
	}
	return resp.GetBalance().GetBalance(), nil
}
