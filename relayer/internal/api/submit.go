package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
)

func (a *API) registerSubmit(e *echo.Echo) {
	e.POST("/submit", a.submit)
}

// submit checks a submission and queues it, or answers the transaction an
// identical earlier submission became.
func (a *API) submit(c echo.Context) error {
	res, err := a.doSubmit(c)
	switch {
	case err != nil:
		a.submits.WithLabelValues("refused").Inc()
		return err
	case res.duplicate:
		a.submits.WithLabelValues("duplicate").Inc()
	default:
		a.submits.WithLabelValues("accepted").Inc()
	}
	return c.JSON(http.StatusOK, res.SubmitResponse)
}

type submitResult struct {
	relayerapi.SubmitResponse
	duplicate bool
}

func (a *API) doSubmit(c echo.Context) (submitResult, error) {
	cl, err := a.caller(c)
	if err != nil {
		return submitResult{}, err
	}
	body, err := httpmw.ReadBody(c, bodyBytesMax)
	if err != nil {
		return submitResult{}, err
	}
	in, err := request.Decode(body)
	if err != nil {
		return submitResult{}, err
	}
	req, err := request.Parse(in, a.cfg.Env)
	if err != nil {
		return submitResult{}, err
	}
	if req.From != cl.Address {
		return submitResult{}, errcode.Errorf(errcode.FromNotCaller, "from %s is not the caller %s: a relayer key or token acts only for its own address",
			req.From.Hex(), cl.Address.Hex())
	}
	if req.Kind == request.SafeCreate {
		if err := a.limiter.ChargeDeployIP(c); err != nil {
			return submitResult{}, err
		}
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), storeWaitMax)
	defer cancel()
	key := req.Key(a.cfg.Env.ChainID)
	if err := a.checkChain(ctx, req); err != nil {
		// What the chain rules out may be this very request, done
		// already: that transaction is the answer.
		if live, lerr := a.live(ctx, key); lerr == nil && live != nil {
			return duplicate(live), nil
		}
		return submitResult{}, err
	}
	now := a.now().UTC().Truncate(time.Millisecond)
	for gen := range a.cfg.ResubmissionsMax + 1 {
		id := request.TxID(key, gen)
		sub := &store.Submission{ID: id, Gen: gen, Key: key.Hex(), Owner: cl.Address.Hex(), Request: req.Wire, CreatedAt: now}
		_, err := a.st.Enqueue(ctx, sub)
		if err == nil {
			a.st.AddOwned(cl.Address.Hex(), id, now, func(err error) {
				a.log.Warn("owner index not written: GET /transactions will miss it", zap.String("id", id), zap.Error(err))
			})
			return submitResult{SubmitResponse: relayerapi.SubmitResponse{TransactionID: id, State: relayerapi.StateNew}}, nil
		}
		if !errors.Is(err, store.ErrQueued) {
			return submitResult{}, errcode.Wrap(errcode.RelayerUnavailable, err)
		}
		// This generation was submitted before (or a moment ago, through
		// another request or replica): it answers, unless it ended INVALID
		// or FAILED, which makes way for the next.
		tx, err := a.st.Lookup(ctx, id)
		if err != nil {
			return submitResult{}, errcode.Wrap(errcode.RelayerUnavailable, err)
		}
		if tx.State != relayerapi.StateInvalid && tx.State != relayerapi.StateFailed {
			return duplicate(&tx), nil
		}
	}
	return submitResult{}, errcode.Errorf(errcode.TooManyResubmissions, "this request ended INVALID or FAILED %d times; change it before submitting again",
		a.cfg.ResubmissionsMax+1)
}

func duplicate(tx *relayerapi.Transaction) submitResult {
	return submitResult{relayerapi.SubmitResponse{TransactionID: tx.TransactionID, State: tx.State, TransactionHash: tx.TransactionHash}, true}
}

// live returns the transaction a request with this key became and that
// has not ended INVALID or FAILED, if any.
func (a *API) live(ctx context.Context, key common.Hash) (*relayerapi.Transaction, error) {
	for gen := range a.cfg.ResubmissionsMax + 1 {
		tx, err := a.st.Lookup(ctx, request.TxID(key, gen))
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if tx.State != relayerapi.StateInvalid && tx.State != relayerapi.StateFailed {
			return &tx, nil
		}
	}
	return nil, nil
}

// checkChain refuses what the chain already rules out: a deployment of a
// deployed wallet, a Safe transaction for a wallet neither deployed nor
// being deployed, a Safe nonce already used. It reads the chain through
// the wallet cache, which may be a second behind: the worker checks again,
// exactly, before it pays.
func (a *API) checkChain(ctx context.Context, req *request.Request) error {
	switch req.Kind {
	case request.SafeCreate:
		_, deployed, err := a.wallets.safeNonce(ctx, req.Wallet)
		if err != nil {
			return errcode.Wrap(errcode.ChainUnavailable, err)
		}
		if deployed {
			return errcode.Errorf(errcode.SafeDeployed, "the proxy wallet %s of %s is deployed already", req.Wallet.Hex(), req.From.Hex())
		}
	case request.Safe:
		n, deployed, err := a.wallets.safeNonce(ctx, req.Wallet)
		if err != nil {
			return errcode.Wrap(errcode.ChainUnavailable, err)
		}
		if !deployed {
			pending, err := a.deploying(ctx, req)
			if err != nil {
				return err
			}
			if !pending {
				return errcode.Errorf(errcode.SafeNotDeployed, "the proxy wallet %s of %s is not deployed and no SAFE-CREATE of it is pending: submit one first",
					req.Wallet.Hex(), req.From.Hex())
			}
		}
		if req.Nonce.Cmp(n) < 0 {
			return errcode.Errorf(errcode.SafeNonceUsed, "Safe nonce %s is used: the wallet's next nonce is %s", req.Nonce, n)
		}
	}
	return nil
}

// deploying reports whether a SAFE-CREATE of the request's wallet is
// queued or on its way.
func (a *API) deploying(ctx context.Context, req *request.Request) (bool, error) {
	create := &request.Request{Kind: request.SafeCreate, From: req.From, To: a.cfg.Env.Factory}
	key := create.Key(a.cfg.Env.ChainID)
	tx, err := a.live(ctx, key)
	if err != nil {
		return false, errcode.Wrap(errcode.RelayerUnavailable, err)
	}
	return tx != nil, nil
}
