import type { Address, Hex } from "viem";

import type { Signer } from "./signer.js";

/** The answer of Gamma's GET /auth/nonce, signed back as it came. */
export interface NonceResponse {
  nonce: string;
  scopeId: string;
  issuedAt: string;
  chainId: number;
  statement: string;
}

/** The body of Gamma's POST /auth/login. */
export interface LoginRequest {
  signature: Hex;
  messageParams: NonceResponse & { address?: Address };
}

/** The Login domain has its own name, so no login passes as an L1 attestation. */
export const LOGIN_TYPES = {
  Login: [
    { name: "address", type: "address" },
    { name: "statement", type: "string" },
    { name: "nonce", type: "string" },
    { name: "issuedAt", type: "string" },
    { name: "chainId", type: "uint256" },
    { name: "scopeId", type: "string" },
  ],
} as const;

/** signLogin signs a nonce response as POST /auth/login wants it. */
export async function signLogin(signer: Signer, n: NonceResponse): Promise<LoginRequest> {
  const signature = await signer.signTypedData({
    domain: { name: "Pred Login", version: "1", chainId: n.chainId },
    types: LOGIN_TYPES,
    primaryType: "Login",
    message: {
      address: signer.address,
      statement: n.statement,
      nonce: n.nonce,
      issuedAt: n.issuedAt,
      chainId: BigInt(n.chainId),
      scopeId: n.scopeId,
    },
  });
  return {
    signature,
    messageParams: {
      nonce: n.nonce,
      scopeId: n.scopeId,
      issuedAt: n.issuedAt,
      chainId: n.chainId,
      statement: n.statement,
      address: signer.address,
    },
  };
}
