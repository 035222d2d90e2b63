package predcli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/spf13/pflag"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/fixed"
)

// Money in and out of the exchange. Balances come only from the chain:
// the settler's chain watcher credits what arrives in a proxy wallet and
// debits what leaves it. A deposit is any USDW transfer (or wrap) into the
// proxy wallet; `pred deposit` shows where to send it, has the devnet
// faucet send it with --faucet, and waits until the CLOB shows it. A
// withdrawal first reserves the amount in the exchange (POST /withdraw: it
// leaves the available balance at once), then has the wallet's transfer
// relayed (the Relayer API pays the gas); the watcher's sight of the
// transfer consumes the reservation.

// moneyOpts are the flags of deposit, withdraw and reconcile.
type moneyOpts struct {
	to           string
	keepUSDW     bool
	faucet       bool
	reconcileURL string
}

// DefaultReconcileURL is the devnet's reconciliation endpoint.
const DefaultReconcileURL = "http://127.0.0.1:9102"

// depositPoll is how often `pred deposit` looks at the balance.
const depositPoll = 200 * time.Millisecond

func depositFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.BoolVar(&o.money.faucet, "faucet", false, "devnet: have the faucet send the USDW (else send it yourself, from anywhere)")
	waitFlag(fs, &o.wait, defaultWait, "how long to wait for the CLOB to show the deposit")
}

func withdrawFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.token, "token", "", "withdraw shares of this token instead of USDW")
	fs.StringVar(&o.market, "market", "", "with --outcome: withdraw shares of this market's outcome (slug, id or condition id) instead of USDW")
	fs.StringVar(&o.outcome, "outcome", "", "with --market: the outcome whose shares to withdraw (yes, no, or an outcome's name)")
	fs.StringVar(&o.money.to, "to", "", "the address that receives the funds (default: your key's own address)")
	fs.BoolVar(&o.money.keepUSDW, "keep-usdw", false, "send USDW itself instead of unwrapping it into the stablecoin on the way out (the spec's default)")
	relayerWaitFlags(fs, o)
}

func reconcileFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.money.reconcileURL, "reconcile-url", DefaultReconcileURL, "the settler's reconciliation endpoint (the devnet's -reconcile-addr)")
}

// Deposit is the JSON of `pred deposit`.
type Deposit struct {
	Wallet  string `json:"wallet"`
	Amount  string `json:"amount"`
	Balance string `json:"balance"`
}

// deposit waits until the proxy wallet's USDW on the CLOB has risen by
// the amount, after the faucet sent it (--faucet) or while the user does.
func deposit(ctx context.Context, inv *invocation) error {
	amount, err := fixed.ParseUnits(inv.args[0])
	if err != nil || amount == 0 {
		return usagef("the amount %q is not a positive USDW decimal", inv.args[0])
	}
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	before, err := usdwOnCLOB(ctx, c)
	if err != nil {
		return err
	}
	wallet := c.Funder().Hex()
	if inv.opts.money.faucet {
		if _, err := c.Faucet(ctx, wallet, inv.args[0]); err != nil {
			return err
		}
	} else {
		inv.hint("pred: send %s USDW to your proxy wallet %s (any transfer or wrap into it counts); waiting for the CLOB to show it", inv.args[0], wallet)
	}
	wctx, cancel := context.WithTimeout(ctx, inv.opts.wait)
	defer cancel()
	now := before
	for now < before+amount {
		select {
		case <-wctx.Done():
			return fmt.Errorf("the CLOB shows %s USDW in %s after %s, not yet %s more than %s: the chain watcher has not seen the deposit (an undeployed wallet's funds are credited when it is deployed: pred wallet deploy)",
				fixed.FormatUnits(now), wallet, inv.opts.wait, inv.args[0], fixed.FormatUnits(before))
		case <-time.After(depositPoll):
		}
		if now, err = usdwOnCLOB(ctx, c); err != nil {
			return err
		}
	}
	out := Deposit{Wallet: wallet, Amount: fixed.FormatUnits(amount), Balance: fixed.FormatUnits(now)}
	if inv.g.json {
		return inv.emitJSON(out)
	}
	return inv.fields("wallet", out.Wallet, "deposited", out.Amount+" USDW", "balance", out.Balance+" USDW")
}

