// What an owner signs for the relayer's gasless onboarding, as the Go
// SDK (proto/client/relayer) signs it: the factory's CreateProxy message,
// and Safe 1.4.1 transactions with every gas and refund field zero (the
// relayer pays), such as the trading approvals packed in one MultiSend.
import {
  concatHex,
  encodeFunctionData,
  hashTypedData,
  maxUint256,
  numberToHex,
  size,
  zeroAddress,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";

import type { Signer } from "./signer.js";

/** The contracts the onboarding calls (Gamma's GET /public-info). */
export interface SafeChain {
  chainId: number;
  safeFactory: Address;
  collateral: Address;
  conditionalTokens: Address;
  exchange: Address;
  negRiskExchange: Address;
  multiSendCallOnly: Address;
}

/** A Safe transaction's call kind. */
export const Operation = { Call: 0, DelegateCall: 1 } as const;
export type Operation = (typeof Operation)[keyof typeof Operation];

/** SafeTx: only the call and the nonce vary; value, gas and refund are zero. */
export interface SafeTx {
  to: Address;
  data: Hex;
  operation: Operation;
  nonce: bigint;
}

/** One call a wallet makes. */
export interface WalletCall {
  to: Address;
  data: Hex;
}

export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
    { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" },
    { name: "baseGas", type: "uint256" },
    { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" },
    { name: "refundReceiver", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
} as const;

export const CREATE_PROXY_TYPES = {
  CreateProxy: [
    { name: "owner", type: "address" },
    { name: "paymentToken", type: "address" },
    { name: "payment", type: "uint256" },
    { name: "paymentReceiver", type: "address" },
  ],
} as const;

/** The factory's EIP-712 domain name and version. */
export const FACTORY_NAME = "Pred Safe Factory";
export const FACTORY_VERSION = "1";

function safeTxTypedData(chainId: number, safe: Address, t: SafeTx) {
  return {
    domain: { chainId, verifyingContract: safe },
    types: SAFE_TX_TYPES,
    primaryType: "SafeTx",
    message: {
      to: t.to,
      value: 0n,
      data: t.data,
      operation: t.operation,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: t.nonce,
    },
  } as const;
}

/** safeTxHash is Safe.getTransactionHash of the transaction for the Safe at safe. */
export function safeTxHash(chainId: number, safe: Address, t: SafeTx): Hex {
  return hashTypedData(safeTxTypedData(chainId, safe, t));
}

/** signSafeTx signs the EIP-712 hash itself (v 27 or 28), as eth_signTypedData_v4 does. */
export function signSafeTx(signer: Signer, chainId: number, safe: Address, t: SafeTx): Promise<Hex> {
  return signer.signTypedData(safeTxTypedData(chainId, safe, t));
}

/**
 * signSafeTxEthSign signs the EIP-191 hash of it, as personal_sign does;
 * the Safe reads v + 4 (31 or 32) as that form.
 */
export async function signSafeTxEthSign(
  signer: Pick<LocalAccount, "signMessage">,
  chainId: number,
  safe: Address,
  t: SafeTx,
): Promise<Hex> {
  const sig = await signer.signMessage({ message: { raw: safeTxHash(chainId, safe, t) } });
  const v = parseInt(sig.slice(130, 132), 16);
  return `${sig.slice(0, 130)}${(v + 4).toString(16).padStart(2, "0")}` as Hex;
}

/** signCreateProxy signs the factory's CreateProxy for the signer, with no payment. */
export function signCreateProxy(signer: Signer, chainId: number, factory: Address): Promise<Hex> {
  return signer.signTypedData({
    domain: { name: FACTORY_NAME, version: FACTORY_VERSION, chainId, verifyingContract: factory },
    types: CREATE_PROXY_TYPES,
    primaryType: "CreateProxy",
    message: { owner: signer.address, paymentToken: zeroAddress, payment: 0n, paymentReceiver: zeroAddress },
  });
}

const erc20 = [
  { type: "function", name: "approve", inputs: [{ type: "address" }, { type: "uint256" }], outputs: [{ type: "bool" }], stateMutability: "nonpayable" },
  { type: "function", name: "transfer", inputs: [{ type: "address" }, { type: "uint256" }], outputs: [{ type: "bool" }], stateMutability: "nonpayable" },
  { type: "function", name: "unwrapTo", inputs: [{ type: "address" }, { type: "uint256" }], outputs: [{ type: "bool" }], stateMutability: "nonpayable" },
] as const;
const ctf = [
  { type: "function", name: "setApprovalForAll", inputs: [{ type: "address" }, { type: "bool" }], outputs: [], stateMutability: "nonpayable" },
  {
    type: "function",
    name: "safeTransferFrom",
    inputs: [{ type: "address" }, { type: "address" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }],
    outputs: [],
    stateMutability: "nonpayable",
  },
] as const;
const multiSendAbi = [{ type: "function", name: "multiSend", inputs: [{ type: "bytes" }], outputs: [], stateMutability: "payable" }] as const;

export function approve(token: Address, spender: Address, amount: bigint): WalletCall {
  return { to: token, data: encodeFunctionData({ abi: erc20, functionName: "approve", args: [spender, amount] }) };
}

export function transfer(token: Address, to: Address, amount: bigint): WalletCall {
  return { to: token, data: encodeFunctionData({ abi: erc20, functionName: "transfer", args: [to, amount] }) };
}

/** unwrapTo pays USDW out as the stablecoin that backs it: a withdrawal's default. */
export function unwrapTo(collateral: Address, to: Address, amount: bigint): WalletCall {
  return { to: collateral, data: encodeFunctionData({ abi: erc20, functionName: "unwrapTo", args: [to, amount] }) };
}

/** safeTransferFrom moves a wallet's shares of one outcome token. */
export function safeTransferFrom(conditionalTokens: Address, from: Address, to: Address, tokenId: bigint, amount: bigint): WalletCall {
  return {
    to: conditionalTokens,
    data: encodeFunctionData({ abi: ctf, functionName: "safeTransferFrom", args: [from, to, tokenId, amount, "0x"] }),
  };
}

export function setApprovalForAll(conditionalTokens: Address, operator: Address, approved: boolean): WalletCall {
  return { to: conditionalTokens, data: encodeFunctionData({ abi: ctf, functionName: "setApprovalForAll", args: [operator, approved] }) };
}

/** tradingApprovals: USDW without limit and every conditional token, for both exchanges. */
export function tradingApprovals(c: SafeChain): WalletCall[] {
  return [c.exchange, c.negRiskExchange].flatMap((ex) => [
    approve(c.collateral, ex, maxUint256),
    setApprovalForAll(c.conditionalTokens, ex, true),
  ]);
}

/**
 * multiSend packs calls into one delegate call of MultiSendCallOnly:
 * multiSend(bytes) over entries operation 0 ‖ to ‖ value 0 ‖ length ‖ data.
 */
export function multiSend(c: SafeChain, calls: WalletCall[]): Omit<SafeTx, "nonce"> {
  const packed = concatHex(
    calls.flatMap((call) => [
      numberToHex(Operation.Call, { size: 1 }),
      call.to,
      numberToHex(0, { size: 32 }),
      numberToHex(size(call.data), { size: 32 }),
      call.data,
    ]),
  );
  return {
    to: c.multiSendCallOnly,
    data: encodeFunctionData({ abi: multiSendAbi, functionName: "multiSend", args: [packed] }),
    operation: Operation.DelegateCall,
  };
}

