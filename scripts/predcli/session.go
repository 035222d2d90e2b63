package predcli

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// access is what a command needs of the caller.
type access int

const (
	public access = iota // nothing
	wallet               // a private key (L1 auth)
	trader               // API credentials (L2), derived from the key if not given
	signer               // API credentials and the private key (placing orders)
)

// client returns an SDK client with what the command needs. Without API
// credentials in the flags or environment, a trader command re-derives
// the wallet's newest API key (creating one if it has none): the server
// can always recompute the secret, so losing the cache loses nothing.
func (inv *invocation) client(ctx context.Context, need access) (*client.Client, error) {
	opts, err := inv.clientOptions(ctx, need)
	if err != nil {
		return nil, err
	}
	c := client.New(inv.g.url, opts...)
	if need >= trader {
		if _, ok := c.Creds(); !ok {
			if err := inv.deriveCreds(ctx, c); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// deriveCreds installs the wallet's API credentials: from the cache (see
// cache.go) unless the server refused them in this run, else by an L1
// call, whose result is cached.
func (inv *invocation) deriveCreds(ctx context.Context, c *client.Client) error {
	cache := credsCache{dir: inv.env.CacheDir}
	inv.credsOwner = c.Address()
	if !inv.cacheRefused {
		if creds, ok := cache.load(inv.g.url, c.Address()); ok {
			c.SetCreds(creds)
			inv.cachedCreds = true
			return nil
		}
	}
	creds, err := c.CreateOrDeriveAPIKey(ctx)
	if err != nil {
		return err
	}
	if err := cache.store(inv.g.url, c.Address(), creds); err != nil {
		inv.hint("pred: could not cache the API credentials (%v); the next run derives them again", err)
	}
	return nil
}

// runCommand runs the command once, and once more with fresh credentials
// if the server refused cached ones (the key was revoked, the devnet's
// data was wiped, the file was damaged). Refused credentials mean nothing
// was done, so the retry is safe.
func (inv *invocation) runCommand(ctx context.Context) error {
	err := inv.cmd.run(ctx, inv)
	refused := errors.Is(err, errcode.InvalidAPIKey) || errors.Is(err, errcode.InvalidL2Signature)
	if inv.cachedCreds && refused {
		credsCache{dir: inv.env.CacheDir}.drop(inv.g.url, inv.credsOwner)
		inv.cachedCreds, inv.cacheRefused = false, true
		err = inv.cmd.run(ctx, inv)
	}
	if err == nil {
		err = inv.afterWait
	}
	return err
}

// clientOptions configures the SDK for the command: a command that needs
// the caller learns the chain (see chain.go) and, unless --eoa, makes the
// key's proxy wallet the maker of its orders and the wallet its reads
// are about.
func (inv *invocation) clientOptions(ctx context.Context, need access) ([]client.Option, error) {
	g := &inv.g
	opts := []client.Option{client.WithHTTPClient(inv.httpClient()), client.WithRateLimitPolicy(inv.rateLimit())}
	creds, haveCreds, err := g.creds()
	if err != nil {
		return nil, err
	}
	if haveCreds {
		opts = append(opts, client.WithCreds(creds))
	}
	if g.privateKey != "" {
		key, err := parseKey(g.privateKey)
		if err != nil {
			return nil, err
		}
		opts = append(opts, client.WithPrivateKey(key))
	} else if need == wallet || need == signer || (need == trader && !haveCreds) {
		return nil, usagef("this command needs your wallet: set PRED_PRIVATE_KEY or --private-key (make one with 'pred wallet new')")
	}
	if need == public {
		return opts, nil
	}
	ci, err := inv.chain(ctx)
	if err != nil {
		return nil, err
	}
	opts = append(opts, client.WithChain(ci.chainID, ci.exchange, ci.negRiskExchange))
	if !g.eoa {
		// After WithPrivateKey: the proxy wallet derives from the key.
		opts = append(opts, client.WithProxyWallet(ci.safeFactory, ci.safeInitCodeHash))
	}
	return opts, nil
}

// creds returns the API credentials given in flags or the environment:
// all three or none.
func (g *globals) creds() (clobapi.APICreds, bool, error) {
	c := clobapi.APICreds{APIKey: g.apiKey, Secret: g.secret, Passphrase: g.passphrase}
	switch n := btoi(c.APIKey != "") + btoi(c.Secret != "") + btoi(c.Passphrase != ""); n {
	case 0:
		return c, false, nil
	case 3:
		return c, true, nil
	}
	return c, false, usagef("give all three of --api-key, --secret and --passphrase (PRED_API_KEY, PRED_SECRET, PRED_PASSPHRASE), or none to derive them from the private key")
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func parseKey(s string) (*ecdsa.PrivateKey, error) {
	key, err := crypto.HexToECDSA(strings.TrimPrefix(strings.TrimSpace(s), "0x"))
	if err != nil {
		return nil, usagef("the private key is not 64 hex digits: %v", err)
	}
	return key, nil
}
