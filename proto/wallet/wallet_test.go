package wallet

import (
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// The reference deployment (gamma-relayer.md §5.4): Polymarket's
// SafeProxyFactory on Polygon and its Safe proxy init code hash.
var (
	refFactory      = common.HexToAddress("0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b")
	refInitCodeHash = [32]byte(common.FromHex("0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf"))
)

// TestReferenceSafe checks a real Polygon pair: a trader's EOA and the
// Safe that Polymarket deployed for it (the address shown as the
// profile's proxy wallet), as recorded in public client code.
func TestReferenceSafe(t *testing.T) {
	owner := common.HexToAddress("0x77117F39dc33292c657a366643Dd995010b7E36d")
	want := common.HexToAddress("0x997C95D8BE61D5779EdfB49aAF5dD83d85f31434")
	if got := ProxyAddress(refFactory, refInitCodeHash, owner); got != want {
		t.Fatalf("ProxyAddress = %s, want %s", got.Hex(), want.Hex())
	}
}

// TestCreate2EIP1014 uses the examples of EIP-1014 itself.
func TestCreate2EIP1014(t *testing.T) {
	cases := []struct{ deployer, salt, code, want string }{
		{"0x0000000000000000000000000000000000000000", "0x00", "0x00", "0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38"},
		{"0xdeadbeef00000000000000000000000000000000", "0x00", "0x00", "0xB928f69Bb1D91Cd65274e3c79d8986362984fDA3"},
		{"0xdeadbeef00000000000000000000000000000000", "0xfeed000000000000000000000000000000000000", "0x00", "0xD04116cDd17beBE565EB2422F2497E06cC1C9833"},
		{"0x0000000000000000000000000000000000000000", "0x00", "0xdeadbeef", "0x70f2b2914A2a4b783FaEFb75f459A580616Fcb5e"},
		{"0x00000000000000000000000000000000deadbeef", "0xcafebabe", "0xdeadbeef", "0x60f3f640a8508fC6a86d45DF051962668E1e8AC7"},
		{"0x0000000000000000000000000000000000000000", "0x00", "0x", "0xE33C0C7F7df4809055C3ebA6c09CFe4BaF1BD9e0"},
	}
	for _, c := range cases {
		salt := common.BytesToHash(common.FromHex(c.salt))
		codeHash := crypto.Keccak256Hash(common.FromHex(c.code))
		got := Create2Address(common.HexToAddress(c.deployer), salt, codeHash)
		if got != common.HexToAddress(c.want) {
			t.Errorf("CREATE2(%s, %s, %s) = %s, want %s", c.deployer, c.salt, c.code, got.Hex(), c.want)
		}
	}
}

// TestSafeSaltIsABIEncode checks the salt against go-ethereum's ABI
// encoder: abi.encode(address) is the address left-padded to 32 bytes.
func TestSafeSaltIsABIEncode(t *testing.T) {
	addrType, err := abi.NewType("address", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	args := abi.Arguments{{Type: addrType}}
	r := rand.New(rand.NewPCG(4, 4))
	for range 200 {
		var owner common.Address
		for i := range owner {
			owner[i] = byte(r.Uint32())
		}
		enc, err := args.Pack(owner)
		if err != nil {
			t.Fatal(err)
		}
		if len(enc) != 32 {
			t.Fatalf("abi.encode(address) is %d bytes", len(enc))
		}
		if got, want := SafeSalt(owner), crypto.Keccak256Hash(enc); got != want {
			t.Fatalf("SafeSalt(%s) = %x, want %x", owner.Hex(), got, want)
		}
		// The packed (20-byte) encoding of legacy proxy wallets differs.
		if SafeSalt(owner) == crypto.Keccak256Hash(owner[:]) {
			t.Fatal("SafeSalt equals the encodePacked salt")
		}
	}
}

// TestProxyAddressMatchesGethCreate2 compares with go-ethereum's
// crypto.CreateAddress2 on random factories, owners and init code hashes.
func TestProxyAddressMatchesGethCreate2(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 1))
	for range 1000 {
		var factory, owner common.Address
		var initCodeHash [32]byte
		for i := range factory {
			factory[i], owner[i] = byte(r.Uint32()), byte(r.Uint32())
		}
		for i := range initCodeHash {
			initCodeHash[i] = byte(r.Uint32())
		}
		salt := crypto.Keccak256Hash(common.LeftPadBytes(owner[:], 32))
		want := crypto.CreateAddress2(factory, salt, initCodeHash[:])
		if got := ProxyAddress(factory, initCodeHash, owner); got != want {
			t.Fatalf("ProxyAddress(%s, %x, %s) = %s, want %s", factory.Hex(), initCodeHash, owner.Hex(), got.Hex(), want.Hex())
		}
	}
}

// TestProxyAddressByHand spells out the preimage as a hex string, so that
// the byte layout (0xff, 20-byte factory, salt, init code hash) is
// checked independently of the code under test.
func TestProxyAddressByHand(t *testing.T) {
	owner := common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
	salt := crypto.Keccak256(common.FromHex("0x000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266"))
	preimage := "0xff" +
		"aacfeea03eb1561c4e67d661e40682bd20e3541b" +
		common.Bytes2Hex(salt) +
		"2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf"
	if len(preimage) != 2+2*85 {
		t.Fatalf("preimage is %d hex digits, want 170", len(preimage)-2)
	}
	want := common.BytesToAddress(crypto.Keccak256(common.FromHex(preimage))[12:])
	if got := ProxyAddress(refFactory, refInitCodeHash, owner); got != want {
		t.Fatalf("ProxyAddress = %s, want %s", got.Hex(), want.Hex())
	}
	// Different owners, factories or init code get different wallets.
	other := common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	if ProxyAddress(refFactory, refInitCodeHash, other) == want ||
		ProxyAddress(other, refInitCodeHash, owner) == want ||
		ProxyAddress(refFactory, [32]byte{}, owner) == want {
		t.Fatal("an input does not affect the derived address")
	}
}

func BenchmarkProxyAddress(b *testing.B) {
	owner := common.HexToAddress("0x77117F39dc33292c657a366643Dd995010b7E36d")
	for b.Loop() {
		ProxyAddress(refFactory, refInitCodeHash, owner)
	}
}
