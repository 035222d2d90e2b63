// StreamClient makes the three channels' streams from the APIs' base
// URLs and tells one listener of all their states.
import type { ApiCreds } from "./auth.js";
import { MarketStream, UserStream, type MarketStreamOptions, type UserStreamOptions } from "./clobstream.js";
import { SportsStream } from "./sportsstream.js";
import type { Stream, StreamOptions, StreamState } from "./stream.js";
import type { MarketEvent, SportsEvent, UserEvent } from "./streamtypes.js";

export type StreamChannel = "market" | "user" | "sports";

export interface StreamClientOptions extends Omit<StreamOptions, "from"> {
  /** The CLOB's REST base URL ("http://localhost:8080"): /ws/market and /ws/user. */
  clobUrl?: string;
  /** Gamma's REST base URL ("http://localhost:8081"): /ws/sports. */
  gammaUrl?: string;
}

type AnyStream = Stream<MarketEvent> | Stream<UserEvent> | Stream<SportsEvent>;
type StateListener = (channel: StreamChannel, state: StreamState, err?: Error) => void;

/**
 * StreamClient is the streams of both APIs for one page: each subscribe
 * opens its own stream (a connection kept and resumed on its own), and
 * onState tells one listener how each is doing, e.g. for a "reconnecting"
 * badge.
 */
export class StreamClient {
  private readonly streams = new Set<AnyStream>();
  private readonly listeners = new Set<StateListener>();

  constructor(private readonly o: StreamClientOptions) {}

  /** subscribeMarket streams the books, trades and status of tokens (and of markets' tokens). */
  subscribeMarket(
    tokenIds: string[],
    onEvent: (e: MarketEvent) => void,
    o: Omit<MarketStreamOptions, "baseUrl" | "assetIds"> = {},
  ): MarketStream {
    return this.keep("market", new MarketStream({ ...this.o, ...o, baseUrl: this.url("clobUrl"), assetIds: tokenIds }, onEvent));
  }

  /** subscribeUser streams the caller's orders, trades, balances and transfers (markets filters; empty: all). */
  subscribeUser(
    creds: ApiCreds,
    markets: string[],
    onEvent: (e: UserEvent) => void,
    o: Omit<UserStreamOptions, "baseUrl" | "creds" | "markets"> = {},
  ): UserStream {
    return this.keep("user", new UserStream({ ...this.o, ...o, baseUrl: this.url("clobUrl"), creds, markets }, onEvent));
  }

  /** subscribeSports streams every game's status and score. */
  subscribeSports(onEvent: (e: SportsEvent) => void, o: Omit<StreamOptions, "WebSocket"> = {}): SportsStream {
    return this.keep("sports", new SportsStream({ ...this.o, ...o, baseUrl: this.url("gammaUrl") }, onEvent));
  }

  /** onState tells cb of each state change of every stream made here; it returns the function that stops it. */
  onState(cb: StateListener): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** close closes every stream made here. */
  close(): void {
    for (const s of this.streams) s.close();
    this.streams.clear();
  }

  private keep<S extends AnyStream>(channel: StreamChannel, s: S): S {
    this.streams.add(s);
    s.onState((state, err) => {
      if (state === "closed") this.streams.delete(s);
      for (const cb of this.listeners) cb(channel, state, err);
    });
    return s;
  }

  private url(k: "clobUrl" | "gammaUrl"): string {
    const u = this.o[k];
    if (!u) throw new Error(`stream: this StreamClient has no ${k}`);
    return u;
  }
}
