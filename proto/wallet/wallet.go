// Package wallet derives users' proxy wallet addresses.
//
// A trader's funds sit in a proxy wallet (a Gnosis Safe) that a factory
// deploys with CREATE2, so its address is a pure function of the owner's
// EOA and is known before the wallet exists: deposits can be made to it and
// orders can name it as maker before deployment. The derivation is the
// reference relayer's Safe scheme (gamma-relayer.md §5.4; Polymarket
// builder-relayer-client src/builder/derive.ts deriveSafe and
// SafeProxyFactory.getSalt/computeProxyAddress):
//
//	salt    = keccak256(abi.encode(owner))   // owner left-padded to 32 bytes
//	address = keccak256(0xff ‖ factory ‖ salt ‖ initCodeHash)[12:]
//
// where initCodeHash is keccak256 of the proxy creation code followed by
// the ABI-encoded master copy, a constant of the deployed factory (the
// reference's is 0x2bce2127…fcecf). The factory address and init-code hash
// are configuration, not constants of this package, because this exchange
// deploys its own factory.
//
// The legacy POLY_PROXY wallets of the reference (gamma-relayer.md §5.5)
// use abi.encodePacked(owner) for the salt instead and are not derived
// here.
package wallet

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// SafeSalt returns the CREATE2 salt of owner's wallet:
// keccak256(abi.encode(owner)), the address left-padded to one 32-byte
// word.
func SafeSalt(owner common.Address) [32]byte {
	var word [32]byte
	copy(word[12:], owner[:])
	return crypto.Keccak256Hash(word[:])
}

// Create2Address returns the address a CREATE2 by deployer with salt and
// init code hash produces (EIP-1014):
// keccak256(0xff ‖ deployer ‖ salt ‖ initCodeHash)[12:].
func Create2Address(deployer common.Address, salt, initCodeHash [32]byte) common.Address {
	var buf [1 + 20 + 32 + 32]byte
	buf[0] = 0xff
	copy(buf[1:21], deployer[:])
	copy(buf[21:53], salt[:])
	copy(buf[53:], initCodeHash[:])
	sum := crypto.Keccak256Hash(buf[:])
	return common.Address(sum[12:])
}

// ProxyAddress returns the address of owner's proxy wallet deployed by
// factory, whose proxy init code hashes to initCodeHash.
func ProxyAddress(factory common.Address, initCodeHash [32]byte, owner common.Address) common.Address {
	return Create2Address(factory, SafeSalt(owner), initCodeHash)
}
