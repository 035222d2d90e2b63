// The hand-written API types against the OpenAPI document
// (gateway-clob/internal/api/openapi.yaml): each type's keys, and which
// of them are always present, are the schema's properties and required
// list. The key lists below are checked against the types by tsc: a
// missing or extra key does not compile.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import type {
  ApiCreds,
  BalanceAllowance,
  CancelResponse,
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
  OrderResponse,
  Page,
  PostOrderRequest,
  PriceHistory,
  PriceLevel,
  PricePoint,
  SignedOrder,
  Trade,
} from "../src/index.js";
import { ERROR_CODES } from "../src/index.js";

const openapi = readFileSync(new URL("../../../../internal/api/openapi.yaml", import.meta.url), "utf8");

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
function schema(name: string): Shape {
  const lines = openapi.slice(openapi.indexOf("\n  schemas:\n")).split("\n");
  const start = lines.findIndex((l) => l === `    ${name}:`);
  assert.ok(start > 0, `openapi.yaml has no schema ${name}`);
  const all: string[] = [];
  let required: string[] = [];
  let inProps = false;
  for (const l of lines.slice(start + 1)) {
    if (/^ {0,4}\S/.test(l)) break;
    const req = /^ {6}required: \[(.*)\]$/.exec(l);
    if (req?.[1] !== undefined) required = req[1].split(",").map((s) => s.trim());
    if (/^ {6}\S/.test(l)) inProps = l === "      properties:";
    const prop = /^ {8}([A-Za-z_]+):/.exec(l);
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
    { id: t, status: t, owner: t, maker_address: t, market: t, asset_id: t, side: t, original_size: t, size_matched: t, price: t, associate_trades: t, outcome: t, created_at: t, updated_at: t, expiration: t, order_type: t, post_only: t, fee_rate_bps: t, cancel_reason: t },
    { id: t, status: t, maker_address: t, market: t, asset_id: t, side: t, original_size: t, size_matched: t, price: t, associate_trades: t, outcome: t, created_at: t, updated_at: t, expiration: t, order_type: t, post_only: t, fee_rate_bps: t },
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
};

// Requests: the same keys; the client always sends what the schema requires.
const requests: Record<string, Shape> = {
  SignedOrder: shape<SignedOrder>(
    { salt: t, maker: t, signer: t, taker: t, tokenId: t, makerAmount: t, takerAmount: t, side: t, expiration: t, nonce: t, feeRateBps: t, signatureType: t, signature: t, scopeId: t },
    { salt: t, maker: t, signer: t, taker: t, tokenId: t, makerAmount: t, takerAmount: t, side: t, expiration: t, nonce: t, feeRateBps: t, signatureType: t, signature: t },
  ),
  PostOrderRequest: shape<PostOrderRequest>({ order: t, owner: t, orderType: t, postOnly: t, deferExec: t }, { order: t, owner: t, orderType: t }),
};

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
