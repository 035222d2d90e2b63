// The CLOB's two channels: /ws/market (books, level changes, trades,
// market status; a book per token kept and checked against the server's
// hash) and /ws/user (the caller's orders, trades, balances, transfers).
import { hmacSignature, unixSeconds, type ApiCreds } from "./auth.js";
import { applyChange, BookMismatchError, cloneBook, fromSnapshot, type Book } from "./book.js";
import { Stream, StreamFinalError, wsUrl, type FrameResult, type RawMessage, type StreamOptions } from "./stream.js";
import type { BookMessage, MarketEvent, PriceChangeMessage, UserEvent } from "./streamtypes.js";

export const MARKET_STREAM_PATH = "/ws/market";
export const USER_STREAM_PATH = "/ws/user";

/**
 * A token whose book keeps disagreeing with the server is a bug new
 * snapshots do not cure: after RESYNCS_MAX_DEFAULT new snapshots of one
 * token within RESYNC_WINDOW_MS_DEFAULT, its next disagreement fails the
 * stream rather than ask for snapshots as fast as the server sends them.
 */
export const RESYNCS_MAX_DEFAULT = 5;
export const RESYNC_WINDOW_MS_DEFAULT = 60_000;

/** The messages of the CLOB's channels a stream delivers; pings and pongs are not. */
const CLOB_EVENTS = new Set(["subscribed", "error", "gap", "book", "price_change", "last_trade_price", "market", "order", "trade", "balance", "transfer"]);
const CONTROL = new Set(["subscribed", "error", "gap", "ping", "pong"]);

export interface MarketStreamOptions extends StreamOptions {
  /** "http://localhost:8080": the CLOB's REST base URL. */
  baseUrl: string;
  /** Token ids. */
  assetIds?: string[];
  /** Condition ids: both tokens of each. */
  markets?: string[];
  resyncsMax?: number;
  resyncWindowMs?: number;
}

/**
 * MarketStream is /ws/market: a book snapshot per token (unless resumed
 * with from), then every change. book(tokenId) is the token's book after
 * the last event delivered, hash checked; a book that disagrees is
 * dropped and a new snapshot asked for (unsubscribe and subscribe again).
 */
export class MarketStream extends Stream<MarketEvent> {
  private readonly base: string;
  private readonly assets = new Set<string>();
  private readonly markets = new Set<string>();
  private readonly books = new Map<string, Book>();
  /** Tokens whose book went wrong and await a snapshot: a new connection asks for them again. */
  private readonly stale = new Set<string>();
  private readonly resyncs = new Map<string, number[]>();
  private readonly resyncsMax: number;
  private readonly resyncWindowMs: number;

  constructor(o: MarketStreamOptions, onEvent: (e: MarketEvent) => void) {
    super(o, onEvent);
    this.base = o.baseUrl;
    for (const a of o.assetIds ?? []) this.assets.add(a);
    for (const m of o.markets ?? []) this.markets.add(m);
    this.resyncsMax = o.resyncsMax ?? RESYNCS_MAX_DEFAULT;
    this.resyncWindowMs = o.resyncWindowMs ?? RESYNC_WINDOW_MS_DEFAULT;
    this.start();
  }

  /** book is a copy of a token's book, if the stream holds one that agrees with the server. */
  book(assetId: string): Book | undefined {
    const b = this.books.get(assetId);
    return b ? cloneBook(b) : undefined;
  }

  /** subscribe adds tokens and markets: each new token starts with its snapshot. */
  subscribe(p: { assetIds?: string[]; markets?: string[] }): void {
    const assetIds = (p.assetIds ?? []).filter((a) => !this.assets.has(a));
    const markets = (p.markets ?? []).filter((m) => !this.markets.has(m));
    for (const a of assetIds) this.assets.add(a);
    for (const m of markets) this.markets.add(m);
    if (assetIds.length + markets.length > 0) this.send(request("subscribe", assetIds, markets));
  }

  /** unsubscribe drops tokens and markets and their books. */
  unsubscribe(p: { assetIds?: string[]; markets?: string[] }): void {
    const assetIds = p.assetIds ?? [];
    const markets = p.markets ?? [];
    for (const a of assetIds) {
      this.assets.delete(a);
      this.books.delete(a);
      this.stale.delete(a);
    }
    for (const m of markets) this.markets.delete(m);
    for (const [id, b] of this.books) if (markets.includes(b.market)) this.books.delete(id);
    if (assetIds.length + markets.length > 0) this.send(request("unsubscribe", assetIds, markets));
  }

  protected url(): string {
    return wsUrl(this.base, MARKET_STREAM_PATH);
  }

  protected hello(from: number | undefined): object[] {
    if (this.assets.size + this.markets.size === 0) return [];
    const reqs: object[] = [{ ...request("subscribe", [...this.assets], [...this.markets]), ...(from !== undefined ? { from } : {}) }];
    if (from === undefined) {
      this.stale.clear(); // every book comes with the snapshot
      return reqs;
    }
    for (const id of [...this.stale].sort()) reqs.push(...resyncRequests(id));
    return reqs;
  }

  protected frame(msgs: RawMessage[]): FrameResult<MarketEvent> {
    const res: FrameResult<MarketEvent> = { events: [], send: [] };
    for (const m of msgs) {
      if (!CLOB_EVENTS.has(m.type)) continue; // a ping, a pong, or a newer server's type
      this.apply(m, res);
      res.events.push(m as unknown as MarketEvent);
    }
    return res;
  }

