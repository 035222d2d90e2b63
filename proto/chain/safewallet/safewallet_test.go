package safewallet_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/artifacts"
	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/chainerr"
	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/wallet"
)

func setup(t *testing.T) (context.Context, *chaintest.Env) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	e, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return ctx, e
}

func newKey(t *testing.T) *ecdsa.PrivateKey {
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestInitCodeHashAndAddresses: the Go init-code hash equals the
// factory's and the exchange's, and proto/wallet's derivation with it
// gives the factory's and the exchange's addresses for random owners.
func TestInitCodeHashAndAddresses(t *testing.T) {
	ctx, e := setup(t)
	call := &bind.CallOpts{Context: ctx}
	k := e.D.Contracts
	h := safewallet.InitCodeHash(k.SafeSingleton)
	onFactory, err := e.Factory.ProxyInitCodeHash(call)
	if err != nil {
		t.Fatal(err)
	}
	onExchange, err := e.Exchange.SafeInitCodeHash(call)
	if err != nil {
		t.Fatal(err)
	}
	if h != common.Hash(onFactory) || h != common.Hash(onExchange) || h != e.D.SafeInitCodeHash {
		t.Fatalf("init code hash: Go %s, factory %x, exchange %x, record %s", h.Hex(), onFactory, onExchange, e.D.SafeInitCodeHash.Hex())
	}
	code, err := e.Factory.ProxyCreationCode(call)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(code, artifacts.SafeProxyCreationCode()) {
		t.Fatal("the factory's proxy creation code differs from the artifact's")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		var owner common.Address
		for i := range owner {
			owner[i] = byte(r.Uint32())
		}
		want := wallet.ProxyAddress(k.SafeFactory, h, owner)
		f, err := e.Factory.ComputeProxyAddress(call, owner)
		if err != nil {
			t.Fatal(err)
		}
		x, err := e.NegRiskExchange.SafeAddressOf(call, owner)
		if err != nil {
			t.Fatal(err)
		}
		if f != want || x != want || safewallet.Address(k.SafeFactory, k.SafeSingleton, owner) != want {
			t.Fatalf("owner %s: wallet %s, factory %s, exchange %s", owner.Hex(), want.Hex(), f.Hex(), x.Hex())
		}
	}
}

// TestRelayedCreation: an owner with no coin signs CreateProxy; another
// account submits it and pays. The Safe appears at the derived address
// with the owner as sole owner, threshold 1 and the fallback handler.
// USDW deposited to the address before the creation pays the relayer.
func TestRelayedCreation(t *testing.T) {
	ctx, e := setup(t)
	call := &bind.CallOpts{Context: ctx}
	k := e.D.Contracts
	owner := newKey(t)
	ownerAddr := crypto.PubkeyToAddress(owner.PublicKey)
	addr := safewallet.Address(k.SafeFactory, k.SafeSingleton, ownerAddr)

	// A deposit reaches the wallet before it exists.
	if err := e.Fund(ctx, addr, big.NewInt(5_000_000)); err != nil {
		t.Fatal(err)
	}
	relayer := e.Operator // any account with coin
	msg := safewallet.CreateProxy{Owner: ownerAddr, PaymentToken: k.Collateral, Payment: big.NewInt(250_000), PaymentReceiver: relayer.From}
	digest, err := e.Factory.CreateProxyDigest(call, msg.Owner, msg.PaymentToken, msg.Payment, msg.PaymentReceiver)
	if err != nil {
		t.Fatal(err)
	}
	if common.Hash(digest) != msg.Digest(e.ChainID, k.SafeFactory) {
		t.Fatal("CreateProxy digest differs from the factory's")
	}
	sig, err := msg.Sign(owner, e.ChainID, k.SafeFactory)
	if err != nil {
		t.Fatal(err)
	}
	create := func(m safewallet.CreateProxy, sig []byte) error {
		_, err := relayer.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.Factory.CreateProxy(o, m.Owner, m.PaymentToken, m.Payment, m.PaymentReceiver, sig)
		})
		return err
	}
	// A signature over other terms, or by another key, is refused.
	tampered := msg
	tampered.Payment = big.NewInt(5_000_000)
	if err := create(tampered, sig); !chainerr.Is(err, "InvalidSignature") {
		t.Fatalf("tampered payment: %v", chainerr.Describe(err))
	}
	other, err := msg.Sign(newKey(t), e.ChainID, k.SafeFactory)
	if err != nil {
		t.Fatal(err)
	}
	if err := create(msg, other); !chainerr.Is(err, "InvalidSignature") {
		t.Fatalf("signature by another key: %v", chainerr.Describe(err))
	}
	relayerBefore, _ := e.USDWOf(ctx, relayer.From)
	if err := create(msg, sig); err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	if bal, _ := e.Chain.Backend.BalanceAt(ctx, ownerAddr, nil); bal.Sign() != 0 {
		t.Fatalf("the owner holds %s wei: it should have paid nothing", bal)
	}
	sf, err := safe.NewSafe(addr, e.Chain.Backend)
	if err != nil {
		t.Fatal(err)
	}
	owners, err := sf.GetOwners(call)
	if err != nil {
		t.Fatal(err)
	}
	threshold, err := sf.GetThreshold(call)
	if err != nil {
		t.Fatal(err)
	}
	if len(owners) != 1 || owners[0] != ownerAddr || threshold.Int64() != 1 {
		t.Fatalf("owners %v threshold %s", owners, threshold)
	}
	// Safe's fallback handler slot: keccak256("fallback_manager.handler.address").
	slot := crypto.Keccak256Hash([]byte("fallback_manager.handler.address"))
	h, err := e.Chain.Backend.(interface {
		StorageAt(context.Context, common.Address, common.Hash, *big.Int) ([]byte, error)
	}).StorageAt(ctx, addr, slot, nil)
	if err != nil {
		t.Fatal(err)
	}
	if common.BytesToAddress(h) != k.SafeFallbackHandler {
		t.Fatalf("fallback handler %x", h)
	}
	bal, _ := e.USDWOf(ctx, addr)
	relayerAfter, _ := e.USDWOf(ctx, relayer.From)
	if bal.Int64() != 4_750_000 || new(big.Int).Sub(relayerAfter, relayerBefore).Int64() != 250_000 {
		t.Fatalf("wallet %s USDW, relayer got %s", bal, new(big.Int).Sub(relayerAfter, relayerBefore))
	}
	// Replaying the signature cannot create anything.
	if err := create(msg, sig); !chainerr.Is(err, "ProxyExists") {
		t.Fatalf("replay: %v", chainerr.Describe(err))
	}
}

