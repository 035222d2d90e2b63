// The hand-written API types against the documents: the CLOB's, Gamma's
// and the Relayer's OpenAPI, the CLOB's and Gamma's AsyncAPI (the
// streams' messages): each type's keys, and which of them are always
// present, are the schema's properties and required list. The key lists below are checked against the types by tsc: a
// missing or extra key does not compile.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import type {
  AccountTransaction,
  ApiCreds,
  BalanceAllowance,
  CancelResponse,
  DecreaseOrderRequest,
  DecreaseOrderResponse,
  ExchangeApproval,
  FaucetResponse,
  FeeRate,
  HeartbeatResponse,
  LastTradePrice,
  Market,
  MarketToken,
  MakerOrder,
  OpenOrder,
  OrderBookSummary,
  OrderGroup,
  OrderGroupDeleted,
  OrderGroupRequest,
  OrderResponse,
  Page,
  PostOrderRequest,
  PriceHistory,
  PriceLevel,
  PricePoint,
  QueuePosition,
  ReplaceOrderRequest,
  ReplaceOrderResponse,
  SignedOrder,
  Trade,
  WithdrawRequest,
  WithdrawResponse,
  Adjudication,
  Game,
  GammaEvent,
  GammaMarket,
  LoginRequest,
  NonceResponse,
  PublicInfo,
  SearchResult,
  SearchTeam,
  Tag,
  Team,
  TokenResponse,
  DeployedResponse,
  RelayerKey,
  RelayerNonce,
  RelayerTransaction,
  SignatureParams,
  SubmitRequest,
  SubmitResponse,
  BalanceMessage,
  BookMessage,
  GapMessage,
  LastTradeMessage,
  MarketMessage,
  OrderMessage,
  PingMessage,
  PongMessage,
  PriceChange,
  PriceChangeMessage,
  SportResult,
  StreamErrorMessage,
  SubscribedMessage,
  TradeMessage,
  TransferMessage,
} from "../src/index.js";
import { ERROR_CODES } from "../src/index.js";

const read = (p: string) => readFileSync(new URL(p, import.meta.url), "utf8");
const openapi = read("../../../../internal/api/openapi.yaml");
const asyncapi = read("../../../../internal/api/asyncapi.yaml");
const gammaOpenapi = read("../../../../../gateway-gamma/internal/api/openapi.yaml");
const gammaAsyncapi = read("../../../../../gateway-gamma/internal/api/asyncapi.yaml");
const relayerOpenapi = read("../../../../../relayer/internal/api/openapi.yaml");

type AllKeys<T> = Record<keyof T, true>;
type RequiredKeys<T> = { [K in keyof T as object extends Pick<T, K> ? never : K]-?: true };

interface Shape {
  all: string[];
  required: string[];
}

function shape<T>(all: AllKeys<T>, required: RequiredKeys<T>): Shape {
  return { all: Object.keys(all).sort(), required: Object.keys(required).sort() };
}

/** schema reads a component schema's property names and required list, by indentation. */
function schema(name: string, doc = openapi): Shape {
  const lines = doc.slice(doc.indexOf("\n  schemas:\n")).split("\n");
  const start = lines.findIndex((l) => l === `    ${name}:`);
  assert.ok(start > 0, `the document has no schema ${name}`);
  const all: string[] = [];
  let required: string[] = [];
  let inProps = false;
  for (const l of lines.slice(start + 1)) {
    if (/^ {0,4}\S/.test(l)) break;
    const req = /^ {6}required: \[(.*)\]$/.exec(l);
    if (req?.[1] !== undefined) required = req[1].split(",").map((s) => s.trim());
    if (/^ {6}\S/.test(l)) inProps = l === "      properties:";
    const prop = /^ {8}([A-Za-z_][A-Za-z0-9_]*):/.exec(l);
    if (inProps && prop?.[1]) all.push(prop[1]);
  }
  return { all: all.sort(), required: required.sort() };
}

const t = true as const;

