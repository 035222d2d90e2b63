package devchain

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"
)

// TestChainPersistsAndSealsOnDemand sends a transfer over JSON-RPC to a
// chain whose idle block interval is an hour, so the receipt can only come
// from sealing on demand; then restarts the chain on its data dir and
// finds the transfer still there.
func TestChainPersistsAndSealsOnDemand(t *testing.T) {
	key, _ := crypto.GenerateKey()
	from := crypto.PubkeyToAddress(key.PublicKey)
	to := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	alloc := types.GenesisAlloc{from: {Balance: new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether))}}
	dir := t.TempDir()
	cfg := Config{DataDir: dir, HTTPAddr: "127.0.0.1:0", BlockInterval: time.Hour, Alloc: alloc}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	c, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rpcc, err := ethclient.DialContext(ctx, c.RPCURL())
	if err != nil {
		t.Fatal(err)
	}
	id, err := rpcc.ChainID(ctx)
	if err != nil || id.Uint64() != ChainID {
		t.Fatalf("chain id %v, %v; want %d", id, err, ChainID)
	}
	tip, err := rpcc.SuggestGasTipCap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	head, err := rpcc.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	feeCap := new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip)
	tx := types.MustSignNewTx(key, types.LatestSignerForChainID(id), &types.DynamicFeeTx{
		ChainID: id, Nonce: 0, GasTipCap: tip, GasFeeCap: feeCap, Gas: 21000, To: &to, Value: big.NewInt(12345),
	})
	if err := rpcc.SendTransaction(ctx, tx); err != nil {
		t.Fatal(err)
	}
	receipt := waitReceipt(ctx, t, rpcc, tx.Hash())
	if receipt.Status != types.ReceiptStatusSuccessful {
		t.Fatalf("transfer failed: %+v", receipt)
	}
	sealed, genesis := c.Head(), c.Genesis()
	rpcc.Close()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}

	c, err = Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Head() < sealed || c.Genesis() != genesis {
		t.Fatalf("after a restart: head %d (was %d), genesis %s (was %s)", c.Head(), sealed, c.Genesis(), genesis)
	}
	bal, err := c.Client().BalanceAt(ctx, to, nil)
	if err != nil || bal.Int64() != 12345 {
		t.Fatalf("balance after a restart: %v, %v; want 12345", bal, err)
	}
}

// TestOtherGenesisIsRefused: a data dir made with another genesis is not
// silently reused.
func TestOtherGenesisIsRefused(t *testing.T) {
	dir := t.TempDir()
	c, err := Open(Config{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	other := types.GenesisAlloc{common.HexToAddress("0x01"): {Balance: big.NewInt(1)}}
	if c, err := Open(Config{DataDir: dir, Alloc: other}); !errors.Is(err, ErrRestore) {
		if c != nil {
			_ = c.Close()
		}
		t.Fatalf("another genesis: %v, want ErrRestore", err)
	}
}

func waitReceipt(ctx context.Context, t *testing.T, c *ethclient.Client, h common.Hash) *types.Receipt {
	t.Helper()
	for {
		r, err := c.TransactionReceipt(ctx, h)
		if err == nil {
			return r
		}
		select {
		case <-ctx.Done():
			t.Fatalf("no receipt for %s: %v", h, err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}
