// The browser-wallet side of the client: EIP-6963 discovery over an
// event target (the browser's event API: a window stands in for it), and
// the EIP-1193 signer, whose signatures through a wallet's
// eth_signTypedData_v4 must equal the key's own, for every message the
// client signs.
import assert from "node:assert/strict";
import { test } from "node:test";

import { privateKeyToAccount } from "viem/accounts";

import {
  connectWallet,
  discoverWallets,
  eip1193Signer,
  EIP6963_ANNOUNCE,
  EIP6963_REQUEST,
  l1Headers,
  multiSend,
  signCreateProxy,
  signLogin,
  signSafeTx,
  tradingApprovals,
  watchWallets,
  type EIP1193Provider,
  type WalletInfo,
} from "../src/index.js";
import { TestWallet } from "./wallet.js";

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const CHAIN_ID = 1337;

/** announceOnRequest makes a wallet that announces itself on target whenever asked, as the EIP says. */
function announceOnRequest(target: EventTarget, info: WalletInfo, provider: EIP1193Provider): void {
  const announce = () => target.dispatchEvent(new CustomEvent(EIP6963_ANNOUNCE, { detail: Object.freeze({ info, provider }) }));
  target.addEventListener(EIP6963_REQUEST, announce);
  announce(); // a wallet announces once on load too
}

function info(uuid: string, rdns: string): WalletInfo {
  return { uuid, name: rdns, icon: "data:image/svg+xml,<svg/>", rdns };
}

test("discoverWallets finds every announcing wallet once, by uuid, and ignores malformed announcements", async () => {
  const window = new EventTarget();
  const a = new TestWallet(KEY, CHAIN_ID);
  const b = new TestWallet(KEY, CHAIN_ID);
  announceOnRequest(window, info("11111111-1111-4111-8111-111111111111", "io.example.a"), a);
  announceOnRequest(window, info("22222222-2222-4222-8222-222222222222", "io.example.b"), b);
  // The same wallet twice (a second request), and two invalid ones.
  window.addEventListener(EIP6963_REQUEST, () => {
    window.dispatchEvent(new CustomEvent(EIP6963_ANNOUNCE, { detail: { info: info("11111111-1111-4111-8111-111111111111", "io.example.a"), provider: a } }));
    window.dispatchEvent(new CustomEvent(EIP6963_ANNOUNCE, { detail: { info: { name: "no uuid" }, provider: a } }));
    window.dispatchEvent(new CustomEvent(EIP6963_ANNOUNCE, { detail: { info: info("33333333-3333-4333-8333-333333333333", "x"), provider: {} } }));
  });
  const found = await discoverWallets({ target: window, timeoutMs: 20 });
  assert.deepEqual(found.map((w) => w.info.rdns), ["io.example.a", "io.example.b"]);
  assert.equal(found[0]?.provider, a);
  assert.equal(found[1]?.provider, b);
});

test("watchWallets tells of a wallet that announces later, and stops when told", async () => {
  const window = new EventTarget();
  const seen: string[] = [];
  const stop = watchWallets((w) => seen.push(w.info.rdns), { target: window });
  assert.deepEqual(seen, [], "no wallet yet");
  announceOnRequest(window, info("44444444-4444-4444-8444-444444444444", "io.example.late"), new TestWallet(KEY, CHAIN_ID));
  assert.deepEqual(seen, ["io.example.late"]);
  stop();
  announceOnRequest(window, info("55555555-5555-4555-8555-555555555555", "io.example.after"), new TestWallet(KEY, CHAIN_ID));
  assert.deepEqual(seen, ["io.example.late"], "nothing after stop");
});

test("connectWallet reads the account (checksummed) and the chain", async () => {
  const w = new TestWallet(KEY, CHAIN_ID);
  const c = await connectWallet(w);
  assert.equal(c.address, privateKeyToAccount(KEY).address);
  assert.equal(c.chainId, CHAIN_ID);
  assert.deepEqual(w.requests.map((r) => r.method), ["eth_requestAccounts", "eth_chainId"]);
});

test("eip1193Signer signs through eth_signTypedData_v4 exactly as the key does", async () => {
  const key = privateKeyToAccount(KEY);
  const w = new TestWallet(KEY, CHAIN_ID);
  const signer = eip1193Signer(w, key.address);
  assert.equal(signer.address, key.address);
  const a = key.address;
  const chain = { chainId: CHAIN_ID, safeFactory: a, collateral: a, conditionalTokens: a, exchange: a, negRiskExchange: a, multiSendCallOnly: a };
  const nonce = { nonce: "0123456789abcdef0123456789abcdef", scopeId: "", issuedAt: "2026-11-27T18:00:00.000Z", chainId: CHAIN_ID, statement: "Log in" };
  const tx = { ...multiSend(chain, tradingApprovals(chain)), nonce: 7n };
  const cases: [string, (s: typeof signer) => Promise<unknown>][] = [
    ["Gamma's Login", (s) => signLogin(s, nonce)],
    ["ClobAuth (L1)", (s) => l1Headers(s, CHAIN_ID, "1700000000", "00ff")],
    ["CreateProxy", (s) => signCreateProxy(s, CHAIN_ID, a)],
    ["SafeTx", (s) => signSafeTx(s, CHAIN_ID, a, tx)],
  ];
  for (const [name, sign] of cases) assert.deepEqual(await sign(signer), await sign(key), name);
  const signs = w.requests.filter((r) => r.method === "eth_signTypedData_v4");
  assert.equal(signs.length, cases.length, "every signature went through the wallet");
  assert.equal(typeof (signs[0]?.params as unknown[])[1], "string", "the typed data is sent as JSON");
});