// Answers: the keys and the always-present keys are the schema's.
const responses: Record<string, Shape> = {
  APICreds: shape<ApiCreds>({ apiKey: t, secret: t, passphrase: t }, { apiKey: t, secret: t, passphrase: t }),
  Market: shape<Market>(
    { condition_id: t, tokens: t, minimum_tick_size: t, minimum_order_size: t, maximum_order_size: t, maker_base_fee: t, taker_base_fee: t, neg_risk: t, status: t, active: t, closed: t, accepting_orders: t, enable_order_book: t },
    { condition_id: t, tokens: t, minimum_tick_size: t, minimum_order_size: t, maximum_order_size: t, maker_base_fee: t, taker_base_fee: t, neg_risk: t, status: t, active: t, closed: t, accepting_orders: t, enable_order_book: t },
  ),
  MarketToken: shape<MarketToken>({ token_id: t, outcome: t, winner: t }, { token_id: t, outcome: t, winner: t }),
  PriceLevel: shape<PriceLevel>({ price: t, size: t }, { price: t, size: t }),
  OrderBookSummary: shape<OrderBookSummary>(
    { market: t, asset_id: t, timestamp: t, hash: t, bids: t, asks: t, min_order_size: t, max_order_size: t, tick_size: t, neg_risk: t, last_trade_price: t },
    { market: t, asset_id: t, timestamp: t, hash: t, bids: t, asks: t, min_order_size: t, max_order_size: t, tick_size: t, neg_risk: t, last_trade_price: t },
  ),
  OpenOrder: shape<OpenOrder>(
    { id: t, status: t, owner: t, maker_address: t, market: t, asset_id: t, side: t, original_size: t, size_matched: t, price: t, associate_trades: t, outcome: t, created_at: t, updated_at: t, expiration: t, order_type: t, post_only: t, fee_rate_bps: t, cancel_reason: t, current_size: t, self_trade_prevention: t, cancel_on_halt: t, order_group_id: t },
    { id: t, status: t, maker_address: t, market: t, asset_id: t, side: t, original_size: t, size_matched: t, price: t, associate_trades: t, outcome: t, created_at: t, updated_at: t, expiration: t, order_type: t, post_only: t, fee_rate_bps: t, current_size: t },
  ),
  OrderPage: shape<Page<OpenOrder>>({ data: t, next_cursor: t, limit: t, count: t }, { data: t, next_cursor: t, limit: t, count: t }),
  MakerOrder: shape<MakerOrder>(
    { order_id: t, owner: t, maker_address: t, matched_amount: t, price: t, fee_rate_bps: t, asset_id: t, outcome: t, side: t },
    { order_id: t, maker_address: t, matched_amount: t, price: t, fee_rate_bps: t, asset_id: t, outcome: t, side: t },
  ),
  Trade: shape<Trade>(
    { id: t, taker_order_id: t, market: t, asset_id: t, side: t, size: t, fee: t, fee_rate_bps: t, price: t, status: t, match_type: t, match_time: t, last_update: t, outcome: t, bucket_index: t, owner: t, maker_address: t, transaction_hash: t, trader_side: t, maker_orders: t },
    { id: t, taker_order_id: t, market: t, asset_id: t, side: t, size: t, fee: t, fee_rate_bps: t, price: t, status: t, match_type: t, match_time: t, last_update: t, outcome: t, bucket_index: t, maker_address: t, transaction_hash: t, trader_side: t, maker_orders: t },
  ),
  OrderResponse: shape<OrderResponse>(
    { success: t, errorMsg: t, code: t, orderID: t, status: t, makingAmount: t, takingAmount: t, transactionsHashes: t, tradeIDs: t },
    { success: t, errorMsg: t, orderID: t, status: t, makingAmount: t, takingAmount: t, transactionsHashes: t, tradeIDs: t },
  ),
  CancelResponse: shape<CancelResponse>({ canceled: t, not_canceled: t }, { canceled: t, not_canceled: t }),
  ReplaceOrderResponse: shape<ReplaceOrderResponse>(
    { success: t, errorMsg: t, code: t, orderID: t, status: t, makingAmount: t, takingAmount: t, transactionsHashes: t, tradeIDs: t, replacedOrderID: t },
    { success: t, errorMsg: t, orderID: t, status: t, makingAmount: t, takingAmount: t, transactionsHashes: t, tradeIDs: t, replacedOrderID: t },
  ),
  DecreaseOrderResponse: shape<DecreaseOrderResponse>({ orderID: t, status: t, size: t, remaining: t }, { orderID: t, status: t, remaining: t }),
  QueuePosition: shape<QueuePosition>({ order_id: t, shares_ahead: t, level_size: t }, { order_id: t, shares_ahead: t, level_size: t }),
  OrderGroup: shape<OrderGroup>({ id: t, limit: t, window_sec: t, filled: t, tripped: t }, { id: t, limit: t, window_sec: t, filled: t, tripped: t }),
  OrderGroupDeleted: shape<OrderGroupDeleted>({ id: t, deleted: t, canceled: t }, { id: t, deleted: t, canceled: t }),
  BalanceAllowance: shape<BalanceAllowance>(
    { balance: t, locked: t, virtual_available: t, debt: t, allowances: t, exchange_allowances: t, exchange_approvals: t },
    { balance: t, locked: t, virtual_available: t, debt: t, allowances: t, exchange_approvals: t },
  ),
  ExchangeApproval: shape<ExchangeApproval>({ collateral: t, shares: t }, { collateral: t, shares: t }),
  FaucetResponse: shape<FaucetResponse>({ address: t, amount: t, balance: t }, { address: t, amount: t, balance: t }),
  HeartbeatResponse: shape<HeartbeatResponse>({ status: t, heartbeat_id: t }, { status: t, heartbeat_id: t }),
  FeeRate: shape<FeeRate>({ feeRateBps: t, base_fee: t }, { feeRateBps: t, base_fee: t }),
  LastTradePrice: shape<LastTradePrice>({ token_id: t, price: t, side: t }, { price: t, side: t }),
  PricePoint: shape<PricePoint>({ t, p: t }, { t, p: t }),
  PriceHistory: shape<PriceHistory>({ history: t }, { history: t }),
  Transaction: shape<AccountTransaction>(
    { id: t, address: t, type: t, amount: t, asset_id: t, ref: t, market: t, trade_id: t, timestamp: t },
    { id: t, address: t, type: t, amount: t, ref: t, timestamp: t },
  ),
  TransactionPage: shape<Page<AccountTransaction>>({ data: t, next_cursor: t, limit: t, count: t }, { data: t, next_cursor: t, limit: t, count: t }),
  WithdrawResponse: shape<WithdrawResponse>(
    { id: t, wallet: t, token_id: t, amount: t, balance: t, locked: t, reserved: t },
    { id: t, wallet: t, token_id: t, amount: t, balance: t, locked: t, reserved: t },
  ),
};

