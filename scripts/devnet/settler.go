package devnet

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"net"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/runtime/publish"
	"pred.dev/settler/chainwatch"
	"pred.dev/settler/reconcile"
	settlerserver "pred.dev/settler/server"
)

// The settler's chain watcher in the devnet: the one way balances and
// wallet deployments reach the engine (the faucet funds on chain only).
// This file holds the watcher's wiring only, in its own function, beside
// whatever else of the settler the devnet runs.

// WatchConfirmations is how many blocks the devnet's chain watcher waits
// behind the head. The embedded chain seals a block as soon as a
// transaction waits and an empty one every BlockInterval, so a deposit
// shows within about one interval.
const WatchConfirmations = 1

// watchPoll is how often the devnet's watcher looks at the head.
const watchPoll = 100 * time.Millisecond

// startChainWatch runs the settler's chain watcher on its own NATS
// connection and publisher until the gateways stop (Close stops them
// before the engine and NATS), and the reconciliation beside it. The
// watcher's metrics (settler_chainwatch_*: its head, cursor and the steps
// a chain or NATS outage failed) go in the reconciliation's registry,
// served at Config.ReconcileAddr's /metrics (`make run`: 127.0.0.1:9102),
// as cmd/settler serves them beside its reconciliation's.
func (d *Devnet) startChainWatch(ctx, runCtx context.Context, dcfg Config) error {
	nc, err := d.connect("settler-chainwatch")
	if err != nil {
		return err
	}
	pub, err := publish.New(nc, publish.Config{}, d.log.Named("chainwatch.publish"))
	if err != nil {
		return fmt.Errorf("devnet: chain watcher publisher: %w", err)
	}
	wcfg := settlerserver.WatchConfig{On: true, Confirmations: WatchConfirmations, Poll: watchPoll, ReconcileInterval: ReconcileInterval}
	w, err := settlerserver.NewWatch(ctx, wcfg, d.Deployment, d.chain.chain.Backend, nc, pub, prometheus.NewRegistry(), d.log)
	if err != nil {
		_ = pub.Close()
		return fmt.Errorf("devnet: %w", err)
	}
	d.watch, d.recon = w.Watcher, w.Reconciler
	d.run(&d.gwDone, "chain watcher", func() error {
		defer func() { _ = pub.Close() }()
		return w.Watcher.Run(runCtx)
	})
	d.run(&d.gwDone, "reconciliation", func() error { return w.Reconciler.Run(runCtx) })
	return d.serveReconcile(runCtx, dcfg, w)
}

// DefaultReconcileAddr is where `make run` serves the reconciliation.
const DefaultReconcileAddr = "127.0.0.1:9102"

// ReconcileInterval is how often the devnet reconciles on its own.
const ReconcileInterval = 10 * time.Second

// serveReconcile, with Config.ReconcileAddr, serves the reconciliation
// and the metrics of the chain watcher's registry, where it registers
// its own.
func (d *Devnet) serveReconcile(runCtx context.Context, dcfg Config, w *settlerserver.Watch) error {
	if dcfg.ReconcileAddr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", dcfg.ReconcileAddr)
	if err != nil {
		return fmt.Errorf("devnet: reconciliation listen on %s: %w", dcfg.ReconcileAddr, err)
	}
	d.ReconcileURL = "http://" + ln.Addr().String()
	d.run(&d.gwDone, "reconciliation server", func() error { return w.Serve(runCtx, ln) })
	return nil
}

// Reconcile runs the reconciliation check now.
func (d *Devnet) Reconcile(ctx context.Context) (reconcile.Report, error) { return d.recon.Check(ctx) }

// Watcher returns the devnet's chain watcher.
func (d *Devnet) Watcher() *chainwatch.Watcher { return d.watch }