// TestOwnCreation: an owner with coin creates its wallet itself.
func TestOwnCreation(t *testing.T) {
	ctx, e := setup(t)
	rc, err := e.Faucet.Do(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.Factory.CreateOwnProxy(o)
	})
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	addr := safewallet.Address(e.D.Contracts.SafeFactory, e.D.Contracts.SafeSingleton, e.Faucet.From)
	ev, err := e.Factory.ParseProxyCreation(*rc.Logs[len(rc.Logs)-1])
	if err != nil {
		t.Fatal(err)
	}
	if ev.Proxy != addr || ev.Owner != e.Faucet.From {
		t.Fatalf("ProxyCreation %s for %s, want %s", ev.Proxy.Hex(), ev.Owner.Hex(), addr.Hex())
	}
}

// TestSafeTxHash: the Go SafeTx digest equals Safe.getTransactionHash.
func TestSafeTxHash(t *testing.T) {
	ctx, e := setup(t)
	owner := newKey(t)
	addr, err := e.CreateSafe(ctx, owner)
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	sf, err := safe.NewSafe(addr, e.Chain.Backend)
	if err != nil {
		t.Fatal(err)
	}
	tx := safewallet.SafeTx{
		To: e.D.Contracts.Collateral, Value: big.NewInt(3), Data: []byte{1, 2, 3, 4, 5},
		Operation: safewallet.DelegateCall, SafeTxGas: big.NewInt(7), BaseGas: big.NewInt(8), GasPrice: big.NewInt(9),
		GasToken: e.D.Contracts.Stablecoin, RefundReceiver: e.Admin.From, Nonce: big.NewInt(11),
	}
	got, err := sf.GetTransactionHash(&bind.CallOpts{Context: ctx}, tx.To, tx.Value, tx.Data, uint8(tx.Operation),
		tx.SafeTxGas, tx.BaseGas, tx.GasPrice, tx.GasToken, tx.RefundReceiver, tx.Nonce)
	if err != nil {
		t.Fatal(err)
	}
	if common.Hash(got) != tx.Hash(e.ChainID, addr) {
		t.Fatalf("getTransactionHash %x, Go %s", got, tx.Hash(e.ChainID, addr).Hex())
	}
}

// TestReceivesERC1155: a Safe wallet accepts conditional tokens by
// transfer and by batch transfer (its fallback handler answers the
// ERC-1155 hooks), and sends them on by a Safe transaction.
func TestReceivesERC1155(t *testing.T) {
	ctx, e := setup(t)
	m, err := e.NewMarket(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	k := e.D.Contracts
	from, err := e.NewTrader(ctx, false, big.NewInt(10_000_000))
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	to, err := e.NewTrader(ctx, true, nil)
	if err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	one, two := big.NewInt(1), big.NewInt(2)
	if err := from.Do(ctx,
		chaintest.Call(k.Collateral, chaintest.PackUSDW("approve", k.ConditionalTokens, big.NewInt(10_000_000))),
		chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("splitPosition", k.Collateral, common.Hash{}, m.ConditionID, []*big.Int{one, two}, big.NewInt(10_000_000))),
		chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("safeTransferFrom", from.Maker, to.Maker, m.Yes, big.NewInt(3_000_000), []byte{})),
		chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("safeBatchTransferFrom", from.Maker, to.Maker, []*big.Int{m.Yes, m.No}, []*big.Int{big.NewInt(1_000_000), big.NewInt(2_000_000)}, []byte{})),
	); err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	yes, _ := e.TokenOf(ctx, to.Maker, m.Yes)
	no, _ := e.TokenOf(ctx, to.Maker, m.No)
	if yes.Int64() != 4_000_000 || no.Int64() != 2_000_000 {
		t.Fatalf("the Safe holds %s YES and %s NO", yes, no)
	}
	if err := to.Do(ctx, chaintest.Call(k.ConditionalTokens, chaintest.PackCTF("safeTransferFrom", to.Maker, from.Maker, m.Yes, big.NewInt(500_000), []byte{}))); err != nil {
		t.Fatal(chainerr.Describe(err))
	}
	if yes, _ = e.TokenOf(ctx, to.Maker, m.Yes); yes.Int64() != 3_500_000 {
		t.Fatalf("after sending: %s YES", yes)
	}
}