const gammaTag = { id: t, label: t, slug: t, createdAt: t, updatedAt: t } as const;
const gammaMarketAll = { id: t, slug: t, question: t, questionID: t, conditionId: t, outcomes: t, outcomePrices: t, clobTokenIds: t, bestBid: t, bestAsk: t,
  volume: t, volume24hr: t, liquidity: t, openInterest: t, startDate: t, endDate: t, active: t, closed: t, archived: t, acceptingOrders: t,
  enableOrderBook: t, negRiskAugmented: t, orderMinSize: t, orderMaxSize: t, orderPriceMinTickSize: t, acceptOrdersDuringPlay: t, adjudication: t, tags: t } as const;
const { acceptOrdersDuringPlay: _optional, ...gammaMarketRequired } = gammaMarketAll;
const gammaEvent = { id: t, title: t, slug: t, eventType: t, category: t, startDate: t, endDate: t, active: t, closed: t, archived: t, negRisk: t,
  volume: t, volume24hr: t, liquidity: t, openInterest: t, tags: t, markets: t } as const;
const adjudication = { currentPhase: t, proposedOutcome: t, settledOutcome: t, payoutVector: t, proposedAt: t, livenessEndsAt: t, challengedAt: t,
  resolvedAt: t, nextSteps: t } as const;
const game = { id: t, sportType: t, homeTeam: t, awayTeam: t, scheduledAt: t, gameStatus: t, homeScore: t, awayScore: t, venue: t, primaryEventId: t,
  linkedEventIds: t } as const;
const nonce = { nonce: t, scopeId: t, issuedAt: t, chainId: t, statement: t } as const;

/** Gamma's answers. */
const gammaResponses: Record<string, Shape> = {
  Tag: shape<Tag>(gammaTag, gammaTag),
  Market: shape<GammaMarket>(gammaMarketAll, gammaMarketRequired),
  Event: shape<GammaEvent>(gammaEvent, gammaEvent),
  Adjudication: shape<Adjudication>(adjudication, adjudication),
  SearchTeam: shape<SearchTeam>({ name: t, abbreviation: t, sportType: t, gameIds: t }, { name: t, abbreviation: t, sportType: t, gameIds: t }),
  SearchResults: shape<SearchResult>({ events: t, markets: t, tags: t, teams: t, pagination: t }, { events: t, markets: t, tags: t, teams: t, pagination: t }),
  Team: shape<Team>({ name: t, abbreviation: t }, { name: t }),
  PredictGameFixture: shape<Game>(game, game),
  NonceResponse: shape<NonceResponse>(nonce, nonce),
  TokenResponse: shape<TokenResponse>({ token: t, expiresAt: t }, { token: t, expiresAt: t }),
  PublicInfo: shape<PublicInfo>({ chain: t, contracts: t, adjudication: t }, { chain: t, contracts: t, adjudication: t }),
};

