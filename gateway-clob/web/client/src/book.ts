// A token's book as the market channel builds it, checked against the
// server's hash after every message, as the Go SDK's stream.Book.
import { sha256, stringToBytes } from "viem";

import type { Side } from "./fixed.js";
import type { BookMessage, PriceChangeMessage } from "./streamtypes.js";
import type { PriceLevel } from "./types.js";

/** Book: the last snapshot with every later price_change applied, each side best price first. */
export interface Book {
  assetId: string;
  market: string;
  bids: PriceLevel[];
  asks: PriceLevel[];
  tickSize: string;
  /** The log position the book is at. */
  position: number;
  /** bookHash of the book, which the server's last message of this token agreed with. */
  hash: string;
}

/**
 * bookHash is clobapi.BookHash: hex SHA-256 of asset_id|bids|asks, each
 * side best first as "price:size" joined by ",", the strings as sent.
 */
export function bookHash(assetId: string, bids: PriceLevel[], asks: PriceLevel[]): string {
  const side = (ls: PriceLevel[]) => ls.map((l) => `${l.price}:${l.size}`).join(",");
  return sha256(stringToBytes(`${assetId}|${side(bids)}|${side(asks)}`)).slice(2);
}

/** BookMismatchError: a book disagreed with the server's hash; it needs a new snapshot. */
export class BookMismatchError extends Error {
  override name = "BookMismatchError";
  constructor(
    readonly assetId: string,
    readonly position: number,
    readonly want: string,
    readonly got: string,
  ) {
    super(`stream: book of ${assetId} at position ${position}: hash ${got}, the server's ${want}`);
  }
}

/** fromSnapshot is the book of a book message, sorted best first whatever order it lists. */
export function fromSnapshot(m: BookMessage): Book {
  const b: Book = { assetId: m.asset_id, market: m.market, bids: [], asks: [], tickSize: m.tick_size, position: m.position, hash: "" };
  for (const l of m.bids) setLevel(b, "BUY", l.price, l.size);
  for (const l of m.asks) setLevel(b, "SELL", l.price, l.size);
  check(b, m.hash);
  return b;
}

/** applyChange sets a price_change's levels and checks the hash; it throws on a mismatch. */
export function applyChange(b: Book, m: PriceChangeMessage): void {
  for (const c of m.changes) setLevel(b, c.side, c.price, c.size);
  b.position = m.position;
  check(b, m.hash);
}

function check(b: Book, want: string): void {
  b.hash = bookHash(b.assetId, b.bids, b.asks);
  if (b.hash !== want) throw new BookMismatchError(b.assetId, b.position, want, b.hash);
}

/** PRICE_DECIMALS: prices have at most 6 decimals; priceUnits turns one a price of at most 6 decimals into an integer to compare exactly. */
const PRICE_DECIMALS = 6;

function priceUnits(p: string): bigint {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(p)) throw new Error(`stream: price ${JSON.stringify(p)} is not a decimal`);
  const [i = "0", f = ""] = p.split(".");
  return BigInt(i + f.padEnd(PRICE_DECIMALS, "0").slice(0, PRICE_DECIMALS));
}

function isZero(size: string): boolean {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(size)) throw new Error(`stream: size ${JSON.stringify(size)} is not a decimal`);
  return /^[0.]+$/.test(size);
}

/** setLevel makes a level's size total, removing it at zero; bids highest first, asks lowest first. */
function setLevel(b: Book, side: Side, price: string, size: string): void {
  const levels = side === "BUY" ? b.bids : side === "SELL" ? b.asks : undefined;
  if (!levels) throw new Error(`stream: side ${JSON.stringify(side)} is neither BUY nor SELL`);
  const p = priceUnits(price);
  const better = (a: bigint) => (side === "BUY" ? a > p : a < p);
  let i = 0;
  while (i < levels.length && better(priceUnits(levels[i]!.price))) i++;
  const found = i < levels.length && priceUnits(levels[i]!.price) === p;
  if (isZero(size)) {
    if (found) levels.splice(i, 1);
  } else if (found) {
    levels[i] = { price, size };
  } else {
    levels.splice(i, 0, { price, size });
  }
}

/** cloneBook is a copy the caller may keep. */
export function cloneBook(b: Book): Book {
  return { ...b, bids: b.bids.map((l) => ({ ...l })), asks: b.asks.map((l) => ({ ...l })) };
}
