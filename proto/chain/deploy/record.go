package deploy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/artifacts"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/bind/redeemmodule"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/bind/usdw"
)

// Deployment is the record of one deployment of the exchange's contracts:
// the one file every service reads at start and the Gamma API's
// GET /public-info serves. It is JSON:
//
//	{
//	  "chainId": 1337,
//	  "rpcUrl": "http://127.0.0.1:8545",
//	  "explorerUrl": "",
//	  "contracts": {
//	    "conditionalTokens": "0x…", "exchange": "0x…", "negRiskExchange": "0x…",
//	    "safeFactory": "0x…", "safeSingleton": "0x…", "safeFallbackHandler": "0x…",
//	    "collateral": "0x…", "stablecoin": "0x…", "multiSendCallOnly": "0x…"
//	  },
//	  "safeInitCodeHash": "0x…",
//	  "deployer": "0x…",
//	  "block": 3
//	}
type Deployment struct {
	ChainID     uint64    `json:"chainId"`
	RPCURL      string    `json:"rpcUrl"`
	ExplorerURL string    `json:"explorerUrl,omitempty"`
	Contracts   Contracts `json:"contracts"`
	// SafeInitCodeHash is the init-code hash of the proxy wallets the
	// SafeFactory creates: with the factory's address it gives every
	// trader's wallet address (proto/wallet.ProxyAddress).
	SafeInitCodeHash common.Hash    `json:"safeInitCodeHash"`
	Deployer         common.Address `json:"deployer"`
	// Block is the block of the last deployment transaction: the chain
	// holds every contract from this block on.
	Block uint64 `json:"block"`
}

// Contracts are the deployed addresses.
type Contracts struct {
	ConditionalTokens   common.Address `json:"conditionalTokens"`
	Exchange            common.Address `json:"exchange"`
	NegRiskExchange     common.Address `json:"negRiskExchange"`
	SafeFactory         common.Address `json:"safeFactory"`
	SafeSingleton       common.Address `json:"safeSingleton"`
	SafeFallbackHandler common.Address `json:"safeFallbackHandler"`
	// Collateral is USDW.
	Collateral common.Address `json:"collateral"`
	// Stablecoin backs USDW one to one.
	Stablecoin common.Address `json:"stablecoin"`
	// MultiSendCallOnly is Safe 1.4.1's MultiSendCallOnly, which a
	// wallet delegate-calls to make several calls in one Safe transaction
	// (the relayer's onboarding). Optional: records written before it
	// was deployed lack it (zero), and the field is then left out of the
	// JSON.
	MultiSendCallOnly common.Address `json:"multiSendCallOnly,omitzero"`
	// RedeemModule is the Safe module every wallet the factory creates
	// has enabled: it redeems a resolved condition's positions into the
	// wallet itself. Optional like MultiSendCallOnly: records (and
	// factories) from before it lack it, and their wallets are not
	// redeemed automatically.
	RedeemModule common.Address `json:"redeemModule,omitzero"`
}

// named lists the contracts with their JSON names, in a fixed order.
func (c *Contracts) named() []struct {
	name string
	addr common.Address
} {
	return []struct {
		name string
		addr common.Address
	}{
		{"conditionalTokens", c.ConditionalTokens},
		{"exchange", c.Exchange},
		{"negRiskExchange", c.NegRiskExchange},
		{"safeFactory", c.SafeFactory},
		{"safeSingleton", c.SafeSingleton},
		{"safeFallbackHandler", c.SafeFallbackHandler},
		{"collateral", c.Collateral},
		{"stablecoin", c.Stablecoin},
	}
}

// ExchangeFor returns the exchange that settles (and that orders sign for,
// as the EIP-712 verifying contract) a standard or a negRisk market.
func (d *Deployment) ExchangeFor(negRisk bool) common.Address {
	if negRisk {
		return d.Contracts.NegRiskExchange
	}
	return d.Contracts.Exchange
}

// ErrInvalidRecord is wrapped by every error about a malformed record.
var ErrInvalidRecord = errors.New("invalid deployment record")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidRecord, fmt.Sprintf(format, args...))
}

