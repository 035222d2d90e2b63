// Every vector the Go SDK wrote (proto/client/tsvectors_test.go) is
// reproduced here byte for byte: orders, L1 and L2 headers, Gamma login,
// the proxy wallet's address.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { privateKeyToAccount } from "viem/accounts";
import type { Address, Hex } from "viem";

import {
  buildOrder,
  l1Headers,
  l2Headers,
  proxyAddress,
  signLogin,
  SignatureType,
  type ApiCreds,
  type NonceResponse,
  type OrderType,
  type PostOrderRequest,
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
