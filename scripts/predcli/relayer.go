package predcli

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/spf13/pflag"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
)

// The relayer commands. The Relayer API deploys the key's proxy wallet
// and executes the Safe transactions the key signs, paying the gas, so a
// trader never needs the chain's coin. pred talks to it with a relayer key
// it makes by itself (POST /relayer/api/auth with a Gamma login token,
// itself cached or made by logging in) and keeps in the cache directory
// beside the CLOB credentials, so a run costs no login.

// defaultWait bounds how long a command waits for a transaction to be
// confirmed: the devnet confirms in a few seconds, a busy chain later.
const defaultWait = 2 * time.Minute

// RelayerKey is the JSON of `pred relayer key`.
type RelayerKey struct {
	APIKey  string `json:"api_key"`
	Address string `json:"address"`
}

// TxResult is the JSON of `pred tx`, `pred wallet deploy` and `pred
// wallet approve`: the wallet and its transactions as the relayer last
// reported them.
type TxResult struct {
	Owner        string                   `json:"owner"`
	ProxyWallet  string                   `json:"proxy_wallet"`
	Deployed     bool                     `json:"deployed"`
	Transactions []relayerapi.Transaction `json:"transactions"`
}

func relayerWaitFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.BoolVar(&o.noWait, "no-wait", false, "print the transaction ids at once instead of waiting until they are confirmed")
	waitFlag(fs, &o.wait, defaultWait, "how long to wait for confirmation")
}

func txFlags(fs *pflag.FlagSet, o *cmdOpts) {
	waitFlag(fs, &o.wait, defaultWait, "how long to wait for the transaction to be final")
	fs.BoolVar(&o.noWait, "no-wait", false, "print the transaction's state now instead of waiting")
}

// relayer returns a Relayer API client for the key: the deployment from
// Gamma's GET /public-info, and a relayer key from the cache or made now.
func (inv *invocation) relayer(ctx context.Context) (*relayer.Client, *ecdsa.PrivateKey, error) {
	if inv.g.privateKey == "" {
		return nil, nil, usagef("this command needs your wallet: set PRED_PRIVATE_KEY or --private-key (make one with 'pred wallet new')")
	}
	key, err := parseKey(inv.g.privateKey)
	if err != nil {
		return nil, nil, err
	}
	pi, err := inv.gamma().PublicInfo(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the chain id and contracts from the Gamma API (GET %s/public-info): %w", inv.g.gammaURL, err)
	}
	ch, err := relayer.ChainFromPublicInfo(pi)
	if err != nil {
		return nil, nil, fmt.Errorf("the Gamma API at %s: %w", inv.g.gammaURL, err)
	}
	c := relayer.New(inv.g.relayerURL, relayer.WithHTTPClient(inv.httpClient()), relayer.WithRateLimitPolicy(inv.rateLimit()), relayer.WithPrivateKey(key), relayer.WithChain(ch))
	cache := relayerKeyCache{dir: inv.env.CacheDir}
	if k, ok := cache.load(inv.g.relayerURL, c.Address()); ok {
		c.SetAPIKey(k.APIKey, k.Address)
		inv.cachedRelayerKey = true
		return c, key, nil
	}
	if _, err := inv.newRelayerKey(ctx, c, key); err != nil {
		return nil, nil, err
	}
	return c, key, nil
}

// newRelayerKey makes a relayer key with a Gamma login token (the cached
// one while it is valid for another minute, else a new login), installs
// it in c and caches it.
func (inv *invocation) newRelayerKey(ctx context.Context, c *relayer.Client, key *ecdsa.PrivateKey) (relayerapi.APIKey, error) {
	addr := crypto.PubkeyToAddress(key.PublicKey)
	tokens := tokenCache{dir: inv.env.CacheDir}
	tr, ok := tokens.load(inv.g.gammaURL, addr, time.Now().Add(time.Minute))
	if !ok {
		var err error
		if tr, err = inv.gamma(gamma.WithPrivateKey(key)).Login(ctx); err != nil {
			return relayerapi.APIKey{}, fmt.Errorf("logging in to the Gamma API for a relayer key: %w", err)
		}
		if err := tokens.store(inv.g.gammaURL, addr, tr); err != nil {
			inv.hint("pred: could not cache the token (%v)", err)
		}
	}
	c.SetToken(tr.Token)
	k, err := c.CreateAPIKey(ctx)
	if err != nil {
		return k, err
	}
	c.SetAPIKey(k.APIKey, k.Address)
	if err := (relayerKeyCache{dir: inv.env.CacheDir}).store(inv.g.relayerURL, addr, k); err != nil {
		inv.hint("pred: could not cache the relayer key (%v); the next run makes another", err)
	}
	return k, nil
}

// relayerRefused reports an error that means the relayer does not take
// the cached key (revoked, or the relayer's data was wiped): nothing was
// done, so the command may run again with a new key.
func relayerRefused(err error) bool {
	return errors.Is(err, errcode.InvalidRelayerAPIKey) || errors.Is(err, errcode.RelayerUnauthorized)
}

// withRelayer runs f with a relayer client, once more with a new relayer
// key if the relayer refused the cached one.
func (inv *invocation) withRelayer(ctx context.Context, f func(c *relayer.Client) error) error {
	c, key, err := inv.relayer(ctx)
	if err != nil {
		return err
	}
	err = f(c)
	if inv.cachedRelayerKey && relayerRefused(err) {
		(relayerKeyCache{dir: inv.env.CacheDir}).drop(inv.g.relayerURL, c.Address())
		inv.cachedRelayerKey = false
		if _, err := inv.newRelayerKey(ctx, c, key); err != nil {
			return err
		}
		err = f(c)
	}
	return err
}