// Validate checks that the record is complete and well formed: a chain
// id, an http(s) or ws(s) RPC URL, an http(s) explorer URL if any, every
// contract address set and distinct (multiSendCallOnly may be missing),
// and the init-code hash set.
func (d *Deployment) Validate() error {
	if d.ChainID == 0 {
		return invalid("chainId is missing or zero")
	}
	if err := checkURL("rpcUrl", d.RPCURL, "http", "https", "ws", "wss"); err != nil {
		return err
	}
	if d.ExplorerURL != "" {
		if err := checkURL("explorerUrl", d.ExplorerURL, "http", "https"); err != nil {
			return err
		}
	}
	seen := map[common.Address]string{}
	for _, c := range d.Contracts.named() {
		if c.addr == (common.Address{}) {
			return invalid("contracts.%s is missing (zero address)", c.name)
		}
		if other, ok := seen[c.addr]; ok {
			return invalid("contracts.%s and contracts.%s are the same address %s", other, c.name, c.addr.Hex())
		}
		seen[c.addr] = c.name
	}
	for _, opt := range []struct {
		name string
		addr common.Address
	}{{"multiSendCallOnly", d.Contracts.MultiSendCallOnly}, {"redeemModule", d.Contracts.RedeemModule}} {
		if opt.addr == (common.Address{}) {
			continue
		}
		if other, ok := seen[opt.addr]; ok {
			return invalid("contracts.%s and contracts.%s are the same address %s", other, opt.name, opt.addr.Hex())
		}
		seen[opt.addr] = opt.name
	}
	if d.SafeInitCodeHash == (common.Hash{}) {
		return invalid("safeInitCodeHash is missing")
	}
	if d.Deployer == (common.Address{}) {
		return invalid("deployer is missing")
	}
	return nil
}

func checkURL(field, s string, schemes ...string) error {
	if s == "" {
		return invalid("%s is missing", field)
	}
	u, err := url.Parse(s)
	if err != nil {
		return invalid("%s %q: %v", field, s, err)
	}
	for _, sc := range schemes {
		if u.Scheme == sc && u.Host != "" {
			return nil
		}
	}
	return invalid("%s %q is not a %s URL with a host", field, s, strings.Join(schemes, "/"))
}

