// A token's order book as the market channel builds it: a `book` snapshot,
// then `price_change` levels (a size "0" removes the level). The stream
// client resumes and resyncs; the app only folds what it is given.
import type { OrderBookSummary, PriceLevel, StreamMessage } from "@pred/client";

export interface Book {
  bids: PriceLevel[];
  asks: PriceLevel[];
}

export function fromSummary(s: OrderBookSummary): Book {
  return { bids: s.bids.slice(), asks: s.asks.slice() };
}

export function fromSnapshot(m: StreamMessage): Book {
  return { bids: ((m["bids"] as PriceLevel[]) ?? []).slice(), asks: ((m["asks"] as PriceLevel[]) ?? []).slice() };
}

interface Change {
  price: string;
  side: "BUY" | "SELL";
  size: string;
}

/** apply folds a price_change into the book; bids best (highest) first, asks best (lowest) first. */
export function apply(b: Book, m: StreamMessage): Book {
  const bids = b.bids.slice();
  const asks = b.asks.slice();
  for (const c of (m["changes"] as Change[]) ?? []) {
    const levels = c.side === "BUY" ? bids : asks;
    const i = levels.findIndex((l) => Number(l.price) === Number(c.price));
    if (i >= 0) levels.splice(i, 1);
    if (Number(c.size) > 0) levels.push({ price: c.price, size: c.size });
  }
  bids.sort((x, y) => Number(y.price) - Number(x.price));
  asks.sort((x, y) => Number(x.price) - Number(y.price));
  return { bids, asks };
}

/** mid is the midpoint of the best bid and ask, or undefined while a side is empty. */
export function mid(b: Book): number | undefined {
  const bid = b.bids[0];
  const ask = b.asks[0];
  return bid && ask ? (Number(bid.price) + Number(ask.price)) / 2 : undefined;
}