const relayerTx = { transactionID: t, transactionHash: t, type: t, state: t, from: t, to: t, proxyWallet: t, data: t, nonce: t, value: t,
  signature: t, owner: t, metadata: t, createdAt: t, updatedAt: t } as const;

/** The Relayer's answers. */
const relayerResponses: Record<string, Shape> = {
  APIKey: shape<RelayerKey>({ apiKey: t, address: t, scopeId: t, createdAt: t, updatedAt: t }, { apiKey: t, address: t, scopeId: t, createdAt: t, updatedAt: t }),
  SubmitResponse: shape<SubmitResponse>({ transactionID: t, state: t, transactionHash: t }, { transactionID: t, state: t }),
  Transaction: shape<RelayerTransaction>({ ...relayerTx, reason: t, blockNumber: t, reorgs: t }, relayerTx),
  DeployedResponse: shape<DeployedResponse>({ deployed: t, address: t }, { deployed: t, address: t }),
  NonceResponse: shape<RelayerNonce>({ nonce: t, address: t }, { nonce: t, address: t }),
};

const pos = { type: t, position: t } as const;
const seq = { ...pos, seq: t } as const;

/** The CLOB streams' messages (gateway-clob's asyncapi.yaml). */
const clobMessages: Record<string, Shape> = {
  SubscribedMessage: shape<SubscribedMessage>({ ...pos, id: t, channel: t, assets_ids: t, markets: t }, { ...pos, channel: t, assets_ids: t, markets: t }),
  ErrorMessage: shape<StreamErrorMessage>({ ...pos, id: t, code: t, message: t }, { ...pos, code: t, message: t }),
  GapMessage: shape<GapMessage>({ ...pos, from: t, to: t, reason: t }, { ...pos, from: t, to: t, reason: t }),
  PingMessage: shape<PingMessage>(pos, pos),
  PongMessage: shape<PongMessage>(pos, pos),
  PriceChange: shape<PriceChange>({ price: t, side: t, size: t }, { price: t, side: t, size: t }),
  BookMessage: shape<BookMessage>(
    { ...seq, asset_id: t, market: t, bids: t, asks: t, tick_size: t, hash: t, timestamp_ms: t },
    { ...seq, asset_id: t, market: t, bids: t, asks: t, tick_size: t, hash: t, timestamp_ms: t },
  ),
  PriceChangeMessage: shape<PriceChangeMessage>(
    { ...seq, asset_id: t, market: t, changes: t, best_bid: t, best_ask: t, hash: t, timestamp_ms: t },
    { ...seq, asset_id: t, market: t, changes: t, best_bid: t, best_ask: t, hash: t, timestamp_ms: t },
  ),
  LastTradeMessage: shape<LastTradeMessage>(
    { ...seq, asset_id: t, market: t, trade_id: t, price: t, size: t, side: t, timestamp_ms: t },
    { ...seq, asset_id: t, market: t, trade_id: t, price: t, size: t, side: t, timestamp_ms: t },
  ),
  MarketMessage: shape<MarketMessage>(
    { ...seq, market: t, assets_ids: t, event: t, status: t, tick_size: t, min_order_size: t, payouts: t, timestamp_ms: t },
    { ...seq, market: t, assets_ids: t, event: t, status: t, tick_size: t, min_order_size: t, timestamp_ms: t },
  ),
  OrderMessage: shape<OrderMessage>(
    { ...seq, event: t, id: t, market: t, asset_id: t, side: t, price: t, original_size: t, order_type: t, size: t, remaining: t, status: t, trade_id: t, cause: t, timestamp_ms: t },
    { ...seq, event: t, id: t, market: t, remaining: t, status: t, timestamp_ms: t },
  ),
  TradeMessage: shape<TradeMessage>(
    { ...seq, trade_id: t, status: t, market: t, role: t, order_id: t, asset_id: t, side: t, price: t, size: t, fee: t, transaction_hash: t, timestamp_ms: t },
    { ...seq, trade_id: t, status: t, market: t, role: t, timestamp_ms: t },
  ),
  BalanceMessage: shape<BalanceMessage>(
    { ...seq, asset_id: t, balance: t, locked: t, pending: t, debt: t },
    { ...seq, asset_id: t, balance: t, locked: t, pending: t, debt: t },
  ),
  TransferMessage: shape<TransferMessage>(
    { ...seq, kind: t, amount: t, asset_id: t, market: t, ref: t, trade_id: t, timestamp_ms: t },
    { ...seq, kind: t, amount: t, ref: t, timestamp_ms: t },
  ),
};