// DeployWallet deploys owner's proxy wallet the way the relayer does (the
// owner signs the SafeFactory's CreateProxy, the devnet's key pays) and
// returns it once the chain watcher has appended the deployment to the
// log and the engine has applied it. A
// wallet deployed already is returned as it is.
func (d *Devnet) DeployWallet(ctx context.Context, owner *ecdsa.PrivateKey) (common.Address, error) {
	c := d.Deployment.Contracts
	msg := safewallet.CreateProxy{Owner: crypto.PubkeyToAddress(owner.PublicKey)}
	proxy := safewallet.Address(c.SafeFactory, c.SafeSingleton, msg.Owner)
	code, err := d.chain.chain.Backend.CodeAt(ctx, proxy, nil)
	if err != nil {
		return proxy, err
	}
	var block uint64
	if len(code) == 0 {
		sig, err := msg.Sign(owner, d.Deployment.ChainID, c.SafeFactory)
		if err != nil {
			return proxy, err
		}
		factory, err := safefactory.NewSafeFactory(c.SafeFactory, d.chain.chain.Backend)
		if err != nil {
			return proxy, err
		}
		r, err := d.chain.admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.CreateProxy(o, msg.Owner, common.Address{}, new(big.Int), common.Address{}, sig)
		})
		if err != nil {
			return proxy, fmt.Errorf("devnet: createProxy for %s: %w", msg.Owner.Hex(), err)
		}
		if r.Status != types.ReceiptStatusSuccessful {
			return proxy, errors.New("devnet: createProxy reverted")
		}
		block = r.BlockNumber.Uint64()
	} else if block, err = d.chain.chain.Backend.BlockNumber(ctx); err != nil {
		return proxy, err
	}
	return proxy, d.waitApplied(ctx, block)
}

// waitApplied returns once the chain watcher has handled block and the
// engine has applied what it appended, so that reads (which need no
// read-your-writes sequence then) see it.
func (d *Devnet) waitApplied(ctx context.Context, block uint64) error {
	if err := d.watch.WaitHandled(ctx, block); err != nil {
		return err
	}
	return d.engine.Sync(ctx)
}

// WalletCall is one call a proxy wallet makes: to, with ABI-encoded data.
type WalletCall struct {
	To   common.Address
	Data []byte
}

// ExecWallet has owner's proxy wallet make calls, each a Safe transaction
// the owner signs and the devnet's key pays for (as the relayer would),
// and returns once the chain watcher has handled the last one and the
// engine has applied what they moved. Tests use it to move funds around the exchange.
func (d *Devnet) ExecWallet(ctx context.Context, owner *ecdsa.PrivateKey, calls ...WalletCall) error {
	c := d.Deployment.Contracts
	proxy := safewallet.Address(c.SafeFactory, c.SafeSingleton, crypto.PubkeyToAddress(owner.PublicKey))
	sf, err := safe.NewSafe(proxy, d.chain.chain.Backend)
	if err != nil {
		return err
	}
	var block uint64
	for _, call := range calls {
		nonce, err := sf.Nonce(&bind.CallOpts{Context: ctx})
		if err != nil {
			return fmt.Errorf("devnet: Safe nonce of %s: %w", proxy.Hex(), err)
		}
		stx := safewallet.SafeTx{To: call.To, Value: new(big.Int), Data: call.Data, Nonce: nonce}
		sig, err := stx.Sign(owner, d.Deployment.ChainID, proxy)
		if err != nil {
			return err
		}
		r, err := d.chain.admin.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return sf.ExecTransaction(o, stx.To, stx.Value, stx.Data, uint8(stx.Operation),
				new(big.Int), new(big.Int), new(big.Int), common.Address{}, common.Address{}, sig)
		})
		if err != nil {
			return fmt.Errorf("devnet: execTransaction of %s: %w", proxy.Hex(), err)
		}
		if r.Status != types.ReceiptStatusSuccessful {
			return fmt.Errorf("devnet: execTransaction of %s reverted", proxy.Hex())
		}
		block = r.BlockNumber.Uint64()
	}
	return d.waitApplied(ctx, block)
}
