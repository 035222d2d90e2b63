// The streams' messages, hand-written from proto/client/clobapi/stream.go
// and proto/client/gammaapi, held to the AsyncAPI documents
// (gateway-clob/internal/api/asyncapi.yaml, gateway-gamma's) by
// test/types.test.ts. Positions are the event log's (the CLOB) or the
// catalogue's revisions (Gamma): integers well below 2^53.
import type { Hex } from "viem";

import type { Side } from "./fixed.js";
import type { PriceLevel } from "./types.js";

// --- control messages (no seq)

export interface SubscribedMessage {
  type: "subscribed";
  position: number;
  id?: string;
  channel: "market" | "user";
  assets_ids: string[];
  markets: string[];
}

export interface StreamErrorMessage {
  type: "error";
  position: number;
  id?: string;
  /** A stable code: STREAM_* or the REST API's (TOKEN_NOT_FOUND, INVALID_API_KEY, ...). */
  code: string;
  message: string;
}

/** Positions from..to (inclusive) will never be sent: drop the books, snapshots follow. */
export interface GapMessage {
  type: "gap";
  position: number;
  from: number;
  to: number;
  reason: string;
}

export interface PingMessage {
  type: "ping";
  position: number;
}

export interface PongMessage {
  type: "pong";
  position: number;
}

// --- /ws/market

export interface BookMessage {
  type: "book";
  position: number;
  seq: number;
  asset_id: string;
  market: Hex;
  bids: PriceLevel[];
  asks: PriceLevel[];
  tick_size: string;
  hash: string;
  timestamp_ms: number;
}

export interface PriceChange {
  price: string;
  side: Side;
  /** The level's new total; "0" when it emptied. */
  size: string;
}

export interface PriceChangeMessage {
  type: "price_change";
  position: number;
  seq: number;
  asset_id: string;
  market: Hex;
  changes: PriceChange[];
  best_bid: string;
  best_ask: string;
  hash: string;
  timestamp_ms: number;
}

export interface LastTradeMessage {
  type: "last_trade_price";
  position: number;
  seq: number;
  asset_id: string;
  market: Hex;
  trade_id: string;
  price: string;
  size: string;
  side: Side;
  timestamp_ms: number;
}

export type MarketEventKind = "created" | "configured" | "halted" | "resumed" | "cleared" | "closed" | "resolved";

export interface MarketMessage {
  type: "market";
  position: number;
  seq: number;
  market: Hex;
  /** YES then NO. */
  assets_ids: string[];
  event: MarketEventKind;
  status: "ACTIVE" | "HALTED" | "CLOSED" | "RESOLVED";
  tick_size: string;
  min_order_size: string;
  /** YES then NO; only when resolved. */
  payouts?: string[];
  timestamp_ms: number;
}

// --- /ws/user

export interface OrderMessage {
  type: "order";
  position: number;
  seq: number;
  event: "PLACEMENT" | "FILL" | "DECREASE" | "CANCELLATION" | "EXPIRATION";
  id: Hex;
  market: Hex;
  asset_id?: string;
  side?: Side;
  price?: string;
  original_size?: string;
  order_type?: "GTC" | "GTD" | "FOK" | "FAK";
  /** DECREASE only: the order's size now. */
  size?: string;
  remaining: string;
  status: "LIVE" | "MATCHED" | "CANCELED" | "CANCELED_MARKET_RESOLVED" | "SYSTEM_CLEARED" | "INVALID";
  trade_id?: string;
  cause?: string;
  timestamp_ms: number;
}

export type TradeStatus = "MATCHED" | "SUBMITTED" | "MINED" | "CONFIRMED" | "RETRYING" | "FAILED";

export interface TradeMessage {
  type: "trade";
  position: number;
  seq: number;
  trade_id: string;
  status: TradeStatus;
  market: Hex;
  role: "TAKER" | "MAKER";
  order_id?: Hex;
  asset_id?: string;
  side?: Side;
  price?: string;
  size?: string;
  fee?: string;
  transaction_hash?: Hex;
  timestamp_ms: number;
}

export interface BalanceMessage {
  type: "balance";
  position: number;
  seq: number;
  /** "" is USDW. */
  asset_id: string;
  balance: string;
  locked: string;
  pending: string;
  debt: string;
}

export interface TransferMessage {
  type: "transfer";
  position: number;
  seq: number;
  kind: string;
  amount: string;
  asset_id?: string;
  market?: Hex;
  ref: string;
  trade_id?: string;
  timestamp_ms: number;
}

// --- /ws/sports

export interface SportResult {
  type: "sport_result";
  position: number;
  gameId: string;
  leagueAbbreviation: string;
  slug: string;
  homeTeam: string;
  awayTeam: string;
  status: "pre-game" | "live" | "finished";
  /** "home-away". */
  score: string;
  period: string;
  elapsed: string;
  live: boolean;
  ended: boolean;
  finished_timestamp?: string;
  homeScore: number;
  awayScore: number;
  scheduledAt: string;
  eventId?: string;
}

/** What a market stream delivers: its messages and the control messages that concern the caller. */
export type MarketEvent = BookMessage | PriceChangeMessage | LastTradeMessage | MarketMessage | SubscribedMessage | StreamErrorMessage | GapMessage;
/** What a user stream delivers. */
export type UserEvent = OrderMessage | TradeMessage | BalanceMessage | TransferMessage | MarketMessage | SubscribedMessage | StreamErrorMessage | GapMessage;
/** What a sports stream delivers. */
export type SportsEvent = SportResult | StreamErrorMessage;
