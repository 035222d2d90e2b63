// Command devchain serves the devnet's chain (scripts/devchain) as a
// process of its own, in memory (or in -datadir), with the dev key
// (devnet.DevKey) funded at genesis: a devnet started with -rpc-url
// pointing at it and the dev key as -deployer-key deploys there. The CLOB
// bench runs it at the lowest CPU priority beside the exchange, as a
// chain on another host would not compete with the matching path at all,
// and with -datadir: go-ethereum's freezer moves finalized blocks out of
// the key-value store once a minute and, for every block it moves, lists
// the keys of that block number, which go-ethereum's in-memory database
// does by scanning every key it holds. An archive chain sealing a block
// per transaction keeps every block's trie nodes, so each scan costs more
// the longer the chain runs: in the CLOB bench's catch-up those scans
// took 70% of the chain's CPU (and hold the database's lock while they
// run). Pebble lists a prefix without a scan.
package main

import (
	"flag"
	"fmt"
	"math/big"
	"os"
	"os/signal"
	"syscall"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"

	"pred.dev/scripts/devchain"
	"pred.dev/scripts/devnet"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8545", "JSON-RPC listen address")
	cfg := devchain.Config{}
	flag.DurationVar(&cfg.BlockInterval, "block-interval", 0, "seal an empty block this often when nothing waits (default 1s)")
	flag.DurationVar(&cfg.SealWait, "seal-wait", 0, "wait this long after a transaction arrives for more to join its block")
	flag.StringVar(&cfg.DataDir, "datadir", "", "keep the chain database in this directory (Pebble) instead of in memory: "+
		"a long run's in-memory database makes go-ethereum's freezer scan every key for every block it freezes")
	flag.Parse()
	cfg.HTTPAddr = *addr
	// The same genesis funds as the devnet's embedded chain: a billion
	// coins for the dev key, which deploys and funds everything else.
	cfg.Alloc = types.GenesisAlloc{devnet.DevAddress: {Balance: new(big.Int).Mul(big.NewInt(1_000_000_000), big.NewInt(params.Ether))}}
	c, err := devchain.Open(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "devchain:", err)
		os.Exit(1)
	}
	fmt.Println("ready", c.RPCURL())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	if err := c.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "devchain:", err)
		os.Exit(1)
	}
}