  private apply(raw: RawMessage, res: FrameResult<MarketEvent>): void {
    const m = raw as unknown as MarketEvent;
    switch (m.type) {
      case "subscribed":
      case "error":
        return;
      case "gap":
        // The gap's positions are lost: every book is wrong until the snapshots that follow.
        this.st.gaps++;
        this.books.clear();
        this.stale.clear();
        return;
      case "book":
        this.snapshot(m, res);
        break;
      case "price_change":
        this.change(m, res);
        break;
    }
    if (!CONTROL.has(m.type)) res.position = Math.max(res.position ?? 0, m.position);
  }

  private snapshot(m: BookMessage, res: FrameResult<MarketEvent>): void {
    this.books.delete(m.asset_id);
    this.stale.delete(m.asset_id);
    try {
      this.books.set(m.asset_id, fromSnapshot(m));
    } catch (e) {
      this.resync(m.asset_id, e, res);
    }
  }

  private change(m: PriceChangeMessage, res: FrameResult<MarketEvent>): void {
    // A snapshot reflects every change up to its position: one replayed from before it is in the book.
    const b = this.books.get(m.asset_id);
    if (!b || m.position <= b.position) return;
    try {
      applyChange(b, m);
    } catch (e) {
      this.books.delete(m.asset_id);
      this.resync(m.asset_id, e, res);
    }
  }

  /** resync asks for a new snapshot of a token whose book went wrong, or fails past the limit. */
  private resync(assetId: string, err: unknown, res: FrameResult<MarketEvent>): void {
    if (err instanceof BookMismatchError) this.st.hashMismatches++;
    this.st.lastError = err instanceof Error ? err : new Error(String(err));
    const now = Date.now();
    const recent = (this.resyncs.get(assetId) ?? []).filter((t) => now - t < this.resyncWindowMs);
    if (recent.length >= this.resyncsMax) {
      throw new StreamFinalError(
        `stream: book of ${assetId}: ${this.resyncsMax} new snapshots within ${this.resyncWindowMs} ms, and it disagrees with the server again: ${this.st.lastError.message}`,
        0,
        "STREAM_RESYNC_LIMIT",
      );
    }
    this.resyncs.set(assetId, [...recent, now]);
    this.stale.add(assetId);
    res.send.push(...resyncRequests(assetId));
  }
}

export interface UserStreamOptions extends StreamOptions {
  /** "http://localhost:8080": the CLOB's REST base URL. */
  baseUrl: string;
  /** The API key's L2 credentials: signed anew for each connection, the secret never sent. */
  creds: ApiCreds;
  /** Condition ids to filter the caller's messages by; empty: all. */
  markets?: string[];
  /** Which wallet of the key the channel follows: 0 the EOA, 2 the proxy wallet (the server's default where it has them). */
  signatureType?: 0 | 2;
  /** The clock of the auth timestamp, in milliseconds. */
  now?: () => number;
}

/**
 * UserStream is /ws/user: the caller's orders, trades, balances and
 * transfers, and every market's status changes. It has no snapshot: read
 * the state from REST, then stream from the position of the subscribed
 * answer (the stream does so by itself) or an earlier one (from).
 */
export class UserStream extends Stream<UserEvent> {
  private readonly base: string;
  private readonly creds: ApiCreds;
  private readonly markets: string[];
  private readonly signatureType: 0 | 2 | undefined;
  private readonly now: () => number;
  private auth: object | undefined;

  constructor(o: UserStreamOptions, onEvent: (e: UserEvent) => void) {
    super(o, onEvent);
    this.base = o.baseUrl;
    this.creds = o.creds;
    this.markets = o.markets ?? [];
    this.signatureType = o.signatureType;
    this.now = o.now ?? Date.now;
    this.start();
  }

  /**
   * prepare signs the auth message a browser sends in place of the PRED_*
   * headers, afresh for each connection: its timestamp must be within
   * the server's window.
   */
  protected override async prepare(): Promise<void> {
    const timestamp = unixSeconds(this.now());
    const signature = await hmacSignature(this.creds.secret, timestamp, "GET", USER_STREAM_PATH, "");
    this.auth = { type: "auth", auth: { api_key: this.creds.apiKey, passphrase: this.creds.passphrase, timestamp, signature } };
  }

  protected url(): string {
    const q = this.signatureType === undefined ? "" : `?signature_type=${this.signatureType}`;
    return wsUrl(this.base, USER_STREAM_PATH) + q;
  }

  protected hello(from: number | undefined): object[] {
    const sub = { ...request("subscribe", [], this.markets), ...(from !== undefined ? { from } : {}) };
    return this.auth ? [this.auth, sub] : [sub];
  }

  protected frame(msgs: RawMessage[]): FrameResult<UserEvent> {
    const res: FrameResult<UserEvent> = { events: [], send: [] };
    for (const m of msgs) {
      if (!CLOB_EVENTS.has(m.type)) continue;
      if (m.type === "gap") this.st.gaps++;
      // The channel starts after the position its subscribed answer names.
      if (m.type === "subscribed" && this.st.position === undefined) res.position = m.position;
      if (!CONTROL.has(m.type) && m.position !== undefined) res.position = Math.max(res.position ?? 0, m.position);
      res.events.push(m as unknown as UserEvent);
    }
    return res;
  }
}

function request(type: "subscribe" | "unsubscribe", assetIds: string[], markets: string[]): object {
  return { type, ...(assetIds.length > 0 ? { assets_ids: assetIds } : {}), ...(markets.length > 0 ? { markets } : {}) };
}

/** resyncRequests unsubscribe a token and subscribe it again without from, which sends its snapshot. */
function resyncRequests(assetId: string): object[] {
  return [request("unsubscribe", [assetId], []), request("subscribe", [assetId], [])];
}
