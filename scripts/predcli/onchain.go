package predcli

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/fixed"
	proxywallet "pred.dev/proto/wallet"
)

// ChainBalance is the JSON of `pred chain balance`: what the wallet holds
// on chain, in decimal USDW and shares.
type ChainBalance struct {
	Wallet string `json:"wallet"`
	Asset  string `json:"asset"`
	Amount string `json:"amount"`
}

// chainBalance reads the wallet's USDW, or its shares of a token, on the
// chain itself (the RPC URL and the contracts from GET /public-info), to
// hold them against what the CLOB's pred balance says the ledger holds.
func chainBalance(ctx context.Context, inv *invocation) error {
	oc, err := inv.onChain(ctx)
	if err != nil {
		return err
	}
	defer oc.ec.Close()
	k := oc.pi.Contracts
	owner := crypto.PubkeyToAddress(oc.key.PublicKey)
	w := owner
	if !inv.g.eoa {
		w = proxywallet.ProxyAddress(common.HexToAddress(k.SafeFactory), common.HexToHash(k.SafeInitCodeHash), owner)
	}
	ec := oc.ec
	call := &bind.CallOpts{Context: ctx}
	res := ChainBalance{Wallet: w.Hex(), Asset: "USDW"}
	var amount *big.Int
	if len(inv.args) > 0 {
		t, err := inv.tokenArgs(ctx, inv.args)
		if err != nil {
			return err
		}
		id, ok := new(big.Int).SetString(t.id, 10)
		if !ok {
			return usagef("the token id %q is not a decimal number", t.id)
		}
		c, err := ctf.NewConditionalTokensCaller(common.HexToAddress(k.ConditionalTokens), ec)
		if err != nil {
			return err
		}
		res.Asset = t.id
		amount, err = c.BalanceOf(call, w, id)
		if err != nil {
			return fmt.Errorf("balanceOf on the conditional tokens: %w", err)
		}
	} else {
		u, err := usdw.NewUSDWCaller(common.HexToAddress(k.Collateral), ec)
		if err != nil {
			return err
		}
		if amount, err = u.BalanceOf(call, w); err != nil {
			return fmt.Errorf("balanceOf on USDW: %w", err)
		}
	}
	if !amount.IsUint64() {
		return fmt.Errorf("the balance %s does not fit in 64 bits", amount)
	}
	res.Amount = fixed.FormatUnits(amount.Uint64())
	if inv.g.json {
		return inv.emitJSON(res)
	}
	return inv.fields("wallet", res.Wallet, "asset", res.Asset, "on_chain", res.Amount)
}

// chainSession is what a command that talks to the chain itself needs:
// the key, the deployment from Gamma's GET /public-info, and a client of
// the chain's RPC URL it names (closed by the caller).
type chainSession struct {
	key *ecdsa.PrivateKey
	pi  gammaapi.PublicInfo
	ec  *ethclient.Client
}

func (inv *invocation) onChain(ctx context.Context) (chainSession, error) {
	if inv.g.privateKey == "" {
		return chainSession{}, usagef("this command needs your wallet: set PRED_PRIVATE_KEY or --private-key")
	}
	key, err := parseKey(inv.g.privateKey)
	if err != nil {
		return chainSession{}, err
	}
	pi, err := inv.gamma().PublicInfo(ctx)
	if err != nil {
		return chainSession{}, err
	}
	if len(pi.Chain) == 0 || pi.Chain[0].RPCURL == "" {
		return chainSession{}, fmt.Errorf("the Gamma API at %s names no chain RPC URL in /public-info", inv.g.gammaURL)
	}
	ec, err := ethclient.DialContext(ctx, pi.Chain[0].RPCURL)
	if err != nil {
		return chainSession{}, fmt.Errorf("the chain at %s: %w", pi.Chain[0].RPCURL, err)
	}
	return chainSession{key: key, pi: pi, ec: ec}, nil
}
