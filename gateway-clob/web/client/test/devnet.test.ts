// The client against a real devnet, as the web app uses it: a new wallet
// behind EIP-1193 (a test wallet holding the key, as a browser extension
// does) logs in to Gamma, has the relayer deploy and approve its proxy
// wallet, makes an API key with L1 headers, is credited by the faucet,
// finds a market through Gamma, streams its book and its own orders,
// places an order and sees it in both streams, resumes the streams after
// a dropped connection and sees the cancellation, and withdraws.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { generatePrivateKey } from "viem/accounts";

import {
  chainConfig,
  ClobClient,
  connectWallet,
  eip1193Signer,
  GammaClient,
  PredApiError,
  proxyWalletConfig,
  RelayerClient,
  safeChain,
  StreamClient,
  type MarketEvent,
  type OrderMessage,
  type SportResult,
  type SportsEvent,
  type UserEvent,
} from "../src/index.js";
import { startDevnet, type Devnet } from "./devnet.js";
import { eventually } from "./eventually.js";
import { TestWallet } from "./wallet.js";
import { TestWebSocket } from "./ws.js";

/** How long the deployment, the approvals and the withdrawal may take to be mined. */
const MINED_TIMEOUT_MS = 120_000;

let devnet: Devnet;

before(async () => {
  devnet = await startDevnet();
});

after(async () => {
  await devnet?.stop();
});

