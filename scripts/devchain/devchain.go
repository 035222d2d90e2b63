// Package devchain runs the devnet's embedded EVM chain: go-ethereum's own
// node, Ethereum service and simulated beacon (what `geth --dev` runs),
// served over JSON-RPC and persisted in a data directory, so that the
// devnet's chain survives a restart exactly like its engine state.
//
// go-ethereum's ethclient/simulated backend is the same machinery, but it
// keeps its chain in memory and rewinds to genesis on start, so it cannot
// be a devnet's chain; it stays the chain of unit tests.
//
// Blocks are sealed by one goroutine: as soon as transactions wait in the
// pool (so settlement does not wait for a timer), and otherwise every
// BlockInterval (so block time and confirmations advance on an idle
// chain).
package devchain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/eth"
	"github.com/ethereum/go-ethereum/eth/catalyst"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/eth/filters"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/event"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/p2p"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"
)

// Defaults of a devnet chain.
const (
	// ChainID is the chain id of go-ethereum's developer chain config.
	ChainID uint64 = 1337
	// DefaultBlockInterval seals an empty block this often on an idle
	// chain; blocks with transactions are sealed at once.
	DefaultBlockInterval = time.Second
	// DefaultGasLimit is the block gas limit: high, so that a devnet's
	// settlement is bounded by the machine, not by block space.
	DefaultGasLimit uint64 = 1_000_000_000
	// sealsPerWakeMax bounds the blocks sealed back to back while
	// transactions keep waiting, so a transaction that never becomes
	// minable cannot spin the sealer.
	sealsPerWakeMax = 64
)

// Config configures a chain.
type Config struct {
	// DataDir holds the chain database; "" keeps the chain in memory.
	DataDir string
	// HTTPAddr serves JSON-RPC (eth, net, web3) on host:port; "" serves
	// none, and port 0 picks a free one (see Chain.RPCURL).
	HTTPAddr string
	// BlockInterval seals an empty block this often when nothing waits.
	BlockInterval time.Duration
	// GasLimit is the block gas limit.
	GasLimit uint64
	// SealWait, if set, is how long the sealer waits after a transaction
	// arrives for more to join it in the block. Zero seals at once, a
	// block per arrival when they come one by one; a few milliseconds
	// make the blocks of a steady stream hold many transactions each, as
	// a real chain's do, so a block's own cost is not paid per
	// transaction (the settlement benchmark).
	SealWait time.Duration
	// Alloc funds accounts at genesis. It is part of the genesis block, so
	// a data dir made with another alloc is refused.
	Alloc types.GenesisAlloc
}

// Chain is a running devnet chain.
type Chain struct {
	node   *node.Node
	eth    *eth.Ethereum
	beacon *catalyst.SimulatedBeacon
	client *ethclient.Client
	rpcURL string

	stop     chan struct{}
	wg       sync.WaitGroup
	closeErr error
	once     sync.Once
}

// ErrRestore means the data dir holds a chain this configuration cannot
// continue: another genesis, or a database that does not open.
var ErrRestore = errors.New("devchain: the chain in the data dir cannot be restored")

// Open starts the chain, continuing the one in cfg.DataDir if there is
// one.
func Open(cfg Config) (*Chain, error) {
	if cfg.BlockInterval <= 0 {
		cfg.BlockInterval = DefaultBlockInterval
	}
	if cfg.GasLimit == 0 {
		cfg.GasLimit = DefaultGasLimit
	}
	stack, err := node.New(nodeConfig(cfg))
	if err != nil {
		return nil, fmt.Errorf("devchain: node: %w", err)
	}
	backend, err := eth.New(stack, ethConfig(cfg))
	if err != nil {
		_ = stack.Close()
		return nil, fmt.Errorf("%w: %w (move the data dir away to start a new chain)", ErrRestore, err)
	}
	fs := filters.NewFilterSystem(backend.APIBackend, filters.Config{})
	stack.RegisterAPIs([]rpc.API{{Namespace: "eth", Service: filters.NewFilterAPI(fs)}})
	if err := stack.Start(); err != nil {
		_ = stack.Close()
		return nil, fmt.Errorf("devchain: start node: %w", err)
	}
	beacon, err := catalyst.NewSimulatedBeacon(0, common.Address{}, backend)
	if err != nil {
		_ = stack.Close()
		return nil, fmt.Errorf("devchain: beacon: %w", err)
	}
	c := &Chain{node: stack, eth: backend, beacon: beacon, client: ethclient.NewClient(stack.Attach()), stop: make(chan struct{})}
	if cfg.HTTPAddr != "" {
		c.rpcURL = stack.HTTPEndpoint()
	}
	// Subscribe before Open returns: a transaction sent right after Open
	// must not slip in before the sealer listens, or it would wait for
	// the idle timer.
	txs := make(chan core.NewTxsEvent, 256)
	sub := backend.TxPool().SubscribeTransactions(txs, true)
	c.wg.Add(1)
	go c.seal(cfg.BlockInterval, cfg.SealWait, txs, sub)
	return c, nil
}

