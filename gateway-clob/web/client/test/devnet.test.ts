// The client against a real devnet: a new wallet is onboarded with this
// client's signatures (Gamma login, the relayer's CreateProxy and Safe
// transaction of the approvals), then trades through ClobClient: an API
// key made and derived with L1 headers, the faucet, a signed order
// posted, seen among the open orders and in the book, and cancelled.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Address, Hex } from "viem";

import { ClobClient, PredApiError } from "../src/index.js";
import { startDevnet, type Devnet } from "./devnet.js";
import { eventually } from "./eventually.js";
import { onboard } from "./onboard.js";

interface PublicInfo {
  chain: { chainId: number }[];
  contracts: {
    exchange: Address;
    negRiskExchange: Address;
    safeFactory: Address;
    safeInitCodeHash: Hex;
    collateral: Address;
    conditionalTokens: Address;
    multiSendCallOnly: Address;
  };
}

let devnet: Devnet;

before(async () => {
  devnet = await startDevnet();
});

after(async () => {
  await devnet?.stop();
});

test("a wallet trades on the devnet through the TypeScript client", { timeout: 600_000 }, async () => {
  const info = (await (await fetch(`${devnet.gammaUrl}/public-info`)).json()) as PublicInfo;
  const chainId = info.chain[0]?.chainId;
  assert.ok(chainId, "public-info names the chain");
  const key = generatePrivateKey();
  const signer = privateKeyToAccount(key);

  const clob = new ClobClient({
    baseUrl: devnet.clobUrl,
    signer,
    chain: { chainId, exchange: info.contracts.exchange, negRiskExchange: info.contracts.negRiskExchange },
    proxyWallet: { factory: info.contracts.safeFactory, initCodeHash: info.contracts.safeInitCodeHash },
  });
  const funder = clob.funder;
  assert.ok(funder && funder !== signer.address, "orders are made by the proxy wallet");
  const k = info.contracts;
  await onboard(devnet, signer, { chainId, safeFactory: k.safeFactory, collateral: k.collateral, conditionalTokens: k.conditionalTokens,
    exchange: k.exchange, negRiskExchange: k.negRiskExchange, multiSendCallOnly: k.multiSendCallOnly }, funder);

  const serverTime = await clob.time();
  assert.ok(Math.abs(serverTime - Date.now() / 1000) < 60, "the server's clock is near ours");

  // L1: the wallet has no key yet; create makes one, which derive then returns.
  await assert.rejects(clob.deriveApiKey(), (e) => e instanceof PredApiError && e.code === "API_KEY_NOT_FOUND");
  const creds = await clob.createApiKey();
  assert.ok(creds.apiKey && creds.secret && creds.passphrase);
  assert.deepEqual(await clob.deriveApiKey(), creds, "derive returns the key just created");
  assert.deepEqual(await clob.createOrDeriveApiKey(), creds);
  assert.deepEqual(clob.getCreds(), creds);

  // The exchange learns the approvals from the chain a few blocks after they are mined.
  await eventually(async () => {
    const b = await clob.getBalanceAllowance();
    for (const ex of [k.exchange, k.negRiskExchange]) {
      const a = b.exchange_approvals[ex];
      assert.ok(a?.shares && a.collateral !== "0", `${ex} approved: ${JSON.stringify(b.exchange_approvals)}`);
    }
  });
  const credited = await clob.faucet(funder, "100");
  assert.equal(credited.address.toLowerCase(), funder.toLowerCase());
  await eventually(async () => {
    const b = await clob.getBalanceAllowance();
    assert.ok(Number(b.balance) > 0, `balance ${b.balance}`);
  });

  const markets = await clob.getMarkets();
  const market = markets.data.find((m) => !m.neg_risk && m.accepting_orders);
  assert.ok(market, "the devnet has a binary market open for orders");
  const yes = market.tokens[0]?.token_id;
  assert.ok(yes);
  const feeRateBps = await clob.getFeeRate(yes);

  const { request, orderId } = await clob.buildOrder({ tokenId: yes, side: "BUY", price: "0.03", size: "10", feeRateBps });
  const placed = await clob.postOrder(request);
  assert.equal(placed.success, true, placed.errorMsg);
  assert.equal(placed.orderID, orderId, "the order id is the EIP-712 hash the client computed");
  assert.equal(placed.status, "live");

  await eventually(async () => {
    const open = await clob.getOrders({ assetId: yes });
    const o = open.data.find((x) => x.id === orderId);
    assert.ok(o, "the order is among the open orders");
    assert.equal(o.price, "0.03");
    assert.equal(o.original_size, "10");
  });
  const book = await clob.getBook(yes);
  assert.ok(book.bids.some((l) => l.price === "0.03"), `the book shows the bid: ${JSON.stringify(book.bids)}`);

  const cancelled = await clob.cancelOrder(orderId);
  assert.deepEqual(cancelled.canceled, [orderId]);
  await eventually(async () => {
    const open = await clob.getOrders({ assetId: yes });
    assert.ok(!open.data.some((x) => x.id === orderId), "the cancelled order left the open orders");
  });
  assert.equal((await clob.getOrder(orderId)).status, "CANCELED");

  // A refused order's code reaches the caller: a price off the tick grid.
  const off = await clob.buildOrder({ tokenId: yes, side: "BUY", price: "0.035", size: "10", feeRateBps });
  await assert.rejects(clob.postOrder(off.request), (e) => e instanceof PredApiError && e.status === 400 && e.code.startsWith("INVALID_ORDER"));
});
