package devnet

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/chain/txn"
	"pred.dev/scripts/devchain"
)

// Where the chain lives in the data dir: the embedded chain's database
// (go-ethereum's node directory) and the deployment record beside it.
const (
	chainDirName  = "chain"
	nodeDirName   = "pred-devchain" // devchain's node name: its database's directory
	recordName    = "deployment.json"
	DefaultRPCURL = "http://127.0.0.1:8545"
)

// DefaultChainAddr is the embedded chain's JSON-RPC address.
const DefaultChainAddr = "127.0.0.1:8545"

// devKeyFunds is what the genesis gives the dev key: a billion coins.
var devKeyFunds = new(big.Int).Mul(big.NewInt(1_000_000_000), big.NewInt(params.Ether))

// ErrChainRestore is wrapped by every refusal to start on a chain and
// deployment record that do not belong together: the devnet never runs
// half reset. The message says what to do.
var ErrChainRestore = errors.New("devnet: the chain cannot be restored")

// onchain is the devnet's chain: the embedded one or an RPC endpoint,
// the deployment on it and the dev key's sender. What the dev key does
// there for the markets and the faucet is the settler's markets service
// (markets.go), which shares that sender.
type onchain struct {
	// embedded is the embedded chain, nil on an external endpoint.
	embedded *devchain.Chain
	// rpc is the external endpoint's client, nil on the embedded chain.
	rpc     *ethclient.Client
	chain   *txn.Chain
	d       *deploy.Deployment
	path    string
	rpcURL  string
	created bool
	admin   *txn.Sender

	// usdw and ctf read balances and approvals for the tests.
	usdw *usdw.USDW
	ctf  *ctf.ConditionalTokens
}

// RecordPath is where a devnet keeps its deployment record in dataDir.
func RecordPath(dataDir string) string { return filepath.Join(dataDir, chainDirName, recordName) }

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// openChain starts the embedded chain (or connects to cfg.RPCURL),
// deploys the contracts on first use and otherwise checks that the chain
// holds the recorded deployment. Every mismatch is an ErrChainRestore
// saying what to do.
func openChain(ctx context.Context, cfg Config, log *zap.Logger) (*onchain, error) {
	oc := &onchain{path: RecordPath(cfg.DataDir)}
	if err := oc.open(ctx, cfg, log); err != nil {
		_ = oc.close()
		return nil, err
	}
	return oc, nil
}

func (oc *onchain) open(ctx context.Context, cfg Config, log *zap.Logger) error {
	var err error
	var rec *deploy.Deployment
	if exists(oc.path) {
		if rec, err = deploy.Load(oc.path); err != nil {
			return oc.refuse(cfg, "the deployment record is damaged: %v", err)
		}
	}
	key := DevKey()
	if cfg.RPCURL == "" {
		if err := oc.openEmbedded(cfg, rec); err != nil {
			return err
		}
	} else {
		if cfg.DeployerKey == nil {
			return fmt.Errorf("devnet: -rpc-url %s needs -deployer-key: the key that deploys the contracts (or deployed them) and then prepares markets and funds the faucet", cfg.RPCURL)
		}
		key = cfg.DeployerKey
		if oc.rpc, err = ethclient.DialContext(ctx, cfg.RPCURL); err != nil {
			return fmt.Errorf("devnet: chain RPC %s: %w", cfg.RPCURL, err)
		}
		oc.chain, oc.rpcURL = &txn.Chain{Backend: oc.rpc}, cfg.RPCURL
	}
	from := crypto.PubkeyToAddress(key.PublicKey)
	if rec == nil {
		if err := oc.deploy(ctx, cfg, key, log); err != nil {
			return err
		}
	} else if err := oc.verify(ctx, cfg, rec, from); err != nil {
		return err
	}
	if oc.admin, err = txn.NewSender(ctx, oc.chain, key); err != nil {
		return fmt.Errorf("devnet: chain: %w", err)
	}
	if oc.usdw, err = usdw.NewUSDW(oc.d.Contracts.Collateral, oc.chain.Backend); err != nil {
		return err
	}
	oc.ctf, err = ctf.NewConditionalTokens(oc.d.Contracts.ConditionalTokens, oc.chain.Backend)
	return err
}

// refuse is the error of a data dir whose chain cannot continue.
func (oc *onchain) refuse(cfg Config, format string, args ...any) error {
	what := fmt.Sprintf(format, args...)
	if cfg.RPCURL != "" {
		return fmt.Errorf("%w: %s. The record %s belongs to another chain or deployment: point -rpc-url at the chain it names, or move the data dir %s away (or delete it) to deploy afresh",
			ErrChainRestore, what, oc.path, cfg.DataDir)
	}
	return fmt.Errorf("%w: %s. Move the data dir %s away (or delete it) to start a new devnet; nothing in it was changed",
		ErrChainRestore, what, cfg.DataDir)
}

func (oc *onchain) openEmbedded(cfg Config, rec *deploy.Deployment) error {
	dir := filepath.Join(cfg.DataDir, chainDirName)
	haveDB := exists(filepath.Join(dir, nodeDirName))
	if rec != nil && !haveDB {
		return oc.refuse(cfg, "the deployment record %s has no chain database beside it (%s is missing)", oc.path, filepath.Join(dir, nodeDirName))
	}
	if rec == nil && !haveDB && (exists(filepath.Join(cfg.DataDir, "engine")) || exists(filepath.Join(cfg.DataDir, "nats"))) {
		return oc.refuse(cfg, "the data dir holds an exchange's state but no chain (it was made by a devnet without one), so its balances and markets have nothing on chain behind them")
	}
	c, err := devchain.Open(devchain.Config{DataDir: dir, HTTPAddr: cfg.ChainAddr, BlockInterval: cfg.BlockInterval,
		Alloc: types.GenesisAlloc{DevAddress: {Balance: devKeyFunds}}})
	if errors.Is(err, devchain.ErrRestore) {
		return oc.refuse(cfg, "%v", err)
	}
	if err != nil {
		return fmt.Errorf("devnet: embedded chain on %s: %w", cfg.ChainAddr, err)
	}
	oc.embedded = c
	oc.chain, oc.rpcURL = &txn.Chain{Backend: c.Client()}, c.RPCURL()
	if oc.rpcURL == "" {
		oc.rpcURL = DefaultRPCURL // JSON-RPC is off; the record still needs a URL
	}
	return nil
}