func usdwOnCLOB(ctx context.Context, c *client.Client) (uint64, error) {
	ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil {
		return 0, err
	}
	return fixed.ParseUnits(ba.Balance)
}

// Withdrawal is the JSON of `pred withdraw`.
type Withdrawal struct {
	Reservation string `json:"reservation"`
	Wallet      string `json:"wallet"`
	To          string `json:"to"`
	TokenID     string `json:"token_id,omitempty"`
	Amount      string `json:"amount"`
	Balance     string `json:"balance"`
	Reserved    string `json:"reserved"`
	// TransactionID is the Relayer API transaction of the transfer, State
	// its last state seen (CONFIRMED once waited for) and TransactionHash
	// its hash once broadcast.
	TransactionID   string `json:"transaction_id"`
	State           string `json:"state"`
	TransactionHash string `json:"transaction_hash,omitempty"`
}

var withdrawABI = mustABI(`[
 {"type":"function","name":"transfer","inputs":[{"type":"address"},{"type":"uint256"}],"outputs":[{"type":"bool"}]},
 {"type":"function","name":"unwrapTo","inputs":[{"type":"address"},{"type":"uint256"}],"outputs":[{"type":"bool"}]},
 {"type":"function","name":"safeTransferFrom","inputs":[{"type":"address"},{"type":"address"},{"type":"uint256"},{"type":"uint256"},{"type":"bytes"}],"outputs":[]}
]`)

func mustABI(s string) abi.ABI {
	a, err := abi.JSON(strings.NewReader(s))
	if err != nil {
		panic(err)
	}
	return a
}

// withdraw reserves the amount in the exchange, then relays the wallet's
// transfer and waits until it is confirmed.
func withdraw(ctx context.Context, inv *invocation) error {
	amount, err := fixed.ParseUnits(inv.args[0])
	if err != nil || amount == 0 {
		return usagef("the amount %q is not a positive decimal", inv.args[0])
	}
	o := &inv.opts
	if o.money.to != "" && !common.IsHexAddress(o.money.to) {
		return usagef("--to %q is not 0x followed by 40 hex digits", o.money.to)
	}
	if o.market != "" && o.outcome == "" {
		return usagef("--market names the shares to withdraw with --outcome: --market <slug> --outcome yes")
	}
	_, token, err := inv.filter(ctx)
	if err != nil {
		return err
	}
	if o.money.keepUSDW && token != "" {
		return usagef("--keep-usdw is for USDW; shares are transferred as they are")
	}
	var tokenID *big.Int
	if token != "" {
		var ok bool
		if tokenID, ok = new(big.Int).SetString(token, 10); !ok || tokenID.Sign() <= 0 {
			return usagef("--token %q is not a token id (a decimal uint256)", token)
		}
	}
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	// One id for the reservation, so that a retry of this request cannot
	// reserve twice.
	var idb [32]byte
	_, _ = rand.Read(idb[:])
	res, err := c.Withdraw(ctx, inv.args[0], token, "0x"+hex.EncodeToString(idb[:]))
	if err != nil {
		return err
	}
	inv.hint("pred: reserved %s in %s (balance now %s, reserved %s); relaying the transfer", res.Amount, res.Wallet, res.Balance, res.Reserved)
	return inv.withRelayer(ctx, func(rc *relayer.Client) error {
		to := rc.Address()
		if o.money.to != "" {
			to = common.HexToAddress(o.money.to)
		}
		pi, err := inv.gamma().PublicInfo(ctx)
		if err != nil {
			return err
		}
		ch, err := relayer.ChainFromPublicInfo(pi)
		if err != nil {
			return err
		}
		units := new(big.Int).SetUint64(amount)
		var call relayer.Call
		switch {
		case tokenID != nil:
			call = relayer.Call{To: ch.ConditionalTokens, Data: pack("safeTransferFrom", rc.Wallet(), to, tokenID, units, []byte{})}
		case o.money.keepUSDW:
			call = relayer.Call{To: ch.Collateral, Data: pack("transfer", to, units)}
		default:
			// The spec unwraps on withdrawal: the stablecoin reaches --to.
			call = relayer.Call{To: ch.Collateral, Data: pack("unwrapTo", to, units)}
		}
		sub, err := rc.Execute(ctx, call)
		if err != nil {
			return fmt.Errorf("the reservation %s is made but the transfer was not relayed (run pred withdraw's transfer again to complete it): %w", res.ID, err)
		}
		out := Withdrawal{Reservation: res.ID, Wallet: res.Wallet, To: to.Hex(), TokenID: token, Amount: res.Amount,
			Balance: res.Balance, Reserved: res.Reserved, TransactionID: sub.TransactionID, State: stateName(sub.State)}
		if !o.noWait {
			wctx, cancel := context.WithTimeout(ctx, o.wait)
			defer cancel()
			tx, err := rc.Wait(wctx, sub.TransactionID, relayerapi.StateConfirmed, inv.progress)
			if err != nil {
				return fmt.Errorf("the withdrawal's transfer %s (reservation %s stays until a transfer out is seen; 'pred tx %s' follows it): %w",
					sub.TransactionID, res.ID, sub.TransactionID, err)
			}
			out.State, out.TransactionHash = stateName(tx.State), tx.TransactionHash
		}
		if inv.g.json {
			return inv.emitJSON(out)
		}
		return inv.fields("reservation", out.Reservation, "wallet", out.Wallet, "to", out.To, "amount", out.Amount,
			"balance", out.Balance, "transfer", out.TransactionID+" "+out.State+" "+out.TransactionHash)
	})
}

