package ctfid_test

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
)

func randBytes(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// TestAgainstContract compares every id with the deployed
// ConditionalTokens' own getConditionId, getCollectionId and
// getPositionId on random inputs, parents included.
func TestAgainstContract(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	e, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	call := &bind.CallOpts{Context: ctx}
	r := rand.New(rand.NewPCG(10, 3))
	var parents []common.Hash
	for i := range 150 {
		var oracle, collateral common.Address
		var q common.Hash
		randBytes(r, oracle[:])
		randBytes(r, collateral[:])
		randBytes(r, q[:])
		slots := uint64(2 + r.IntN(255))
		if i%2 == 0 {
			slots = 2
		}
		cond, err := e.CTF.GetConditionId(call, oracle, q, new(big.Int).SetUint64(slots))
		if err != nil {
			t.Fatal(err)
		}
		if got := ctfid.ConditionID(oracle, q, slots); got != cond {
			t.Fatalf("ConditionID(%s, %s, %d) = %s, contract %x", oracle.Hex(), q.Hex(), slots, got.Hex(), cond)
		}
		indexSet := big.NewInt(1 + r.Int64N(3))
		if i%5 == 4 {
			var b [32]byte
			randBytes(r, b[:])
			indexSet = new(big.Int).SetBytes(b[:])
		}
		var parent common.Hash
		if i%3 == 2 && len(parents) > 0 {
			parent = parents[r.IntN(len(parents))]
		}
		want, err := e.CTF.GetCollectionId(call, parent, cond, indexSet)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ctfid.CollectionIDWithParent(parent, cond, indexSet)
		if err != nil || got != want {
			t.Fatalf("CollectionID(%s, %x, %s) = %s, %v; contract %x", parent.Hex(), cond, indexSet, got.Hex(), err, want)
		}
		if parent == (common.Hash{}) && ctfid.CollectionID(cond, indexSet) != want {
			t.Fatal("CollectionID differs from CollectionIDWithParent with a zero parent")
		}
		parents = append(parents, got)
		pos, err := e.CTF.GetPositionId(call, collateral, want)
		if err != nil {
			t.Fatal(err)
		}
		if p := ctfid.PositionID(collateral, want); p.Cmp(pos) != 0 {
			t.Fatalf("PositionID = %s, contract %s", p, pos)
		}
	}
}

// TestInvalidParent: a parent that is no point's compressed form is an
// error, as the contract reverts for it.
func TestInvalidParent(t *testing.T) {
	var cond common.Hash
	cond[0] = 1
	bad := 0
	for x := int64(1); x < 40; x++ {
		parent := common.BigToHash(big.NewInt(x))
		if _, err := ctfid.CollectionIDWithParent(parent, cond, big.NewInt(1)); err != nil {
			bad++
		}
	}
	if bad == 0 {
		t.Fatal("no small x was refused; about half of them are not on the curve")
	}
}

// TestBinaryMarket checks the YES/NO helpers against the definitions.
func TestBinaryMarket(t *testing.T) {
	collateral := common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
	oracle := common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
	q := common.HexToHash("0x01")
	m := ctfid.BinaryMarket(collateral, oracle, q)
	if m.ConditionID != ctfid.ConditionID(oracle, q, 2) {
		t.Fatal("condition id")
	}
	if m.Yes.Cmp(ctfid.PositionID(collateral, ctfid.CollectionID(m.ConditionID, big.NewInt(1)))) != 0 ||
		m.No.Cmp(ctfid.PositionID(collateral, ctfid.CollectionID(m.ConditionID, big.NewInt(2)))) != 0 {
		t.Fatal("token ids")
	}
	if m.Yes.Cmp(m.No) == 0 {
		t.Fatal("YES equals NO")
	}
}
