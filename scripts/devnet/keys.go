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

// The devnet's fixed service keys. Like the dev key they are public:
// anyone who reads this file can act as any devnet API key (the CLOB
// master key derives every secret), sign any devnet login token (the JWT
// key) or write the devnet's catalogue (the operator key). `make run`
// prints a warning saying so.
const (
	// masterKeyHex is keccak256("pred devnet master key (not a secret)").
	masterKeyHex = "0e1e8e935376645cfb1777e73120e0b3743177deb5fb7463ce9cfb1bfc36a458"
	// jwtKeyPhrase hashes to the Gamma API's JWT key.
	jwtKeyPhrase = "pred devnet Gamma JWT key (not a secret)"
	// OperatorKey is the devnet Gamma API's operator key (header
	// PRED_OPERATOR_KEY on /admin).
	OperatorKey = "pred-devnet-operator-key-not-a-secret"
	// FeeAccountHex, keccak256("pred devnet fee account")[12:], collects
	// the taker fees in the engine and on both exchanges.
	FeeAccountHex = "0x0649b68ac894AbA2e3394e8552C38B6395A253de"
)

// FeeAccount is FeeAccountHex as an address.
var FeeAccount = common.HexToAddress(FeeAccountHex)

// MasterKey returns the devnet's fixed CLOB gateway master key.
func MasterKey() []byte { return common.FromHex(masterKeyHex) }

// JWTKey returns the devnet's fixed Gamma JWT key.
func JWTKey() []byte { return crypto.Keccak256([]byte(jwtKeyPhrase)) }
