// The Relayer API's JSON, hand-written from proto/client/relayerapi and
// held to relayer/internal/api/openapi.yaml by test/types.test.ts (keys)
// and test/openapi.test.ts (paths).
import type { Address, Hex } from "viem";

/** A relayer key: sent as RELAYER_API_KEY with its address as RELAYER_API_KEY_ADDRESS. */
export interface RelayerKey {
  apiKey: string;
  address: Address;
  scopeId: string;
  createdAt: string;
  updatedAt: string;
}

/** NEW, then EXECUTED (broadcast), MINED, CONFIRMED; FAILED and INVALID end it. */
export type RelayerState = "STATE_NEW" | "STATE_EXECUTED" | "STATE_MINED" | "STATE_CONFIRMED" | "STATE_FAILED" | "STATE_INVALID";

/** The order of the states a transaction moves through; FAILED and INVALID are ends, not ranks. */
export const RELAYER_STATE_RANK: Record<RelayerState, number> = {
  STATE_NEW: 0,
  STATE_EXECUTED: 1,
  STATE_MINED: 2,
  STATE_CONFIRMED: 3,
  STATE_FAILED: -1,
  STATE_INVALID: -1,
};

/** Every gas and payment field is zero: the relayer pays. */
export interface SignatureParams {
  gasPrice?: string;
  operation?: "0" | "1";
  safeTxnGas?: string;
  baseGas?: string;
  gasToken?: string;
  refundReceiver?: string;
  paymentToken?: string;
  payment?: string;
  paymentReceiver?: string;
}

export interface SubmitRequest {
  type: "SAFE-CREATE" | "SAFE";
  from: Address;
  to?: Address;
  proxyWallet?: Address;
  data?: Hex;
  nonce?: string;
  value?: "" | "0";
  signature: Hex;
  signatureParams?: SignatureParams;
  metadata?: string;
}

export interface SubmitResponse {
  transactionID: string;
  state: RelayerState;
  transactionHash?: string;
}

export interface RelayerTransaction {
  transactionID: string;
  /** From STATE_EXECUTED on; "" before. */
  transactionHash: string;
  type: "SAFE-CREATE" | "SAFE";
  state: RelayerState;
  from: Address;
  to: Address;
  proxyWallet: Address;
  data: Hex;
  nonce: string;
  value: string;
  signature: Hex;
  owner: Address;
  metadata: string;
  /** Why it is FAILED or INVALID. */
  reason?: string;
  blockNumber?: number;
  reorgs?: number;
  createdAt: string;
  updatedAt: string;
}

export interface DeployedResponse {
  deployed: boolean;
  /** The owner's proxy wallet, deployed or not. */
  address: Address;
}

export interface RelayerNonce {
  nonce: string;
  address: Address;
}
