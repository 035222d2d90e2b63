import { hashTypedData, zeroAddress, type Address, type Hex } from "viem";

import { orderAmounts, parsePrice, parseSide, parseUnits, type Side } from "./fixed.js";
import type { Signer } from "./signer.js";

/** The order domain's name and version, as the exchange contract has them. */
export const ORDER_DOMAIN_NAME = "Pred CTF Exchange";
export const ORDER_DOMAIN_VERSION = "1";

/**
 * ORDER_TYPES is the EIP-712 type of an order: the reference CTF
 * Exchange's, with the tenant's scopeId appended (standard users sign "").
 */
export const ORDER_TYPES = {
  Order: [
    { name: "salt", type: "uint256" },
    { name: "maker", type: "address" },
    { name: "signer", type: "address" },
    { name: "taker", type: "address" },
    { name: "tokenId", type: "uint256" },
    { name: "makerAmount", type: "uint256" },
    { name: "takerAmount", type: "uint256" },
    { name: "expiration", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "feeRateBps", type: "uint256" },
    { name: "side", type: "uint8" },
    { name: "signatureType", type: "uint8" },
    { name: "scopeId", type: "string" },
  ],
} as const;

/** How the order's signer relates to its maker. */
export const SignatureType = { EOA: 0, PolyProxy: 1, PolyGnosisSafe: 2 } as const;
export type SignatureType = (typeof SignatureType)[keyof typeof SignatureType];

/** Salts stay below 2^53 so that every JSON reader parses them exactly. */
export const SALT_MAX = 2 ** 53 - 1;

export type OrderType = "GTC" | "GTD" | "FOK" | "FAK";

/** OrderArgs describe an order to sign; prices and sizes are decimal strings. */
export interface OrderArgs {
  tokenId: string;
  side: Side;
  /** USDW per share, "0.57". */
  price: string;
  /** Shares, "100": every order type fills up to size shares at price or better. */
  size: string;
  /** GTC when absent. */
  orderType?: OrderType;
  /** Unix seconds, GTD only. */
  expiration?: number;
  /** At least the market's rate (GET /fee-rate/{tokenID}). */
  feeRateBps?: number;
  postOnly?: boolean;
  /** Sign for the neg-risk exchange. */
  negRisk?: boolean;
  /** On-chain cancellation nonce, normally 0. */
  nonce?: number | bigint;
  /** 0 or absent picks a random salt. */
  salt?: number;
  /**
   * Request options for market makers, not signed: what the order does on
   * meeting a resting order of its own wallet (absent: cancel_resting), a
   * halt of its market cancelling it, and the maker's order group it
   * counts in (0 or absent for none; ClobClient.setOrderGroup).
   */
  selfTradePrevention?: SelfTradePrevention;
  cancelOnHalt?: boolean;
  orderGroupId?: number;
}

/** Self-trade prevention modes: which order goes when an order meets its own wallet's resting order. */
export type SelfTradePrevention = "cancel_resting" | "cancel_taker" | "cancel_both";

/** The chain and contracts the order domain names (GET /public-info on Gamma). */
export interface ChainConfig {
  chainId: number;
  exchange: Address;
  negRiskExchange: Address;
}

/** SignedOrder is the order as POST /order carries it. */
export interface SignedOrder {
  salt: number;
  maker: Address;
  signer: Address;
  taker: Address;
  tokenId: string;
  makerAmount: string;
  takerAmount: string;
  side: Side;
  expiration: string;
  nonce: string;
  feeRateBps: string;
  signatureType: number;
  signature: Hex;
  scopeId?: string;
}

/** PostOrderRequest is the body of POST /order. */
export interface PostOrderRequest {
  order: SignedOrder;
  owner: string;
  orderType: OrderType;
  postOnly?: boolean;
  deferExec?: boolean;
  selfTradePrevention?: SelfTradePrevention;
  cancelOnHalt?: boolean;
  orderGroupId?: number;
}

/** Who signs and for which maker. */
export interface OrderSigner {
  signer: Signer;
  /** The maker: the signer itself, or its proxy wallet. */
  funder: Address;
  signatureType: SignatureType;
  scopeId: string;
  /** The API key, the order's owner. */
  apiKey: string;
}

/**
 * buildOrder signs an order exactly as the Go SDK's BuildOrder does and
 * returns the POST /order body and the order id (its EIP-712 hash).
 */
export async function buildOrder(
  chain: ChainConfig,
  who: OrderSigner,
  a: OrderArgs,
): Promise<{ request: PostOrderRequest; orderId: Hex }> {
  const side = parseSide(a.side);
  const { makerAmount, takerAmount } = orderAmounts(side, parsePrice(a.price), parseUnits(a.size));
  const tokenId = parseTokenId(a.tokenId);
  const salt = a.salt ? a.salt : randomSalt();
  const expiration = BigInt(Math.max(a.expiration ?? 0, 0));
  const nonce = BigInt(a.nonce ?? 0);
  const feeRateBps = BigInt(a.feeRateBps ?? 0);
  const message = {
    salt: BigInt(salt),
    maker: who.funder,
    signer: who.signer.address,
    taker: zeroAddress,
    tokenId,
    makerAmount,
    takerAmount,
    expiration,
    nonce,
    feeRateBps,
    side: side === "BUY" ? 0 : 1,
    signatureType: who.signatureType,
    scopeId: who.scopeId,
  } as const;
  const typed = {
    domain: {
      name: ORDER_DOMAIN_NAME,
      version: ORDER_DOMAIN_VERSION,
      chainId: chain.chainId,
      verifyingContract: a.negRisk ? chain.negRiskExchange : chain.exchange,
    },
    types: ORDER_TYPES,
    primaryType: "Order",
    message,
  } as const;
  const signature = await who.signer.signTypedData(typed);
  // The key order is the Go SDK's JSON, so both send the same bytes.
  const order: SignedOrder = {
    salt,
    maker: who.funder,
    signer: who.signer.address,
    taker: zeroAddress,
    tokenId: tokenId.toString(),
    makerAmount: makerAmount.toString(),
    takerAmount: takerAmount.toString(),
    side,
    expiration: expiration.toString(),
    nonce: nonce.toString(),
    feeRateBps: feeRateBps.toString(),
    signatureType: who.signatureType,
    signature,
  };
  if (who.scopeId !== "") order.scopeId = who.scopeId;
  const request: PostOrderRequest = { order, owner: who.apiKey, orderType: a.orderType ?? "GTC" };
  if (a.postOnly) request.postOnly = true;
  // Sent only when set, in the Go SDK's key order, as it sends them.
  if (a.selfTradePrevention) request.selfTradePrevention = a.selfTradePrevention;
  if (a.cancelOnHalt) request.cancelOnHalt = true;
  if (a.orderGroupId) request.orderGroupId = a.orderGroupId;
  return { request, orderId: hashTypedData(typed) };
}

function parseTokenId(s: string): bigint {
  if (!/^[0-9]+$/.test(s) || BigInt(s) >= 1n << 256n) {
    throw new Error(`token id ${JSON.stringify(s)} is not a decimal uint256`);
  }
  return BigInt(s);
}

/** randomSalt is uniform in [1, SALT_MAX], from the platform's CSPRNG. */
export function randomSalt(): number {
  const w = new BigUint64Array(1);
  globalThis.crypto.getRandomValues(w);
  return Number((w[0] ?? 0n) % BigInt(SALT_MAX)) + 1;
}