func nodeConfig(cfg Config) *node.Config {
	nc := node.DefaultConfig
	nc.Name = "pred-devchain"
	nc.DataDir = cfg.DataDir
	nc.P2P = p2p.Config{NoDiscovery: true, MaxPeers: 0, ListenAddr: ""}
	nc.HTTPHost, nc.HTTPPort = "", 0
	nc.WSHost, nc.AuthPort = "", 0
	nc.IPCPath = ""
	if cfg.HTTPAddr != "" {
		host, port, err := net.SplitHostPort(cfg.HTTPAddr)
		if err == nil {
			p, _ := strconv.Atoi(port)
			nc.HTTPHost, nc.HTTPPort = host, p
		}
		nc.HTTPModules = []string{"eth", "net", "web3"}
		nc.HTTPVirtualHosts = []string{"*"}
	}
	if cfg.DataDir != "" {
		nc.DataDir = filepath.Clean(cfg.DataDir)
	}
	return &nc
}

func ethConfig(cfg Config) *ethconfig.Config {
	ec := ethconfig.Defaults
	alloc := core.SystemContractAllocs()
	for a, acct := range cfg.Alloc {
		alloc[a] = acct
	}
	ec.Genesis = &core.Genesis{Config: params.AllDevChainProtocolChanges, GasLimit: cfg.GasLimit, Alloc: alloc, BaseFee: big.NewInt(params.InitialBaseFee)}
	ec.SyncMode = ethconfig.FullSync
	ec.NetworkId = ChainID
	ec.Miner.GasCeil = cfg.GasLimit
	// An archive node with the hash scheme writes every block's state to
	// the database as it is sealed, so a killed devnet restarts at its
	// last block instead of rewinding to the last flush.
	ec.NoPruning = true
	ec.StateScheme = rawdb.HashScheme
	ec.TxPool.NoLocals = true
	// No log search index: geth re-renders its filter maps as the head
	// moves, which on a chain sealing a block per transaction took about
	// a third of the devnet's CPU under load. eth_getLogs then reads the
	// blocks' blooms, which is fast enough for a devnet's chain.
	ec.LogNoHistory = true
	return &ec
}

// seal is the one goroutine that seals blocks.
func (c *Chain) seal(interval, wait time.Duration, txs chan core.NewTxsEvent, sub event.Subscription) {
	defer c.wg.Done()
	defer sub.Unsubscribe()
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-txs:
			if wait > 0 {
				select {
				case <-c.stop:
					return
				case <-time.After(wait):
				}
			}
			c.sealPending()
			drain(txs)
			ticker.Reset(interval)
		case <-ticker.C:
			c.beacon.Commit()
		}
	}
}

// sealPending seals blocks until no executable transaction waits, at most
// sealsPerWakeMax of them.
func (c *Chain) sealPending() {
	for range sealsPerWakeMax {
		c.beacon.Commit()
		if pending, _ := c.eth.TxPool().Stats(); pending == 0 {
			return
		}
	}
}

// drain empties ch of the notices of transactions already sealed.
func drain(ch chan core.NewTxsEvent) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

// Client is an in-process RPC client of the chain.
func (c *Chain) Client() *ethclient.Client { return c.client }

// RPCURL is the JSON-RPC URL, "" when HTTP is off.
func (c *Chain) RPCURL() string { return c.rpcURL }

// Head returns the number of the newest block.
func (c *Chain) Head() uint64 { return c.eth.BlockChain().CurrentBlock().Number.Uint64() }

// Genesis returns the hash of block 0, which names the chain.
func (c *Chain) Genesis() common.Hash { return c.eth.BlockChain().Genesis().Hash() }

// WaitBlock waits until the chain has sealed block n.
func (c *Chain) WaitBlock(ctx context.Context, n uint64) error {
	for c.Head() < n {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return nil
}

// Close stops sealing and shuts the node down, flushing the database.
func (c *Chain) Close() error {
	c.once.Do(func() {
		close(c.stop)
		c.wg.Wait()
		c.client.Close()
		err := c.beacon.Stop()
		c.closeErr = errors.Join(err, c.node.Close())
	})
	return c.closeErr
}
