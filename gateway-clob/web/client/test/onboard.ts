// onboard readies a new wallet to trade with the signatures of this
// client alone, over plain fetch (the Gamma and Relayer REST clients are
// not written yet): Gamma login (EIP-712 Login), a relayer key with that
// login, the proxy wallet's deployment (the factory's CreateProxy) and,
// right behind it, the trading approvals in one Safe transaction (nonce 0
// on a new wallet), waited for until mined.
import assert from "node:assert/strict";

import { zeroAddress, type Address, type Hex } from "viem";

import { multiSend, signCreateProxy, signLogin, signSafeTx, tradingApprovals, type NonceResponse, type SafeChain, type Signer } from "../src/index.js";
import { eventually } from "./eventually.js";

/** How long the deployment and the approvals may take to be mined. */
export const ONBOARD_TIMEOUT_MS = 120_000;

export interface OnboardUrls {
  gammaUrl: string;
  relayerUrl: string;
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  assert.ok(res.ok, `${res.url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function onboard(u: OnboardUrls, signer: Signer, chain: SafeChain, proxyWallet: Address): Promise<void> {
  const nonce = await json<NonceResponse>(await fetch(`${u.gammaUrl}/auth/nonce?address=${signer.address}`));
  const login = await signLogin(signer, nonce);
  const { token } = await json<{ token: string }>(
    await fetch(`${u.gammaUrl}/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(login) }),
  );
  assert.ok(token, "Gamma accepted the login signature");

  const key = await json<{ apiKey: string; address: string }>(
    await fetch(`${u.relayerUrl}/relayer/api/auth`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }),
  );
  const headers = { "Content-Type": "application/json", RELAYER_API_KEY: key.apiKey, RELAYER_API_KEY_ADDRESS: key.address };
  const submit = async (body: unknown) =>
    json<{ transactionID: string; state: string }>(await fetch(`${u.relayerUrl}/submit`, { method: "POST", headers, body: JSON.stringify(body) }));

  await submit({
    type: "SAFE-CREATE",
    from: signer.address,
    to: chain.safeFactory,
    proxyWallet,
    data: "0x",
    signature: await signCreateProxy(signer, chain.chainId, chain.safeFactory),
    signatureParams: { paymentToken: zeroAddress, payment: "0", paymentReceiver: zeroAddress },
  });
  const tx = { ...multiSend(chain, tradingApprovals(chain)), nonce: 0n };
  const approvals = await submit({
    type: "SAFE",
    from: signer.address,
    to: tx.to,
    proxyWallet,
    data: tx.data,
    nonce: "0",
    signature: await signSafeTx(signer, chain.chainId, proxyWallet, tx),
    signatureParams: { gasPrice: "0", operation: String(tx.operation), safeTxnGas: "0", baseGas: "0", gasToken: zeroAddress, refundReceiver: zeroAddress },
  });
  await eventually(async () => {
    const [t] = await json<{ state: string; transactionHash?: Hex }[]>(
      await fetch(`${u.relayerUrl}/transaction?id=${approvals.transactionID}`, { headers }),
    );
    assert.ok(t, "the relayer knows the approvals");
    if (t.state === "STATE_FAILED" || t.state === "STATE_INVALID") throw new Error(`approvals ended ${t.state}`);
    assert.ok(t.state === "STATE_MINED" || t.state === "STATE_CONFIRMED", `approvals are ${t.state}`);
  }, ONBOARD_TIMEOUT_MS);
}
