import type { PostOrderRequest, SelfTradePrevention } from "./order.js";

// The CLOB API's JSON, hand-written from proto/client/clobapi (the Go
// types the gateway encodes with) and held to the OpenAPI document's
// paths by test/openapi.test.ts. Amounts and prices are decimal strings.

/** One page of a list; next_cursor is END_CURSOR on the last page. */
export interface Page<T> {
  data: T[];
  next_cursor: string;
  limit: number;
  count: number;
}

/** The cursor of a first page and the one after the last. */
export const INITIAL_CURSOR = "MA==";
export const END_CURSOR = "LTE=";

export interface MarketToken {
  token_id: string;
  outcome: string;
  winner: boolean;
}

export interface Market {
  condition_id: string;
  tokens: MarketToken[];
  minimum_tick_size: number;
  minimum_order_size: number;
  maximum_order_size: number;
  maker_base_fee: number;
  taker_base_fee: number;
  neg_risk: boolean;
  status: string;
  active: boolean;
  closed: boolean;
  accepting_orders: boolean;
  enable_order_book: boolean;
}

export interface PriceLevel {
  price: string;
  size: string;
}

export interface OrderBookSummary {
  market: string;
  asset_id: string;
  timestamp: string;
  hash: string;
  bids: PriceLevel[];
  asks: PriceLevel[];
  min_order_size: string;
  max_order_size: string;
  tick_size: string;
  neg_risk: boolean;
  last_trade_price: string;
}

/** token id -> side -> price. */
export type Prices = Record<string, Record<string, string>>;

export interface LastTradePrice {
  token_id?: string;
  price: string;
  side: string;
}

export interface PricePoint {
  /** Unix seconds. */
  t: number;
  p: number;
}

export interface PriceHistory {
  history: PricePoint[];
}

export type PriceInterval = "1h" | "6h" | "1d" | "1w" | "1m" | "max";

export interface OpenOrder {
  id: string;
  status: string;
  owner?: string;
  maker_address: string;
  market: string;
  asset_id: string;
  side: string;
  original_size: string;
  size_matched: string;
  price: string;
  associate_trades: string[];
  outcome: string;
  created_at: number;
  updated_at: number;
  expiration: string;
  order_type: string;
  post_only: boolean;
  fee_rate_bps: string;
  cancel_reason?: string;
  /** The size now: original_size less what decreases took off. */
  current_size: string;
  /** The caller's own orders only, as cancel_on_halt and order_group_id. */
  self_trade_prevention?: SelfTradePrevention;
  cancel_on_halt?: boolean;
  order_group_id?: number;
}

export interface MakerOrder {
  order_id: string;
  owner?: string;
  maker_address: string;
  matched_amount: string;
  price: string;
  fee_rate_bps: string;
  asset_id: string;
  outcome: string;
  side: string;
}

export interface Trade {
  id: string;
  taker_order_id: string;
  market: string;
  asset_id: string;
  side: string;
  size: string;
  fee: string;
  fee_rate_bps: string;
  price: string;
  status: string;
  match_type: string;
  match_time: string;
  last_update: string;
  outcome: string;
  bucket_index: number;
  owner?: string;
  maker_address: string;
  transaction_hash: string;
  trader_side: string;
  maker_orders: MakerOrder[];
}

export interface OrderResponse {
  success: boolean;
  errorMsg: string;
  code?: string;
  orderID: string;
  /** "live" or "matched". */
  status: string;
  makingAmount: string;
  takingAmount: string;
  transactionsHashes: string[];
  tradeIDs: string[];
}

export interface CancelResponse {
  canceled: string[];
  /** order id -> reason. */
  not_canceled: Record<string, string>;
}

export interface ExchangeApproval {
  collateral: string;
  shares: boolean;
}

export interface BalanceAllowance {
  balance: string;
  locked: string;
  virtual_available: string;
  debt: string;
  allowances: Record<string, string>;
  exchange_allowances?: Record<string, string>;
  exchange_approvals: Record<string, ExchangeApproval>;
}

export interface FaucetResponse {
  address: string;
  amount: string;
  balance: string;
}

export interface HeartbeatResponse {
  status: string;
  heartbeat_id: string;
}

export interface FeeRate {
  feeRateBps: number;
  base_fee: number;
}

/** The body of POST /withdraw: a reservation before the wallet's transfer is relayed. */
export interface WithdrawRequest {
  amount: string;
  /** Shares of this token; absent for USDW. */
  token_id?: string;
  /** 0x and 64 hex digits: a retry with the same id is the same reservation. */
  id?: string;
}

/** The answer of POST /withdraw: the reservation and the wallet's asset after it. */
export interface WithdrawResponse {
  id: string;
  wallet: string;
  token_id: string;
  amount: string;
  balance: string;
  locked: string;
  reserved: string;
}

export type AccountTransactionType =
  | "DEPOSIT"
  | "WITHDRAWAL"
  | "FAUCET"
  | "PAYOUT"
  | "WITHDRAWAL_RESERVED"
  | "WITHDRAWAL_RELEASED"
  | "WITHDRAWAL_SETTLED"
  | "REVERSAL_IN"
  | "REVERSAL_OUT"
  | "DEBT"
  | "DEBT_REPAID"
  | "UNSPECIFIED";

/** One of GET /transactions: a movement of the wallet's funds other than a trade (a payout, a deposit, ...). */
export interface AccountTransaction {
  id: string;
  address: string;
  type: AccountTransactionType;
  amount: string;
  /** The outcome token moved; absent for USDW. */
  asset_id?: string;
  ref: string;
  /** For payouts and reversals. */
  market?: string;
  trade_id?: string;
  /** Unix seconds. */
  timestamp: number;
}

// --- market makers' tools

/** ReplaceOrderRequest is the body of POST /order/replace: the live order to cancel and the new order's envelope. */
export interface ReplaceOrderRequest extends PostOrderRequest {
  orderID: string;
}

/** ReplaceOrderResponse is the new order's OrderResponse and the order it replaced. */
export interface ReplaceOrderResponse extends OrderResponse {
  replacedOrderID: string;
}

/** DecreaseOrderRequest: exactly one of reduceBy and reduceTo, shares in whole lots of 0.01. */
export interface DecreaseOrderRequest {
  orderID: string;
  reduceBy?: string;
  reduceTo?: string;
}

export interface DecreaseOrderResponse {
  orderID: string;
  /** "live", or "canceled" when nothing remained. */
  status: "live" | "canceled";
  /** The size now; absent when canceled. */
  size?: string;
  remaining: string;
}

export interface QueuePosition {
  order_id: string;
  /** Shares of the orders ahead at its price. */
  shares_ahead: string;
  /** Shares resting at its price, its own included. */
  level_size: string;
}

export interface OrderGroupRequest {
  /** Fill limit in shares. */
  limit: string;
  /** 1 to 60; absent or 0 for 15. */
  windowSec?: number;
}

export interface OrderGroup {
  id: number;
  limit: string;
  window_sec: number;
  filled: string;
  tripped: boolean;
}

/** The answer of DELETE /order-groups/{id}: the group is gone. */
export interface OrderGroupDeleted {
  id: number;
  /** Always true. */
  deleted: boolean;
  /** The group's orders the delete cancelled (cancel_reason GROUP_DELETED), newest first. */
  canceled: string[];
}
