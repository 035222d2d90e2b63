import type { LocalAccount } from "viem";

/**
 * Signer is what signs EIP-712 messages: a viem local account
 * (privateKeyToAccount) or, in a browser, an adapter over a wallet
 * client (EIP-1193) with the same two members.
 */
export type Signer = Pick<LocalAccount, "address" | "signTypedData">;