test("a browser wallet onboards, streams and trades on the devnet through the TypeScript client", { timeout: 600_000 }, async (t) => {
  const gamma = new GammaClient({ baseUrl: devnet.gammaUrl });
  const info = await gamma.publicInfo();
  const chain = safeChain(info);

  // The wallet: EIP-1193, every signature an eth_signTypedData_v4.
  const wallet = new TestWallet(generatePrivateKey(), chain.chainId);
  const { address, chainId } = await connectWallet(wallet);
  assert.equal(chainId, chain.chainId);
  const signer = eip1193Signer(wallet, address);

  const clob = new ClobClient({ baseUrl: devnet.clobUrl, signer, chain: chainConfig(info), proxyWallet: proxyWalletConfig(info) });
  const funder = clob.funder;
  assert.ok(funder && funder !== address, "orders are made by the proxy wallet");

  // Gamma login, a relayer key with it, the deployment and the approvals, paid by the relayer.
  const session = await gamma.login(signer);
  assert.ok(session.token && session.expiresAtMs > Date.now(), "Gamma accepted the login signature");
  const relayer = new RelayerClient({ baseUrl: devnet.relayerUrl });
  const key = await relayer.authenticate(session.token);
  assert.equal(key.address.toLowerCase(), address.toLowerCase());
  assert.equal(await relayer.deployed(address), false);
  const subs = await relayer.onboard(signer, chain, funder);
  assert.equal(subs.length, 2, "a deployment and the approvals");
  const approvals = await relayer.waitMined(subs[1]!.transactionID, { timeoutMs: MINED_TIMEOUT_MS });
  assert.ok(approvals.transactionHash, "the approvals have their transaction");
  assert.equal(await relayer.deployed(address), true);
  assert.equal((await relayer.deployedWallet(address)).address.toLowerCase(), funder.toLowerCase());

  // L1: the wallet has no key yet; create makes one, which derive then returns.
  await assert.rejects(clob.deriveApiKey(), (e) => e instanceof PredApiError && e.code === "API_KEY_NOT_FOUND");
  const creds = await clob.createApiKey();
  assert.ok(creds.apiKey && creds.secret && creds.passphrase);
  assert.deepEqual(await clob.deriveApiKey(), creds, "derive returns the key just created");
  assert.deepEqual(await clob.createOrDeriveApiKey(), creds);

  // The exchange learns the approvals from the chain a few blocks after they are mined.
  await eventually(async () => {
    const b = await clob.getBalanceAllowance();
    for (const ex of [chain.exchange, chain.negRiskExchange]) {
      const a = b.exchange_approvals[ex];
      assert.ok(a?.shares && a.collateral !== "0", `${ex} approved: ${JSON.stringify(b.exchange_approvals)}`);
    }
  });
  const credited = await clob.faucet(funder, "100");
  assert.equal(credited.address.toLowerCase(), funder.toLowerCase());
  await eventually(async () => assert.equal(Number((await clob.getBalanceAllowance()).balance), 100));

  // Gamma: a binary market open for orders, found again by slug, id and search.
  const events = await gamma.listEvents({ closed: false, limit: 100 });
  const event = events.find((e) => !e.negRisk && e.markets.some((m) => m.acceptingOrders));
  assert.ok(event, `the devnet has a binary event open for orders: ${events.map((e) => e.slug).join(", ")}`);
  const market = event.markets.find((m) => m.acceptingOrders)!;
  assert.deepEqual((await gamma.getEventBySlug(event.slug)).id, event.id);
  assert.deepEqual((await gamma.getMarketBySlug(market.slug)).conditionId, market.conditionId);
  assert.deepEqual((await gamma.getMarket(market.id)).slug, market.slug);
  const listed = await gamma.listMarkets({ conditionIds: [market.conditionId] });
  assert.deepEqual(listed.map((m) => m.id), [market.id]);
  const found = await gamma.search(market.question.split(" ").slice(0, 3).join(" "));
  assert.ok(found.markets.some((m) => m.id === market.id), `search finds "${market.question}"`);
  assert.ok((await gamma.listTags()).length > 0);
  const [yes] = market.clobTokenIds;
  assert.ok(yes);
  assert.equal((await clob.getMarket(market.conditionId)).neg_risk, false);

  // The streams: the market's book, and the wallet's own orders.
  const streams = new StreamClient({ clobUrl: devnet.clobUrl, gammaUrl: devnet.gammaUrl, WebSocket: TestWebSocket });
  t.after(() => streams.close());
  const marketEvents: MarketEvent[] = [];
  const userEvents: UserEvent[] = [];
  const book = streams.subscribeMarket([yes], (e) => marketEvents.push(e));
  const user = streams.subscribeUser(creds, [market.conditionId], (e) => userEvents.push(e));
  const sportsEvents: SportsEvent[] = [];
  const sports = streams.subscribeSports((e) => sportsEvents.push(e));
  await eventually(async () => assert.ok(book.book(yes), "the snapshot arrived"));
  await eventually(async () => assert.ok(userEvents.some((e) => e.type === "subscribed")));
  const [game] = await gamma.listGames();
  assert.ok(game, "the devnet has a game");
  assert.deepEqual(await gamma.getGame(game.id), game);
  await eventually(async () => {
    const r = sportsEvents.find((e): e is SportResult => e.type === "sport_result" && e.gameId === game.id);
    assert.ok(r, "the sports channel's snapshot has the game");
    assert.equal(r.status, game.gameStatus);
    assert.equal(r.homeTeam, game.homeTeam.name);
  });

  const feeRateBps = await clob.getFeeRate(yes);
  const { request, orderId } = await clob.buildOrder({ tokenId: yes, side: "BUY", price: "0.03", size: "10", feeRateBps });
  const placed = await clob.postOrder(request);
  assert.equal(placed.success, true, placed.errorMsg);
  assert.equal(placed.orderID, orderId, "the order id is the EIP-712 hash the client computed");

  const orderEvent = (ev: OrderMessage["event"]) => userEvents.find((e): e is OrderMessage => e.type === "order" && e.id === orderId && e.event === ev);
  await eventually(async () => {
    const placement = orderEvent("PLACEMENT");
    assert.ok(placement, "the user stream tells of the placement");
    assert.equal(placement.status, "LIVE");
    assert.equal(Number(placement.price), 0.03);
  });
  await eventually(async () => {
    const bid = book.book(yes)?.bids.find((l) => Number(l.price) === 0.03);
    assert.ok(bid && Number(bid.size) >= 10, `the streamed book shows the bid: ${JSON.stringify(book.book(yes)?.bids)}`);
  });
  assert.ok((await clob.getOrders({ assetId: yes })).data.some((o) => o.id === orderId), "REST lists the order");

  // Both streams drop their connection and resume from their position: no second snapshot, nothing missed.
  const snapshots = marketEvents.filter((e) => e.type === "book").length;
  const resumedFrom = book.status().position;
  book.reconnect();
  user.reconnect();
  const cancelled = await clob.cancelOrder(orderId);
  assert.deepEqual(cancelled.canceled, [orderId]);
  await eventually(async () => {
    const c = orderEvent("CANCELLATION");
    assert.ok(c, "the resumed user stream tells of the cancellation");
    assert.equal(c.status, "CANCELED");
  });
  await eventually(async () => {
    assert.ok(!book.book(yes)?.bids.some((l) => Number(l.price) === 0.03), "the resumed book lost the bid");
  });
  assert.equal(book.status().connects, 2);
  assert.equal(user.status().connects, 2);
  assert.ok((book.status().position ?? 0) > (resumedFrom ?? 0));
  assert.equal(marketEvents.filter((e) => e.type === "book").length, snapshots, "a resume sends no snapshot");
  assert.equal(book.status().hashMismatches, 0, "every book agreed with the server's hash");
  assert.equal(userEvents.filter((e) => e.type === "order" && e.id === orderId && e.event === "PLACEMENT").length, 1, "nothing twice");

  // A refused order's code reaches the caller: a price off the tick grid.
  const off = await clob.buildOrder({ tokenId: yes, side: "BUY", price: "0.035", size: "10", feeRateBps });
  await assert.rejects(clob.postOrder(off.request), (e) => e instanceof PredApiError && e.status === 400 && e.code.startsWith("INVALID_ORDER"));

  // Withdraw, as pred withdraw does: a reservation, then the wallet's transfer through the relayer.
  // A user stream of every market tells of the wallet's transfers.
  const funds: UserEvent[] = [];
  const all = streams.subscribeUser(creds, [], (e) => funds.push(e));
  await eventually(async () => assert.ok(funds.some((e) => e.type === "subscribed")));
  const w = await clob.withdraw({ relayer, chain, amount: "1" });
  assert.equal(Number(w.reservation.amount), 1);
  assert.equal(Number(w.reservation.balance), 99, "the reservation leaves the available balance at once");
  assert.equal(w.to, address);
  const transfer = await relayer.waitMined(w.transfer.transactionID, { timeoutMs: MINED_TIMEOUT_MS });
  assert.equal(transfer.proxyWallet.toLowerCase(), funder.toLowerCase());
  const kinds = () => funds.flatMap((e) => (e.type === "transfer" ? [e.kind] : []));
  await eventually(async () => assert.ok(kinds().includes("WITHDRAWAL_SETTLED"), `the transfer out is seen: ${kinds().join(", ")}`), MINED_TIMEOUT_MS);
  assert.ok(kinds().includes("WITHDRAWAL_RESERVED"), kinds().join(", "));
  assert.equal(Number((await clob.getBalanceAllowance()).balance), 99);
  const history = (await clob.getTransactions()).data.map((x) => x.type);
  // The devnet faucet sends USDW on chain: the exchange sees a deposit.
  for (const k of ["DEPOSIT", "WITHDRAWAL_RESERVED", "WITHDRAWAL_SETTLED"] as const) assert.ok(history.includes(k), `${k} in ${history.join(", ")}`);
  assert.equal(all.status().state, "connected");
});
