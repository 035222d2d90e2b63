package predcli

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client"
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

func keysCreate(ctx context.Context, inv *invocation) error {
	return inv.keyCreds(ctx, func(c *client.Client) (clobapi.APICreds, error) { return c.CreateAPIKey(ctx) })
}

func keysDerive(ctx context.Context, inv *invocation) error {
	apiKey := ""
	if len(inv.args) > 0 {
		apiKey = inv.args[0]
	}
	return inv.keyCreds(ctx, func(c *client.Client) (clobapi.APICreds, error) { return c.DeriveAPIKey(ctx, apiKey) })
}

// keyCreds runs an L1 call that returns credentials and prints them.
func (inv *invocation) keyCreds(ctx context.Context, call func(*client.Client) (clobapi.APICreds, error)) error {
	c, err := inv.client(ctx, wallet)
	if err != nil {
		return err
	}
	creds, err := call(c)
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(creds)
	}
	if err := inv.fields("api_key", creds.APIKey, "secret", creds.Secret, "passphrase", creds.Passphrase); err != nil {
		return err
	}
	inv.hint("\npred derives these from your private key by itself; to skip that call, export\n  PRED_API_KEY=%s PRED_SECRET=%s PRED_PASSPHRASE=%s",
		creds.APIKey, creds.Secret, creds.Passphrase)
	return nil
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
	if keys == nil {
		keys = []clobapi.APIKeyInfo{}
	}
	if inv.g.json {
		return inv.emitJSON(keys)
	}
	rows := [][]string{{"API KEY", "ADDRESS", "SCOPE", "CREATED"}}
	for _, k := range keys {
		rows = append(rows, []string{k.APIKey, k.Address, orEmpty(k.ScopeID), unixTime(k.CreatedAt)})
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
	if inv.g.json {
		return inv.emitJSON(r)
	}
	return inv.fields("api_key", r.APIKey, "revoked", fmt.Sprint(r.Revoked))
}