func relayerKey(ctx context.Context, inv *invocation) error {
	if inv.g.privateKey == "" {
		return usagef("this command needs your wallet: set PRED_PRIVATE_KEY or --private-key (make one with 'pred wallet new')")
	}
	key, err := parseKey(inv.g.privateKey)
	if err != nil {
		return err
	}
	c := relayer.New(inv.g.relayerURL, relayer.WithHTTPClient(inv.httpClient()), relayer.WithRateLimitPolicy(inv.rateLimit()), relayer.WithPrivateKey(key))
	k, err := inv.newRelayerKey(ctx, c, key)
	if err != nil {
		return err
	}
	out := RelayerKey{APIKey: k.APIKey, Address: k.Address}
	switch {
	case inv.g.json:
		return inv.emitJSON(out)
	case inv.g.quiet:
		_, err := fmt.Fprintln(inv.env.Stdout, out.APIKey)
		return err
	}
	if err := inv.fields("api_key", out.APIKey, "address", out.Address); err != nil {
		return err
	}
	inv.hint("\nRelayer requests carry it in the headers %s and %s; pred keeps it in its cache and uses it by itself.",
		relayerapi.HeaderAPIKey, relayerapi.HeaderAPIKeyAddress)
	return nil
}

// walletDeploy submits the deployment of the key's proxy wallet and waits
// until it is confirmed. A deployed wallet is reported as it is: nothing
// is submitted.
func walletDeploy(ctx context.Context, inv *invocation) error {
	return inv.withRelayer(ctx, func(c *relayer.Client) error {
		res := TxResult{Owner: c.Address().Hex(), ProxyWallet: c.Wallet().Hex()}
		d, err := c.Deployed(ctx, c.Address())
		if err != nil {
			return err
		}
		var ids []string
		if d.Deployed {
			inv.hint("pred: the proxy wallet %s is deployed already", res.ProxyWallet)
		} else {
			s, err := c.Deploy(ctx)
			if err != nil {
				return err
			}
			ids = append(ids, s.TransactionID)
		}
		return inv.follow(ctx, c, res, ids)
	})
}

// txShow shows one of the caller's relayer transactions and, unless
// --no-wait, waits until it is confirmed.
func txShow(ctx context.Context, inv *invocation) error {
	return inv.withRelayer(ctx, func(c *relayer.Client) error {
		return inv.follow(ctx, c, TxResult{Owner: c.Address().Hex(), ProxyWallet: c.Wallet().Hex()}, inv.args)
	})
}

// follow waits for each transaction in turn to be confirmed (unless
// --no-wait), writing a progress line on stderr at every change of state,
// then prints them. A transaction that ends FAILED or INVALID is an error
// with its reason.
func (inv *invocation) follow(ctx context.Context, c *relayer.Client, res TxResult, ids []string) error {
	wctx, cancel := context.WithTimeout(ctx, inv.opts.wait)
	defer cancel()
	var failed error
	for _, id := range ids {
		var tx relayerapi.Transaction
		var err error
		if inv.opts.noWait {
			tx, err = c.Transaction(ctx, id)
		} else {
			tx, err = c.Wait(wctx, id, relayerapi.StateConfirmed, inv.progress)
		}
		var te *relayer.TxError
		switch {
		case errors.As(err, &te):
			failed = fmt.Errorf("transaction %s ended %s: %s", id, stateName(tx.State), tx.Reason)
		case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
			return fmt.Errorf("transaction %s is still %s after %s; 'pred tx %s' goes on waiting", id, stateName(tx.State), inv.opts.wait, id)
		case err != nil:
			return err
		}
		res.Transactions = append(res.Transactions, tx)
		if failed != nil {
			break
		}
	}
	d, err := c.Deployed(ctx, c.Address())
	if err != nil {
		return err
	}
	res.Deployed = d.Deployed
	if res.Transactions == nil {
		res.Transactions = []relayerapi.Transaction{}
	}
	if err := inv.printTxs(res); err != nil {
		return err
	}
	return failed
}

// progress is the line a wait writes at each change of state.
func (inv *invocation) progress(tx relayerapi.Transaction) {
	what := stateName(tx.State)
	if tx.TransactionHash != "" {
		what += " " + tx.TransactionHash
	}
	if tx.BlockNumber != 0 {
		what += fmt.Sprintf(" in block %d", tx.BlockNumber)
	}
	inv.hint("pred: %s %s: %s", strings.ToLower(tx.Type), tx.TransactionID, what)
}

func (inv *invocation) printTxs(res TxResult) error {
	switch {
	case inv.g.json:
		return inv.emitJSON(res)
	case inv.g.quiet:
		for _, tx := range res.Transactions {
			if _, err := fmt.Fprintln(inv.env.Stdout, tx.TransactionID); err != nil {
				return err
			}
		}
		return nil
	}
	if err := inv.fields("owner", res.Owner, "proxy_wallet", res.ProxyWallet, "deployed", fmt.Sprint(res.Deployed)); err != nil {
		return err
	}
	if len(res.Transactions) == 0 {
		return nil
	}
	rows := [][]string{{"\nTRANSACTION", "TYPE", "STATE", "HASH", "BLOCK", "REASON"}}
	for _, tx := range res.Transactions {
		block := "-"
		if tx.BlockNumber != 0 {
			block = fmt.Sprint(tx.BlockNumber)
		}
		rows = append(rows, []string{tx.TransactionID, tx.Type, stateName(tx.State), orEmpty(short(tx.TransactionHash)), block, orEmpty(tx.Reason)})
	}
	return inv.table(rows)
}

// stateName is a state without its STATE_ prefix: CONFIRMED.
func stateName(s relayerapi.State) string { return strings.TrimPrefix(string(s), "STATE_") }
