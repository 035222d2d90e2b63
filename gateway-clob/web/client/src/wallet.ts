import { encodeAbiParameters, getContractAddress, keccak256, type Address, type Hex } from "viem";

/**
 * proxyAddress is the address of owner's proxy wallet (a Gnosis Safe the
 * factory deploys with CREATE2), as the Go package wallet derives it:
 * salt = keccak256(abi.encode(owner)), then EIP-1014.
 */
export function proxyAddress(factory: Address, initCodeHash: Hex, owner: Address): Address {
  const salt = keccak256(encodeAbiParameters([{ type: "address" }], [owner]));
  return getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecodeHash: initCodeHash });
}