// Parse decodes and validates a record. Unknown fields, trailing data and
// malformed addresses are errors, so a typo cannot silently drop a field.
func Parse(data []byte) (*Deployment, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var d Deployment
	if err := dec.Decode(&d); err != nil {
		return nil, invalid("%v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, invalid("trailing data after the JSON object")
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return &d, nil
}

// Load reads and validates the record at path.
func Load(path string) (*Deployment, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("deployment record: %w", err)
	}
	d, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// JSON returns the record as indented JSON with a final newline.
func (d *Deployment) JSON() []byte {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		panic(err) // plain fields only
	}
	return append(b, '\n')
}

// Save writes the record to path atomically (a temporary file renamed).
func (d *Deployment) Save(path string) error {
	if err := d.Validate(); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".deployment-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(d.JSON()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// VerifyBackend is what Verify reads from the chain.
type VerifyBackend interface {
	bind.ContractCaller
	ChainID(ctx context.Context) (*big.Int, error)
}

// ErrMismatch is wrapped by every error about a chain that does not hold
// the recorded deployment.
var ErrMismatch = errors.New("chain does not match the deployment record")

func mismatch(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMismatch, fmt.Sprintf(format, args...))
}

// Verify checks that the chain behind b is the one the record describes:
// the same chain id, code at every contract address, and the contracts
// wired to each other as recorded (the exchanges' collateral, conditional
// tokens and Safe factory, USDW's stablecoin, the factory's singleton,
// fallback handler and init-code hash), and, if the record has one,
// exactly Safe's MultiSendCallOnly runtime code at multiSendCallOnly, and
// exchanges with matchOrdersBatch (the settler's calls). A service calls
// it at start and refuses to run on a mismatch.
func (d *Deployment) Verify(ctx context.Context, b VerifyBackend) error {
	if err := d.Validate(); err != nil {
		return err
	}
	id, err := b.ChainID(ctx)
	if err != nil {
		// Not d.RPCURL: the caller may have dialled another endpoint
		// (-rpc-url), and naming the record's would send the reader astray.
		return fmt.Errorf("reading the chain id of the RPC endpoint: %w", err)
	}
	if !id.IsUint64() || id.Uint64() != d.ChainID {
		return mismatch("the RPC endpoint's chain id is %s, the record's is %d", id, d.ChainID)
	}
	for _, c := range d.Contracts.named() {
		code, err := b.CodeAt(ctx, c.addr, nil)
		if err != nil {
			return fmt.Errorf("reading the code of contracts.%s at %s: %w", c.name, c.addr.Hex(), err)
		}
		if len(code) == 0 {
			return mismatch("no contract at contracts.%s %s", c.name, c.addr.Hex())
		}
	}
	call := &bind.CallOpts{Context: ctx}
	for _, ex := range []struct {
		name string
		addr common.Address
	}{{"exchange", d.Contracts.Exchange}, {"negRiskExchange", d.Contracts.NegRiskExchange}} {
		x, err := exchange.NewCTFExchangeCaller(ex.addr, b)
		if err != nil {
			return err
		}
		if err := expectAddr(ex.name+".collateral()", d.Contracts.Collateral, x.Collateral, call); err != nil {
			return err
		}
		if err := expectAddr(ex.name+".ctf()", d.Contracts.ConditionalTokens, x.Ctf, call); err != nil {
			return err
		}
		if err := expectAddr(ex.name+".safeFactory()", d.Contracts.SafeFactory, x.SafeFactory, call); err != nil {
			return err
		}
		// An exchange deployed before matchOrders took the match's time
		// and matchOrdersBatch existed would refuse every settlement.
		if _, err := x.MAXBATCHMATCHES(call); err != nil {
			return mismatch("contracts.%s %s predates matchOrdersBatch (the settler's calls would revert): start a new chain", ex.name, ex.addr.Hex())
		}
	}
	f, err := safefactory.NewSafeFactoryCaller(d.Contracts.SafeFactory, b)
	if err != nil {
		return err
	}
	if err := expectAddr("safeFactory.singleton()", d.Contracts.SafeSingleton, f.Singleton, call); err != nil {
		return err
	}
	if err := expectAddr("safeFactory.fallbackHandler()", d.Contracts.SafeFallbackHandler, f.FallbackHandler, call); err != nil {
		return err
	}
	h, err := f.ProxyInitCodeHash(call)
	if err != nil {
		return mismatch("safeFactory.proxyInitCodeHash() at %s: %v", d.Contracts.SafeFactory.Hex(), err)
	}
	if common.Hash(h) != d.SafeInitCodeHash {
		return mismatch("safeFactory.proxyInitCodeHash() is %s, the record's safeInitCodeHash is %s", common.Hash(h).Hex(), d.SafeInitCodeHash.Hex())
	}
	u, err := usdw.NewUSDWCaller(d.Contracts.Collateral, b)
	if err != nil {
		return err
	}
	if err := expectAddr("collateral.underlying()", d.Contracts.Stablecoin, u.Underlying, call); err != nil {
		return err
	}
	if m := d.Contracts.MultiSendCallOnly; m != (common.Address{}) {
		code, err := b.CodeAt(ctx, m, nil)
		if err != nil {
			return fmt.Errorf("reading the code of contracts.multiSendCallOnly at %s: %w", m.Hex(), err)
		}
		// Wallets delegate-call it, so it must be exactly the audited code.
		if !bytes.Equal(code, artifacts.MustLoad(artifacts.MultiSendCallOnly).DeployedBytecode) {
			return mismatch("contracts.multiSendCallOnly %s does not hold Safe's MultiSendCallOnly (%d bytes of code)", m.Hex(), len(code))
		}
	}
	return d.verifyRedeemModule(ctx, b, f, call)
}

// verifyRedeemModule checks, when the record has a RedeemModule, that it
// redeems the recorded conditional tokens into USDW and that the factory
// enables it on every wallet it creates.
func (d *Deployment) verifyRedeemModule(ctx context.Context, b VerifyBackend, f *safefactory.SafeFactoryCaller, call *bind.CallOpts) error {
	m := d.Contracts.RedeemModule
	if m == (common.Address{}) {
		return nil
	}
	code, err := b.CodeAt(ctx, m, nil)
	if err != nil {
		return fmt.Errorf("reading the code of contracts.redeemModule at %s: %w", m.Hex(), err)
	}
	if len(code) == 0 {
		return mismatch("no contract at contracts.redeemModule %s", m.Hex())
	}
	r, err := redeemmodule.NewRedeemModuleCaller(m, b)
	if err != nil {
		return err
	}
	if err := expectAddr("redeemModule.conditionalTokens()", d.Contracts.ConditionalTokens, r.ConditionalTokens, call); err != nil {
		return err
	}
	if err := expectAddr("redeemModule.collateral()", d.Contracts.Collateral, r.Collateral, call); err != nil {
		return err
	}
	if err := expectAddr("safeFactory.setupTo()", m, f.SetupTo, call); err != nil {
		return err
	}
	data, err := f.SetupData(call)
	if err != nil {
		return mismatch("safeFactory.setupData(): %v", err)
	}
	if !bytes.Equal(data, RedeemModuleSetup()) {
		return mismatch("safeFactory.setupData() is %x, not the RedeemModule's enable()", data)
	}
	return nil
}

func expectAddr(what string, want common.Address, get func(*bind.CallOpts) (common.Address, error), call *bind.CallOpts) error {
	got, err := get(call)
	if err != nil {
		return mismatch("%s: %v", what, err)
	}
	if got != want {
		return mismatch("%s is %s, the record says %s", what, got.Hex(), want.Hex())
	}
	return nil
}
