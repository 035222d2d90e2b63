// Every vector the Go SDK wrote (proto/client/tsvectors_test.go) is
// reproduced here byte for byte: orders, L1 and L2 headers, Gamma login,
// the proxy wallet's address, the relayer's CreateProxy and Safe
// transactions.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { privateKeyToAccount } from "viem/accounts";
import type { Address, Hex } from "viem";

import {
  buildOrder,
  l1Headers,
  multiSend,
  Operation,
  safeTxHash,
  signCreateProxy,
  signSafeTx,
  signSafeTxEthSign,
  tradingApprovals,
  transfer,
  type SafeTx,
  l2Headers,
  proxyAddress,
  signLogin,
  SignatureType,
  type ApiCreds,
  type NonceResponse,
  type OrderType,
  type PostOrderRequest,
  type SelfTradePrevention,
} from "../src/index.js";

interface GoOrderArgs {
  TokenID: string;
  Side: string;
  Price: string;
  Size: string;
  OrderType: string;
  Expiration: number;
  FeeRateBps: number;
  PostOnly: boolean;
  NegRisk: boolean;
  Nonce: number;
  Salt: number;
  SelfTradePrevention: string;
  CancelOnHalt: boolean;
  OrderGroupID: number;
}

interface Vectors {
  key: Hex;
  address: Address;
  chainId: number;
  exchange: Address;
  negRiskExchange: Address;
  factory: Address;
  initCodeHash: Hex;
  proxyWallet: Address;
  creds: ApiCreds;
  orders: { args: GoOrderArgs; proxy: boolean; scopeId: string; request: PostOrderRequest; orderId: Hex }[];
  badOrders: { args: GoOrderArgs; proxy: boolean; scopeId: string; error: string }[];
  l1: { timestamp: string; nonce: string; scopeId: string; headers: Record<string, string> }[];
  l2: { timestamp: string; method: string; path: string; body: string; scopeId: string; headers: Record<string, string> }[];
  login: { nonce: NonceResponse; request: unknown }[];
}

const v = JSON.parse(readFileSync(new URL("../../test/vectors.json", import.meta.url), "utf8")) as Vectors;
const account = privateKeyToAccount(v.key);
const chain = { chainId: v.chainId, exchange: v.exchange, negRiskExchange: v.negRiskExchange };

function who(proxy: boolean, scopeId: string) {
  return {
    signer: account,
    funder: proxy ? proxyAddress(v.factory, v.initCodeHash, account.address) : account.address,
    signatureType: proxy ? SignatureType.PolyGnosisSafe : SignatureType.EOA,
    scopeId,
    apiKey: v.creds.apiKey,
  };
}

function args(a: GoOrderArgs) {
  return {
    tokenId: a.TokenID,
    side: a.Side as "BUY" | "SELL",
    price: a.Price,
    size: a.Size,
    orderType: (a.OrderType || undefined) as OrderType | undefined,
    expiration: a.Expiration,
    feeRateBps: a.FeeRateBps,
    postOnly: a.PostOnly,
    negRisk: a.NegRisk,
    nonce: a.Nonce,
    salt: a.Salt,
    selfTradePrevention: (a.SelfTradePrevention || undefined) as SelfTradePrevention | undefined,
    cancelOnHalt: a.CancelOnHalt,
    orderGroupId: a.OrderGroupID,
  };
}

test("the key and the proxy wallet are the Go SDK's", () => {
  assert.equal(account.address, v.address);
  assert.equal(proxyAddress(v.factory, v.initCodeHash, account.address), v.proxyWallet);
});

test("orders: same body bytes and same order id as BuildOrder", async () => {
  assert.ok(v.orders.length > 0);
  for (const o of v.orders) {
    const got = await buildOrder(chain, who(o.proxy, o.scopeId), args(o.args));
    assert.equal(JSON.stringify(got.request), JSON.stringify(o.request), `order ${JSON.stringify(o.args)}`);
    assert.equal(got.orderId, o.orderId);
  }
});

test("orders BuildOrder refuses are refused: no rounding", async () => {
  assert.ok(v.badOrders.length > 0);
  for (const o of v.badOrders) {
    await assert.rejects(buildOrder(chain, who(o.proxy, o.scopeId), args(o.args)), `${JSON.stringify(o.args)} (Go: ${o.error})`);
  }
});

test("L1 headers", async () => {
  for (const l of v.l1) {
    assert.deepEqual(await l1Headers(account, v.chainId, l.timestamp, l.nonce, l.scopeId), l.headers);
  }
});

test("L2 headers", async () => {
  for (const l of v.l2) {
    assert.deepEqual(await l2Headers(v.creds, l.timestamp, l.method, l.path, l.body, l.scopeId), l.headers);
  }
});

test("Gamma login", async () => {
  for (const l of v.login) {
    assert.equal(JSON.stringify(await signLogin(account, l.nonce)), JSON.stringify(l.request));
  }
});

interface RelayerVectors {
  multiSendCallOnly: Address;
  collateral: Address;
  conditionalTokens: Address;
  createProxySignature: Hex;
  safeTxs: { name: string; to: Address; data: Hex; operation: 0 | 1; nonce: number; hash: Hex; signatureEip712: Hex; signatureEthSign: Hex }[];
}

const r = (v as unknown as { relayer: RelayerVectors }).relayer;
const safeChain = {
  chainId: v.chainId,
  safeFactory: v.factory,
  collateral: r.collateral,
  conditionalTokens: r.conditionalTokens,
  exchange: v.exchange,
  negRiskExchange: v.negRiskExchange,
  multiSendCallOnly: r.multiSendCallOnly,
};

test("relayer: the factory's CreateProxy signature", async () => {
  assert.equal(await signCreateProxy(account, v.chainId, v.factory), r.createProxySignature);
});

test("relayer: the trading approvals' MultiSend and Safe transactions, hashed and signed in both forms", async () => {
  const approvals = multiSend(safeChain, tradingApprovals(safeChain));
  const built: Record<string, Omit<SafeTx, "nonce">> = {
    approvals,
    transfer: { ...transfer(r.collateral, v.exchange, 12_500_000n), operation: Operation.Call },
  };
  assert.equal(r.safeTxs.length, Object.keys(built).length);
  for (const want of r.safeTxs) {
    const b = built[want.name];
    assert.ok(b, want.name);
    assert.deepEqual({ to: b.to, data: b.data, operation: b.operation }, { to: want.to, data: want.data, operation: want.operation }, want.name);
    const tx = { ...b, nonce: BigInt(want.nonce) };
    assert.equal(safeTxHash(v.chainId, v.proxyWallet, tx), want.hash, want.name);
    assert.equal(await signSafeTx(account, v.chainId, v.proxyWallet, tx), want.signatureEip712, want.name);
    assert.equal(await signSafeTxEthSign(account, v.chainId, v.proxyWallet, tx), want.signatureEthSign, want.name);
  }
});