// deploy deploys every contract on a chain the deployer has not used
// and saves the record.
func (oc *onchain) deploy(ctx context.Context, cfg Config, key *ecdsa.PrivateKey, log *zap.Logger) error {
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := oc.chain.Backend.NonceAt(ctx, from, nil)
	if err != nil {
		return fmt.Errorf("devnet: chain: nonce of %s: %w", from.Hex(), err)
	}
	if oc.embedded != nil && nonce > 0 {
		// A first start that deployed but died before it saved the record.
		return oc.refuse(cfg, "the chain has %d transactions of the deployer %s but there is no deployment record %s", nonce, from.Hex(), oc.path)
	}
	log.Info("deploying the contracts", zap.String("rpc_url", oc.rpcURL), zap.String("deployer", from.Hex()))
	d, err := deploy.Deploy(ctx, oc.chain, deploy.Options{Deployer: key, Operators: []common.Address{from}, Minter: from,
		FeeReceiver: FeeAccount, RPCURL: oc.rpcURL})
	if err != nil {
		return fmt.Errorf("devnet: deploying the contracts on %s: %w", oc.rpcURL, err)
	}
	if err := os.MkdirAll(filepath.Dir(oc.path), 0o755); err != nil {
		return err
	}
	if err := d.Save(oc.path); err != nil {
		return fmt.Errorf("devnet: saving the deployment record: %w", err)
	}
	oc.d, oc.created = d, true
	return nil
}

// verify checks that the chain holds the recorded deployment.
func (oc *onchain) verify(ctx context.Context, cfg Config, rec *deploy.Deployment, from common.Address) error {
	head, err := oc.chain.Backend.BlockNumber(ctx)
	if err != nil {
		return fmt.Errorf("devnet: chain: %w", err)
	}
	if rec.Block > head {
		return oc.refuse(cfg, "the deployment record says the contracts were deployed in block %d, but the chain's head is block %d", rec.Block, head)
	}
	if err := rec.Verify(ctx, oc.chain.Backend); err != nil {
		if errors.Is(err, deploy.ErrMismatch) || errors.Is(err, deploy.ErrInvalidRecord) {
			return oc.refuse(cfg, "%v", err)
		}
		return fmt.Errorf("devnet: verifying the deployment: %w", err)
	}
	if rec.Deployer != from {
		return oc.refuse(cfg, "the contracts were deployed by %s, not by the devnet's key %s", rec.Deployer.Hex(), from.Hex())
	}
	if rec.RPCURL != oc.rpcURL {
		// The same chain served on another address (a test's free port).
		rec.RPCURL = oc.rpcURL
		if err := rec.Save(oc.path); err != nil {
			return fmt.Errorf("devnet: updating the deployment record's RPC URL: %w", err)
		}
	}
	oc.d = rec
	return nil
}

// maxUint256 is an unlimited ERC-20 allowance.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// USDWOf returns addr's USDW balance on chain, in base units.
func (oc *onchain) USDWOf(ctx context.Context, addr common.Address) (*big.Int, error) {
	return oc.usdw.BalanceOf(&bind.CallOpts{Context: ctx}, addr)
}

// close stops the embedded chain or closes the RPC client.
func (oc *onchain) close() error {
	if oc == nil {
		return nil
	}
	if oc.rpc != nil {
		oc.rpc.Close()
	}
	if oc.embedded != nil {
		return oc.embedded.Close()
	}
	return nil
}

// Predicted is the deployment record every fresh embedded chain gets
// (the dev key deploys from nonce 0, so the addresses never change),
// without the block: for processes and benchmarks that need the
// devnet's chain values but no chain.
func Predicted() *deploy.Deployment {
	k := deploy.Predict(DevAddress, 0)
	return &deploy.Deployment{ChainID: devchain.ChainID, RPCURL: DefaultRPCURL, Contracts: k,
		SafeInitCodeHash: safewallet.InitCodeHash(k.SafeSingleton), Deployer: DevAddress}
}

// TradingApprovals are the calls with which a wallet lets both exchanges
// move its USDW (approve, unlimited) and its shares (setApprovalForAll):
// what pred wallet approve has the relayer run, and what every order
// needs the exchange to have seen.
func TradingApprovals(d *deploy.Deployment) []WalletCall {
	k := d.Contracts
	usdwABI, _ := usdw.USDWMetaData.GetAbi()
	ctfABI, _ := ctf.ConditionalTokensMetaData.GetAbi()
	var calls []WalletCall
	for _, ex := range []common.Address{k.Exchange, k.NegRiskExchange} {
		approve, err := usdwABI.Pack("approve", ex, maxUint256)
		if err != nil {
			panic(err) // the binding's own ABI and arguments of its types
		}
		forAll, err := ctfABI.Pack("setApprovalForAll", ex, true)
		if err != nil {
			panic(err)
		}
		calls = append(calls, WalletCall{To: k.Collateral, Data: approve}, WalletCall{To: k.ConditionalTokens, Data: forAll})
	}
	return calls
}