const sport = { ...pos, gameId: t, leagueAbbreviation: t, slug: t, homeTeam: t, awayTeam: t, status: t, score: t, period: t, elapsed: t, live: t,
  ended: t, homeScore: t, awayScore: t, scheduledAt: t } as const;

// Requests: the same keys; the client always sends what the schema requires.
const requests: Record<string, Shape> = {
  SignedOrder: shape<SignedOrder>(
    { salt: t, maker: t, signer: t, taker: t, tokenId: t, makerAmount: t, takerAmount: t, side: t, expiration: t, nonce: t, feeRateBps: t, signatureType: t, signature: t, scopeId: t },
    { salt: t, maker: t, signer: t, taker: t, tokenId: t, makerAmount: t, takerAmount: t, side: t, expiration: t, nonce: t, feeRateBps: t, signatureType: t, signature: t },
  ),
  PostOrderRequest: shape<PostOrderRequest>(
    { order: t, owner: t, orderType: t, postOnly: t, deferExec: t, selfTradePrevention: t, cancelOnHalt: t, orderGroupId: t },
    { order: t, owner: t, orderType: t },
  ),
  ReplaceOrderRequest: shape<ReplaceOrderRequest>(
    { orderID: t, order: t, owner: t, orderType: t, postOnly: t, deferExec: t, selfTradePrevention: t, cancelOnHalt: t, orderGroupId: t },
    { orderID: t, order: t, owner: t, orderType: t },
  ),
  DecreaseOrderRequest: shape<DecreaseOrderRequest>({ orderID: t, reduceBy: t, reduceTo: t }, { orderID: t }),
  OrderGroupRequest: shape<OrderGroupRequest>({ limit: t, windowSec: t }, { limit: t }),
  WithdrawRequest: shape<WithdrawRequest>({ amount: t, token_id: t, id: t }, { amount: t }),
};

const gammaRequests: Record<string, Shape> = {
  LoginRequest: shape<LoginRequest>({ signature: t, messageParams: t }, { signature: t, messageParams: t }),
};

const relayerRequests: Record<string, Shape> = {
  SubmitRequest: shape<SubmitRequest>(
    { type: t, from: t, to: t, proxyWallet: t, data: t, nonce: t, value: t, signature: t, signatureParams: t, metadata: t },
    { type: t, from: t, signature: t },
  ),
  SignatureParams: shape<SignatureParams>(
    { gasPrice: t, operation: t, safeTxnGas: t, baseGas: t, gasToken: t, refundReceiver: t, paymentToken: t, payment: t, paymentReceiver: t },
    {},
  ),
};

test("Gamma's and the Relayer's answer types are their OpenAPI schemas", () => {
  for (const [name, want] of Object.entries(gammaResponses)) assert.deepEqual(want, schema(name, gammaOpenapi), `gamma ${name}`);
  for (const [name, want] of Object.entries(relayerResponses)) assert.deepEqual(want, schema(name, relayerOpenapi), `relayer ${name}`);
});

test("Gamma's and the Relayer's request types are their OpenAPI schemas", () => {
  for (const [doc, reqs] of [[gammaOpenapi, gammaRequests], [relayerOpenapi, relayerRequests]] as const) {
    for (const [name, want] of Object.entries(reqs)) {
      const s = schema(name, doc);
      assert.deepEqual(want.all, s.all, name);
      for (const r of s.required) assert.ok(want.required.includes(r), `${name}.${r} is required by the API`);
    }
  }
});

test("stream message types are the AsyncAPI schemas", () => {
  for (const [name, want] of Object.entries(clobMessages)) assert.deepEqual(want, schema(name, asyncapi), `clob ${name}`);
  assert.deepEqual(shape<SportResult>({ ...sport, finished_timestamp: t, eventId: t }, sport), schema("SportResult", gammaAsyncapi), "gamma SportResult");
});

test("answer types are the OpenAPI schemas", () => {
  for (const [name, want] of Object.entries(responses)) assert.deepEqual(want, schema(name), name);
});

test("request types are the OpenAPI schemas", () => {
  for (const [name, want] of Object.entries(requests)) {
    const s = schema(name);
    assert.deepEqual(want.all, s.all, name);
    for (const r of s.required) assert.ok(want.required.includes(r), `${name}.${r} is required by the API`);
  }
});

test("ERROR_CODES are the OpenAPI document's", () => {
  const block = openapi.slice(openapi.indexOf("\n    ErrorCode:\n"), openapi.indexOf("\n    Hash:"));
  const listed = [...block.matchAll(/^ {8}- ([A-Z0-9_]+)$/gm)].map((m) => m[1]);
  assert.ok(listed.length > 50);
  assert.deepEqual([...ERROR_CODES], listed);
});
