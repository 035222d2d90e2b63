package chaos

import (
	"context"
	"fmt"
	"math/big"
	"time"

	toxiproxy "github.com/Shopify/toxiproxy/v2/client"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"pred.dev/scripts/cluster"
	"pred.dev/settler/chainwatch"
)

// The chain's faults: the services' JSON-RPC to geth slowed down or
// stalled through a toxiproxy-server (the cluster's chain proxy), and a
// reorganisation of the chain's last blocks (geth's debug_setHead). The
// relayer must resend what a reorganisation dropped and confirm nothing
// before it is deep enough; after every run each trade is CONFIRMED and
// the chain equals the ledger.

const (
	// FaultChainSlow answers every JSON-RPC request of the services
	// chainSlowLatency late.
	FaultChainSlow Fault = "chain_slow"
	// FaultChainStall accepts the services' JSON-RPC connections but
	// answers nothing: what geth answers is dropped.
	FaultChainStall Fault = "chain_stall"
	// FaultChainReorg replaces the chain's last blocks, up to
	// reorgDepthMax (the seed picks), while they hold transactions.
	FaultChainReorg Fault = "chain_reorg"
)

// Victims of the chain's faults, as the run's lines name them.
const (
	chainRPCVictim = cluster.ChainProxyName
	chainVictim    = "geth"
)

const (
	// chainSlowLatency delays each answer by more than two block
	// periods: the relayer sees blocks and receipts late, and its
	// sends overlap the blocks they wait for.
	chainSlowLatency = 2500 * time.Millisecond
	// chainFaultHold is how long the proxy's faults last: several block
	// periods, and more than the relayer's resend interval (5 s), so that
	// it resends while it hears nothing.
	chainFaultHold = 8 * time.Second
	// chainConfirmations is the relayer's confirmations in a run with
	// the chain's faults: one more than make cluster's, so that the seed
	// has reorganisation depths to pick below it.
	chainConfirmations = cluster.DefaultConfirmations + 1
	// reorgDepthMax bounds a reorganisation's depth below the
	// confirmations: as deep a one could replace the block of a
	// transaction the relayer confirmed, or a block the settler's chain
	// watcher (DefaultConfirmations behind the head) has handled, which
	// no count of confirmations survives.
	reorgDepthMax = min(chainConfirmations-1, chainwatch.DefaultConfirmations)
	// reorgFreshMax is how soon after a new head the rewind is made, so
	// that the next block (a block period later) cannot be sealed
	// between the head's reading and the rewind, which would make the
	// reorganisation one block deeper.
	reorgFreshMax = 300 * time.Millisecond
	// reorgFindMax bounds the wait for last blocks that hold
	// transactions: under the load they come every few blocks.
	reorgFindMax = time.Minute
	// reorgHold lets the services see the new blocks for several block
	// periods before the run goes on.
	reorgHold = 5 * time.Second
	// chainPoll spaces the looks at the chain's head.
	chainPoll = 20 * time.Millisecond
	// chainAnswerMax is how soon the healed proxy must answer.
	chainAnswerMax = time.Second
)

func init() {
	proxied := func(c *cluster.Config) { c.ChainProxy = true }
	register(FaultChainSlow, faultKind{victim: chainRPC, configure: proxied, hold: chainFaultHold, healed: chainAnswers,
		strike: toxic("slow", "latency", toxiproxy.Attributes{"latency": chainSlowLatency.Milliseconds()}),
		heal:   untoxic("slow")})
	// A timeout toxic of timeout 0 drops the data and never closes the
	// connection: the request reached geth (a transaction sent is sent),
	// its answer never comes.
	register(FaultChainStall, faultKind{victim: chainRPC, configure: proxied, hold: chainFaultHold, healed: chainAnswers,
		strike: toxic("stall", "timeout", toxiproxy.Attributes{"timeout": 0}),
		heal:   untoxic("stall")})
	register(FaultChainReorg, faultKind{
		victim: func(context.Context, *clusterRun) (string, *cluster.Lease, error) { return chainVictim, nil, nil },
		configure: func(c *cluster.Config) {
			c.ChainDebug, c.Confirmations = true, max(c.Confirmations, chainConfirmations)
		},
		strike: reorg, heal: func(context.Context, *clusterRun, string) error { return nil },
		until: reorgHealed, hold: reorgHold})
}

func chainRPC(context.Context, *clusterRun) (string, *cluster.Lease, error) {
	return chainRPCVictim, nil, nil
}

// toxic adds a toxic to the answers geth sends the services.
func toxic(name, kind string, attrs toxiproxy.Attributes) func(context.Context, *clusterRun, string) error {
	return func(_ context.Context, r *clusterRun, victim string) error {
		p, err := r.c.ChainProxy()
		if err != nil {
			return err
		}
		r.logf("%s: toxic %s %v on geth's answers", victim, kind, attrs)
		_, err = p.AddToxic(name, kind, "downstream", 1, attrs)
		return err
	}
}

