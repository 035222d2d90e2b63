package predcli

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/clobapi"
)

// Wallet is the JSON of `pred wallet new` and `pred wallet address`.
type Wallet struct {
	Address    string `json:"address"`
	PrivateKey string `json:"private_key,omitempty"`
}

func walletNew(_ context.Context, inv *invocation) error {
	key, err := crypto.GenerateKey()
	if err != nil {
		return err
	}
	w := Wallet{Address: crypto.PubkeyToAddress(key.PublicKey).Hex(), PrivateKey: hexutil.Encode(crypto.FromECDSA(key))}
	switch {
	case inv.g.json:
		return inv.emitJSON(w)
	case inv.g.quiet:
		_, err := fmt.Fprintln(inv.env.Stdout, w.PrivateKey)
		return err
	}
	if err := inv.fields("address", w.Address, "private_key", w.PrivateKey); err != nil {
		return err
	}
	inv.hint("\nKeep the private key secret. Use the wallet with:\n  export PRED_PRIVATE_KEY=%s", w.PrivateKey)
	return nil
}

func walletAddress(_ context.Context, inv *invocation) error {
	if inv.g.privateKey == "" {
		return usagef("set PRED_PRIVATE_KEY or --private-key")
	}
	key, err := parseKey(inv.g.privateKey)
	if err != nil {
		return err
	}
	w := Wallet{Address: crypto.PubkeyToAddress(key.PublicKey).Hex()}
	if inv.g.json {
		return inv.emitJSON(w)
	}
	_, err = fmt.Fprintln(inv.env.Stdout, w.Address)
	return err
}

// One key story: pred signs the trading calls with the wallet's newest
// active API key, which it derives (or creates, for a wallet with none)
// the first time a command needs one and keeps in its cache. `pred keys
// create` makes a new key, which is then the newest: pred caches it and
// signs with it from then on. --api-key, --secret and --passphrase (or
// PRED_API_KEY, PRED_SECRET, PRED_PASSPHRASE) name another key, or serve
// a machine without the private key; they win over the cache.

func keysCreate(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, wallet)
	if err != nil {
		return err
	}
	creds, err := c.CreateAPIKey(ctx)
	if err != nil {
		return err
	}
	cache := credsCache{dir: inv.env.CacheDir}
	if err := cache.store(inv.g.url, c.Address(), creds); err != nil {
		inv.hint("pred: could not cache the new key (%v); pred derives your newest key again on the next run", err)
	}
	if err := inv.printCreds(creds); err != nil {
		return err
	}
	if env, ok := c.Creds(); ok {
		inv.hint("\nThis is now your newest key, but --api-key (PRED_API_KEY) names %s: pred signs with that one until you unset it.", env.APIKey)
		return nil
	}
	inv.hint("\nThis is now your newest key: pred keeps it in its cache and signs with it from now on.")
	return nil
}

func keysDerive(ctx context.Context, inv *invocation) error {
	apiKey := ""
	if len(inv.args) > 0 {
		apiKey = inv.args[0]
	}
	c, err := inv.client(ctx, wallet)
	if err != nil {
		return err
	}
	creds, err := c.DeriveAPIKey(ctx, apiKey)
	if err != nil {
		return err
	}
	return inv.printCreds(creds)
}

// printCreds prints API credentials.
func (inv *invocation) printCreds(creds clobapi.APICreds) error {
	if inv.g.json {
		return inv.emitJSON(creds)
	}
	return inv.fields("api_key", creds.APIKey, "secret", creds.Secret, "passphrase", creds.Passphrase)
}

// KeyInfo is one row of `pred keys list --json`: the API's key and
// whether pred signs with it.
type KeyInfo struct {
	clobapi.APIKeyInfo
	InUse bool `json:"in_use"`
}

func keysList(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	keys, err := c.ListAPIKeys(ctx)
	if err != nil {
		return err
	}
	used, _ := c.Creds()
	out := make([]KeyInfo, 0, len(keys))
	for _, k := range keys {
		out = append(out, KeyInfo{APIKeyInfo: k, InUse: k.APIKey == used.APIKey})
	}
	if inv.g.json {
		return inv.emitJSON(out)
	}
	rows := [][]string{{"API KEY", "ADDRESS", "SCOPE", "CREATED", "PRED USES"}}
	for _, k := range out {
		mark := "-"
		if k.InUse {
			mark = "yes"
		}
		rows = append(rows, []string{k.APIKey, k.Address, orEmpty(k.ScopeID), unixTime(k.CreatedAt), mark})
	}
	return inv.table(rows)
}

func keysRevoke(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, wallet)
	if err != nil {
		return err
	}
	r, err := c.RevokeAPIKey(ctx, inv.args[0])
	if err != nil {
		return err
	}
	// The cache must not keep a revoked key: the next run derives the
	// newest one left (or creates one).
	cache := credsCache{dir: inv.env.CacheDir}
	if cached, ok := cache.load(inv.g.url, c.Address()); ok && cached.APIKey == r.APIKey {
		cache.drop(inv.g.url, c.Address())
	}
	if inv.g.json {
		return inv.emitJSON(r)
	}
	return inv.fields("api_key", r.APIKey, "revoked", fmt.Sprint(r.Revoked))
}
