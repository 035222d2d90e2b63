package devnet

import (
	"encoding/hex"

	"github.com/ethereum/go-ethereum/common"
)

// The devnet's deployment constants. Orders sign the EIP-712 domain of
// ChainID and Exchange, so every client of a devnet needs them; the pred
// CLI defaults to these values. Each address is the last 20 bytes of the
// keccak256 of a phrase naming it, so no real contract or wallet owns it.
const (
	// ChainID is the chain id of local development chains (Anvil, Hardhat).
	ChainID uint64 = 31337
	// ExchangeHex is keccak256("pred devnet exchange")[12:].
	ExchangeHex = "0xeB4B9f121088c69A4279e53f2d14dc7242a4E3F8"
	// NegRiskExchangeHex is keccak256("pred devnet neg-risk exchange")[12:].
	NegRiskExchangeHex = "0x78124f91BdCD9Ab480a7944D8F8334157C40F06a"
	// FeeAccountHex, keccak256("pred devnet fee account")[12:], collects
	// the taker fees.
	FeeAccountHex = "0x0649b68ac894AbA2e3394e8552C38B6395A253de"
	// masterKeyHex is keccak256("pred devnet master key (not a secret)").
	// It derives every API key's secret, so anyone who knows it can act as
	// any devnet API key: it is for devnets only, and printed as such.
	masterKeyHex = "0e1e8e935376645cfb1777e73120e0b3743177deb5fb7463ce9cfb1bfc36a458"
)

// Deployment addresses as values.
var (
	Exchange        = common.HexToAddress(ExchangeHex)
	NegRiskExchange = common.HexToAddress(NegRiskExchangeHex)
	FeeAccount      = common.HexToAddress(FeeAccountHex)
)

// MasterKey returns the devnet's fixed gateway master key.
func MasterKey() []byte {
	b, err := hex.DecodeString(masterKeyHex)
	if err != nil {
		panic("devnet: bad master key constant: " + err.Error())
	}
	return b
}