func pack(method string, args ...any) []byte {
	b, err := withdrawABI.Pack(method, args...)
	if err != nil {
		panic(err)
	}
	return b
}

// reconcileCmd asks the settler for a reconciliation check and prints
// its differences; it fails when there are any.
func reconcileCmd(ctx context.Context, inv *invocation) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, inv.opts.money.reconcileURL+"/reconcile", nil)
	if err != nil {
		return usagef("--reconcile-url %q: %v", inv.opts.money.reconcileURL, err)
	}
	resp, err := inv.httpClient().Do(req)
	if err != nil {
		return fmt.Errorf("the settler's reconciliation at %s: %w", inv.opts.money.reconcileURL, err)
	}
	defer resp.Body.Close()
	var rep struct {
		Block       uint64 `json:"block"`
		Seq         uint64 `json:"seq"`
		Wallets     int    `json:"wallets"`
		Compared    int    `json:"compared"`
		Unsettled   int    `json:"unsettled"`
		Assets      int    `json:"assets"`
		Error       string `json:"error"`
		Differences []struct {
			Wallet, Token, Chain, Engine string
		} `json:"differences"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil {
		return fmt.Errorf("the settler's reconciliation answered %s: %w", resp.Status, err)
	}
	if rep.Error != "" {
		return fmt.Errorf("the reconciliation could not run: %s", rep.Error)
	}
	if inv.g.json {
		if err := inv.emitJSON(rep); err != nil {
			return err
		}
	} else {
		rows := [][]string{{"wallet", "token", "chain", "engine"}}
		for _, d := range rep.Differences {
			tok := d.Token
			if tok == "" {
				tok = "USDW"
			}
			rows = append(rows, []string{d.Wallet, tok, d.Chain, d.Engine})
		}
		inv.hint("pred: block %d, %d proxy wallets, %d compared in %d assets, %d skipped (trades not final yet)",
			rep.Block, rep.Wallets, rep.Compared, rep.Assets, rep.Unsettled)
		if len(rep.Differences) > 0 {
			if err := inv.table(rows); err != nil {
				return err
			}
		}
	}
	if len(rep.Differences) > 0 {
		return fmt.Errorf("%d differences between the chain and the ledger", len(rep.Differences))
	}
	return nil
}
