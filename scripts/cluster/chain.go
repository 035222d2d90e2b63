package cluster

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
)

// Where the chain lives under the data dir: geth's data dir and the
// deployment record beside it.
const (
	chainDirName  = "chain"
	gethDirName   = "geth"
	recordName    = "deployment.json"
	gethProcName  = "geth"
	chainReadyMax = 60 * time.Second
	chainPoll     = 100 * time.Millisecond
	// gethStopMax is how long geth has to write its state after SIGTERM:
	// a dev chain killed loses the blocks it had not flushed.
	gethStopMax = 30 * time.Second
)

// DefaultBlockPeriod is the chain's block time: transactions wait for
// the next block, and confirmations count blocks, so a trade is CONFIRMED
// a few seconds after its match.
const DefaultBlockPeriod = time.Second

// Chain is the chain as a real node: geth --dev (one validator, its dev
// account funded at genesis) with JSON-RPC on loopback.
type Chain struct {
	Bin, Dir string
	// HTTPPort serves JSON-RPC; AuthPort is the engine API geth always
	// opens, kept on loopback.
	HTTPPort, AuthPort int
	BlockPeriod        time.Duration
	// Debug adds the debug API (debug_setHead) to JSON-RPC.
	Debug bool
}

// Proc is geth's process.
func (c *Chain) Proc() Proc { return Proc{Name: gethProcName, Dir: c.Dir} }

// RPCURL is the chain's JSON-RPC URL.
func (c *Chain) RPCURL() string { return fmt.Sprintf("http://127.0.0.1:%d", c.HTTPPort) }

// RecordPath is the deployment record's path.
func (c *Chain) RecordPath() string { return filepath.Join(c.Dir, chainDirName, recordName) }

// Start starts geth unless it runs, and returns once it answers.
func (c *Chain) Start(ctx context.Context) error {
	if !c.Proc().Running() {
		dir := filepath.Join(c.Dir, chainDirName, gethDirName)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		period := max(1, int(c.BlockPeriod/time.Second))
		apis := "eth,net,web3,txpool"
		if c.Debug {
			apis += ",debug"
		}
		cmd := exec.Command(c.Bin, "--dev", "--dev.period", fmt.Sprint(period), "--datadir", dir,
			"--http", "--http.addr", "127.0.0.1", "--http.port", fmt.Sprint(c.HTTPPort), "--http.api", apis,
			"--authrpc.addr", "127.0.0.1", "--authrpc.port", fmt.Sprint(c.AuthPort),
			"--ipcdisable", "--nodiscover", "--maxpeers", "0", "--port", "0", "--verbosity", "2")
		if err := c.Proc().Start(cmd); err != nil {
			return err
		}
	}
	return c.waitReady(ctx)
}

func (c *Chain) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, chainReadyMax)
	defer cancel()
	for {
		cl, err := ethclient.DialContext(ctx, c.RPCURL())
		if err == nil {
			_, err = cl.ChainID(ctx)
			cl.Close()
			if err == nil {
				return nil
			}
		}
		if !c.Proc().Running() {
			return fmt.Errorf("cluster: geth exited; its log ends:\n%s", c.Proc().logTail(20))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: geth did not answer on %s within %s: %v", c.RPCURL(), chainReadyMax, err)
		case <-time.After(chainPoll):
		}
	}
}
