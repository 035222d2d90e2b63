package devnet

import (
	"crypto/ecdsa"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// devKeyPhrase names the devnet's one chain key: keccak256 of it is the
// private key. It deploys every contract (so it administers the
// exchanges and reports the demo markets' payouts), matches orders as
// the exchanges' operator, and mints the faucet's stablecoin. Its
// address is funded at the embedded chain's genesis.
//
// The key is public: it is written here and `make run` prints that it
// is. Anyone can act as the devnet's admin, operator and faucet; never
// send it anything of value on any chain.
const devKeyPhrase = "pred devnet deployer, operator and faucet key (public: never use it for anything of value)"

// DevKey returns the devnet's public deployer, operator and faucet key.
func DevKey() *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(crypto.Keccak256([]byte(devKeyPhrase)))
	if err != nil {
		panic("devnet: bad dev key: " + err.Error())
	}
	return k
}

// DevAddress is the address of DevKey.
var DevAddress = crypto.PubkeyToAddress(DevKey().PublicKey)

// DevKeyHex is DevKey as 0x and 64 hex digits, as the banner prints it.
func DevKeyHex() string { return "0x" + common.Bytes2Hex(crypto.FromECDSA(DevKey())) }