func untoxic(name string) func(context.Context, *clusterRun, string) error {
	return func(_ context.Context, r *clusterRun, victim string) error {
		p, err := r.c.ChainProxy()
		if err != nil {
			return err
		}
		r.logf("%s: toxic %s removed", victim, name)
		return p.RemoveToxic(name)
	}
}

// chainAnswers reports whether geth answers through the proxy at once.
func chainAnswers(ctx context.Context, r *clusterRun, _ string) bool {
	ctx, cancel := context.WithTimeout(ctx, chainAnswerMax)
	defer cancel()
	cl, err := ethclient.DialContext(ctx, r.c.ServicesRPCURL())
	if err != nil {
		return false
	}
	defer cl.Close()
	_, err = cl.BlockNumber(ctx)
	return err == nil
}

// reorgDone is what a reorganisation replaced: the blocks by number and
// hash, and the transactions they held by sender and nonce.
type reorgDone struct {
	blocks map[uint64]common.Hash
	txs    []sentTx
	head   uint64
}

type sentTx struct {
	hash  common.Hash
	from  common.Address
	nonce uint64
}

// reorg rewinds geth's head by a depth the seed picks, right after a new
// block, once the blocks to replace hold transactions. geth --dev's
// txpool does not take back what a rewind drops (the blocks are deleted,
// not reorganised away): the senders must send it again, and the dev
// miner seals new blocks at the same heights.
func reorg(ctx context.Context, r *clusterRun, victim string) error {
	rc, err := rpc.DialContext(ctx, r.c.RPCURL())
	if err != nil {
		return err
	}
	defer rc.Close()
	cl := ethclient.NewClient(rc)
	id, err := cl.ChainID(ctx)
	if err != nil {
		return err
	}
	signer := types.LatestSignerForChainID(id)
	depth := uint64(1 + r.rng.IntN(reorgDepthMax))
	deadline := time.Now().Add(reorgFindMax)
	var last uint64
	for time.Now().Before(deadline) {
		head, err := cl.BlockNumber(ctx)
		if err != nil {
			return err
		}
		if last == 0 || head == last || head < depth {
			last = head
			if err := sleep(ctx, chainPoll); err != nil {
				return err
			}
			continue
		}
		seen := time.Now()
		last = head
		done := reorgDone{blocks: map[uint64]common.Hash{}, head: head}
		for n := head - depth + 1; n <= head; n++ {
			b, err := cl.BlockByNumber(ctx, new(big.Int).SetUint64(n))
			if err != nil {
				return err
			}
			done.blocks[n] = b.Hash()
			for _, tx := range b.Transactions() {
				from, err := types.Sender(signer, tx)
				if err != nil {
					return err
				}
				done.txs = append(done.txs, sentTx{hash: tx.Hash(), from: from, nonce: tx.Nonce()})
			}
		}
		if len(done.txs) == 0 || time.Since(seen) > reorgFreshMax {
			continue
		}
		if err := rc.CallContext(ctx, nil, "debug_setHead", hexutil.Uint64(head-depth)); err != nil {
			return fmt.Errorf("debug_setHead: %w", err)
		}
		r.reorg = done
		r.logf("%s: debug_setHead %d: blocks %d..%d (%d transactions) replaced", victim, head-depth, head-depth+1, head, len(done.txs))
		return nil
	}
	return fmt.Errorf("chaos: no %d last blocks with a transaction within %s", depth, reorgFindMax)
}

// reorgHealed reports whether the chain grew past the replaced head with
// other blocks at the replaced heights, and every replaced transaction's
// sender has spent its nonce again (the same transaction sent again, or
// one that replaced it).
func reorgHealed(ctx context.Context, r *clusterRun, victim string) bool {
	cl, err := ethclient.DialContext(ctx, r.c.RPCURL())
	if err != nil {
		return false
	}
	defer cl.Close()
	d := r.reorg
	for n, h := range d.blocks {
		hd, err := cl.HeaderByNumber(ctx, new(big.Int).SetUint64(n))
		if err != nil || hd.Hash() == h {
			return false
		}
	}
	again := 0
	for _, tx := range d.txs {
		nonce, err := cl.NonceAt(ctx, tx.from, nil)
		if err != nil || nonce <= tx.nonce {
			return false
		}
		if _, err := cl.TransactionReceipt(ctx, tx.hash); err == nil {
			again++
		}
	}
	r.logf("%s: the %d replaced transactions' nonces are spent again: %d of them mined again in a new block, %d replaced by another transaction",
		victim, len(d.txs), again, len(d.txs)-again)
	return true
}
