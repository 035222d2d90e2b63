// A browser wallet (EIP-1193) as this client's Signer: connectWallet asks
// for its account and chain, eip1193Signer signs typed data through it
// (eth_signTypedData_v4, with the JSON viem's wallet client writes).
import { createWalletClient, custom, getAddress, numberToHex, type Address } from "viem";

import type { Signer } from "./signer.js";

/** EIP1193Provider is what a wallet injects (window.ethereum, or an EIP-6963 announcement's provider). */
export interface EIP1193Provider {
  request(a: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** The EIP-1193 error code of a request the user rejected. */
export const EIP1193_USER_REJECTED = 4001;

/** connectWallet asks the wallet for its account (eth_requestAccounts: the user approves) and its chain. */
export async function connectWallet(p: EIP1193Provider): Promise<{ address: Address; chainId: number }> {
  const accounts = (await p.request({ method: "eth_requestAccounts" })) as unknown;
  if (!Array.isArray(accounts) || typeof accounts[0] !== "string") throw new Error("wallet: eth_requestAccounts gave no account");
  const chainId = await p.request({ method: "eth_chainId" });
  if (typeof chainId !== "string") throw new Error(`wallet: eth_chainId gave ${JSON.stringify(chainId)}`);
  return { address: getAddress(accounts[0]), chainId: Number(BigInt(chainId)) };
}

/** switchChain asks the wallet to use chainId (wallet_switchEthereumChain). */
export async function switchChain(p: EIP1193Provider, chainId: number): Promise<void> {
  await p.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
}

/**
 * eip1193Signer signs with a browser wallet: each signTypedData is one
 * eth_signTypedData_v4 request the user approves, so the key never leaves
 * the wallet. It signs the same EIP-712 messages a private key does.
 */
export function eip1193Signer(p: EIP1193Provider, address: Address): Signer {
  const account = getAddress(address);
  const client = createWalletClient({ account, transport: custom(p) });
  const signTypedData = ((args: Parameters<typeof client.signTypedData>[0]) => client.signTypedData({ ...args, account })) as Signer["signTypedData"];
  return { address: account, signTypedData };
}
