import type { Address, Hex } from "viem";

import type { Signer } from "./signer.js";

/** The PRED_* header names of the CLOB API's auth. */
export const Header = {
  address: "PRED_ADDRESS",
  signature: "PRED_SIGNATURE",
  timestamp: "PRED_TIMESTAMP",
  nonce: "PRED_NONCE",
  apiKey: "PRED_API_KEY",
  passphrase: "PRED_PASSPHRASE",
  scopeId: "PRED_SCOPE_ID",
} as const;

export type AuthHeaders = Record<string, string>;

/** The L2 credentials of an API key. */
export interface ApiCreds {
  apiKey: string;
  secret: string;
  passphrase: string;
}

/** The message every ClobAuth signature carries. */
export const ATTEST_MESSAGE = "This message attests that I control the given wallet";

/** The ClobAuth domain has no verifying contract. */
export const CLOB_AUTH_TYPES = {
  ClobAuth: [
    { name: "address", type: "address" },
    { name: "timestamp", type: "string" },
    { name: "nonce", type: "string" },
    { name: "message", type: "string" },
  ],
} as const;

/** A generated PRED_NONCE holds 128 bits, as 32 hex digits. */
export const L1_NONCE_BYTES = 16;

/** newL1Nonce returns a fresh random PRED_NONCE. */
export function newL1Nonce(): string {
  const b = new Uint8Array(L1_NONCE_BYTES);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/**
 * l1Headers signs ClobAuth(address, timestamp, nonce, attestation) with
 * the wallet: the headers of the API-key endpoints. The timestamp and the
 * nonce are signed as the strings sent.
 */
export async function l1Headers(
  signer: Signer,
  chainId: number,
  timestamp: string,
  nonce: string,
  scopeId = "",
): Promise<AuthHeaders> {
  const signature = await signer.signTypedData({
    domain: { name: "ClobAuthDomain", version: "1", chainId },
    types: CLOB_AUTH_TYPES,
    primaryType: "ClobAuth",
    message: { address: signer.address, timestamp, nonce, message: ATTEST_MESSAGE },
  });
  const h: AuthHeaders = {
    [Header.address]: signer.address,
    [Header.signature]: signature,
    [Header.timestamp]: timestamp,
    [Header.nonce]: nonce,
  };
  if (scopeId !== "") h[Header.scopeId] = scopeId;
  return h;
}

/**
 * l2Headers signs a request with the API key's secret: base64url (padded)
 * HMAC-SHA256 of timestamp + method + path + body, the path without its
 * query string.
 */
export async function l2Headers(
  creds: ApiCreds,
  timestamp: string,
  method: string,
  path: string,
  body = "",
  scopeId = "",
): Promise<AuthHeaders> {
  const h: AuthHeaders = {
    [Header.apiKey]: creds.apiKey,
    [Header.passphrase]: creds.passphrase,
    [Header.signature]: await hmacSignature(creds.secret, timestamp, method, path, body),
    [Header.timestamp]: timestamp,
  };
  if (scopeId !== "") h[Header.scopeId] = scopeId;
  return h;
}

/** hmacSignature is the L2 signature alone. */
export async function hmacSignature(secret: string, timestamp: string, method: string, path: string, body: string): Promise<string> {
  const q = path.indexOf("?");
  const msg = timestamp + method + (q >= 0 ? path.slice(0, q) : path) + body;
  const key = await globalThis.crypto.subtle.importKey("raw", decodeSecret(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, new TextEncoder().encode(msg)));
  return base64(mac).replaceAll("+", "-").replaceAll("/", "_");
}

/**
 * decodeSecret reads a secret leniently, as the server does: the URL and
 * standard alphabets both, padding and stray characters ignored.
 */
export function decodeSecret(secret: string): Uint8Array<ArrayBuffer> {
  const clean = secret.replaceAll("-", "+").replaceAll("_", "/").replace(/[^A-Za-z0-9+/]/g, "");
  if (clean.length % 4 === 1) throw new Error("API secret is not base64url: use the secret exactly as the API key endpoint returned it");
  const bin = atob(clean + "=".repeat((4 - (clean.length % 4)) % 4));
  if (bin.length === 0) throw new Error("API secret is empty");
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function base64(b: Uint8Array): string {
  return btoa(String.fromCharCode(...b));
}

/** unixSeconds renders a clock reading as the PRED_TIMESTAMP string. */
export function unixSeconds(nowMs: number): string {
  return Math.floor(nowMs / 1000).toString();
}

export type { Address, Hex };
