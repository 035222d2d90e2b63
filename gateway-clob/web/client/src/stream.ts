// The exchange's WebSocket streams, as the AsyncAPI documents describe
// them and the Go SDK (proto/client/stream) reads them: a stream keeps
// its connection, pings, and when the connection drops or goes quiet it
// dials again after a back-off and resumes from the last position whose
// frame it processed, so the events it delivers are those of one
// connection that never dropped (nothing twice, nothing lost) as far as
// the server's log reaches; beyond, the server sends a gap and new
// snapshots, which the stream delivers too.

/** The default keep-alive: the stream pings every PING_INTERVAL_MS_DEFAULT. */
export const PING_INTERVAL_MS_DEFAULT = 10_000;
/** A connection silent for IDLE_TIMEOUT_MS_DEFAULT (three of the server's pings) is dropped and dialled again. */
export const IDLE_TIMEOUT_MS_DEFAULT = 30_000;
/** The wait before a reconnection doubles from BACKOFF_MIN_MS_DEFAULT up to BACKOFF_MAX_MS_DEFAULT. */
export const BACKOFF_MIN_MS_DEFAULT = 250;
export const BACKOFF_MAX_MS_DEFAULT = 10_000;
/** A connection that does not open within CONNECT_TIMEOUT_MS_DEFAULT is dropped and dialled again. */
export const CONNECT_TIMEOUT_MS_DEFAULT = 30_000;

/** The close code of a policy violation, and the codes of one a new connection cures. */
const CLOSE_POLICY_VIOLATION = 1008;
const TRANSIENT_CODES = ["STREAM_SLOW_CONSUMER", "STREAM_POSITION_AHEAD", "STREAM_PONG_TIMEOUT", "STREAM_AUTH_TIMEOUT", "STREAM_SHUTTING_DOWN"];

/** connecting (first dial), connected, reconnecting (after a drop), failed (final: see lastError), closed (by close()). */
export type StreamState = "connecting" | "connected" | "reconnecting" | "failed" | "closed";

export interface StreamStatus {
  state: StreamState;
  /** The last position whose frame was processed; undefined before any. */
  position: number | undefined;
  /** Successful connections, the first included. */
  connects: number;
  gaps: number;
  hashMismatches: number;
  /** Why the last connection ended (or the stream failed). */
  lastError: Error | undefined;
}

/** The WebSocket this package needs: the browser's, node's global, or any with the same API. */
export type WebSocketConstructor = new (url: string) => WebSocket;

export interface StreamOptions {
  /** The WebSocket class; globalThis.WebSocket by default (node 20 needs --experimental-websocket). */
  WebSocket?: WebSocketConstructor;
  /** Start after a position processed before (an earlier stream's status().position): no snapshot. */
  from?: number;
  pingIntervalMs?: number;
  idleTimeoutMs?: number;
  connectTimeoutMs?: number;
  backoffMinMs?: number;
  backoffMaxMs?: number;
}

/** StreamFinalError ends a stream: the server refused it in a way a new connection would not change. */
export class StreamFinalError extends Error {
  override name = "StreamFinalError";
  constructor(
    message: string,
    /** The close frame's code, or 0 when the client gave up by itself. */
    readonly closeCode: number,
    /** The stable code: the close reason's ("INVALID_API_KEY: ...") or the client's own. */
    readonly code: string,
  ) {
    super(message);
  }
}

/** StreamClosedError: why a connection ended that the stream dials again after. */
export class StreamClosedError extends Error {
  override name = "StreamClosedError";
  constructor(
    readonly closeCode: number,
    readonly reason: string,
  ) {
    super(`stream: connection closed: ${closeCode} ${reason}`);
  }
}

/** A decoded message: every message of the streams has a type, most a position. */
export interface RawMessage {
  type: string;
  position?: number;
  [k: string]: unknown;
}

/** What one frame gave: the events to deliver, their position, and requests to send. */
export interface FrameResult<E> {
  events: E[];
  position?: number;
  send: object[];
}

/**
 * Stream is one channel's connection, kept until close(). Subclasses say
 * where to dial, what to send first and how to read a frame.
 */
export abstract class Stream<E> {
  protected readonly opts: Required<Omit<StreamOptions, "from" | "WebSocket">>;
  private readonly WS: WebSocketConstructor;
  private ws: WebSocket | undefined;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private backoffMs: number;
  /** Counts dials and drops: a dial whose prepare outlived a drop or a newer dial does not open. */
  private generation = 0;
  private readonly stateListeners = new Set<(s: StreamState, err?: Error) => void>();
  protected readonly st: StreamStatus;

  constructor(
    o: StreamOptions,
    private readonly onEvent: (e: E) => void,
  ) {
    const WS = o.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!WS) throw new Error("stream: no WebSocket: pass the WebSocket option (node 20: run with --experimental-websocket)");
    this.WS = WS;
    this.opts = {
      pingIntervalMs: o.pingIntervalMs ?? PING_INTERVAL_MS_DEFAULT,
      idleTimeoutMs: o.idleTimeoutMs ?? IDLE_TIMEOUT_MS_DEFAULT,
      connectTimeoutMs: o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS_DEFAULT,
      backoffMinMs: o.backoffMinMs ?? BACKOFF_MIN_MS_DEFAULT,
      backoffMaxMs: o.backoffMaxMs ?? BACKOFF_MAX_MS_DEFAULT,
    };
    this.backoffMs = this.opts.backoffMinMs;
    this.st = { state: "connecting", position: o.from, connects: 0, gaps: 0, hashMismatches: 0, lastError: undefined };
  }

  /** The WebSocket URL, resuming after from if set. */
  protected abstract url(from: number | undefined): string;
  /** What to send once connected. */
  protected abstract hello(from: number | undefined): object[];
  /** prepare runs before each dial (the user channel signs its credentials). */
  protected prepare(): Promise<void> | void {}
  /** frame reads one frame's messages and applies them to the stream's state; a throw is final. */
  protected abstract frame(msgs: RawMessage[]): FrameResult<E>;

  /** status is the stream's state, position and counters. */
  status(): StreamStatus {
    return { ...this.st };
  }

  /** onState tells cb of each state change; it returns the function that stops it. */
  onState(cb: (s: StreamState, err?: Error) => void): () => void {
    this.stateListeners.add(cb);
    return () => this.stateListeners.delete(cb);
  }

  /** close ends the stream for good. */
  close(): void {
    if (this.st.state === "closed" || this.st.state === "failed") return;
    this.drop();
    this.setState("closed");
  }

  /**
   * reconnect drops the connection and dials again at once, resuming from
   * the last position: for a page that knows the network changed (the
   * browser's online event) before the idle timeout would tell.
   */
  reconnect(): void {
    if (this.st.state === "closed" || this.st.state === "failed") return;
    this.drop();
    this.backoffMs = this.opts.backoffMinMs;
    this.setState("reconnecting");
    this.dial();
  }

  /** send writes a request on the open connection; one sent while down goes with the next hello. */
  protected send(req: object): void {
    if (this.ws?.readyState === 1) this.ws.send(JSON.stringify(req));
  }

  /** start dials the first connection: subclasses call it at the end of their constructor. */
  protected start(): void {
    this.dial();
  }

  private dial(): void {
    this.retry = undefined;
    const gen = ++this.generation;
    Promise.resolve(this.prepare()).then(
      () => {
        if (gen === this.generation && this.st.state !== "closed" && this.st.state !== "failed") this.open();
      },
      (e: unknown) => this.fail(new StreamFinalError(`stream: ${e instanceof Error ? e.message : String(e)}`, 0, "STREAM_CREDENTIALS")),
    );
  }

  private open(): void {
    const from = this.st.position;
    let ws: WebSocket;
    try {
      ws = new this.WS(this.url(from));
    } catch (e) {
      this.fail(new StreamFinalError(`stream: cannot dial: ${String(e)}`, 0, "STREAM_INVALID_URL"));
      return;
    }
    this.ws = ws;
    let served = false;
    this.arm(this.opts.connectTimeoutMs);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.st.connects++;
      this.setState("connected");
      this.arm(this.opts.idleTimeoutMs);
      for (const r of this.hello(from)) ws.send(JSON.stringify(r));
      this.pinger = setInterval(() => this.send({ type: "ping" }), this.opts.pingIntervalMs);
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (this.ws !== ws) return;
      served = true;
      this.arm(this.opts.idleTimeoutMs);
      this.onFrame(ev.data);
    };
    // An error is always followed by close, which handles it.
    ws.onerror = () => undefined;
    ws.onclose = (ev: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ended(new StreamClosedError(ev.code, ev.reason), served);
    };
  }

  /** onFrame decodes a frame: a JSON array of one position's messages, or one control message. */
  private onFrame(data: unknown): void {
    let res: FrameResult<E>;
    try {
      if (typeof data !== "string") throw new Error("stream: a binary frame");
      const parsed: unknown = JSON.parse(data);
      const msgs = (Array.isArray(parsed) ? parsed : [parsed]) as RawMessage[];
      res = this.frame(msgs);
    } catch (e) {
      if (e instanceof StreamFinalError) return this.fail(e);
      // A frame this client cannot read: the next connection resumes before it.
      return this.ended(e instanceof Error ? e : new Error(String(e)), true);
    }
    for (const r of res.send) this.send(r);
    for (const ev of res.events) {
      try {
        this.onEvent(ev);
      } catch (e) {
        // The caller's fault must not stop the stream: report it as uncaught.
        setTimeout(() => {
          throw e;
        });
      }
    }
    if (res.position !== undefined && (this.st.position === undefined || res.position > this.st.position)) this.st.position = res.position;
  }

  /** ended handles a connection that ended: final, or dial again after the back-off. */
  private ended(err: Error, served: boolean): void {
    this.drop();
    this.st.lastError = err;
    if (err instanceof StreamClosedError && err.closeCode === CLOSE_POLICY_VIOLATION) {
      const code = err.reason.split(":")[0] ?? "";
      if (!TRANSIENT_CODES.includes(code)) return this.fail(new StreamFinalError(`stream: closed by the server: ${err.reason}`, err.closeCode, code));
    }
    if (served) this.backoffMs = this.opts.backoffMinMs;
    // Jitter spreads the reconnections of many clients after a server restart.
    const delay = this.backoffMs / 2 + Math.random() * (this.backoffMs / 2);
    this.backoffMs = Math.min(2 * this.backoffMs, this.opts.backoffMaxMs);
    this.setState("reconnecting", err);
    this.retry = setTimeout(() => this.dial(), delay);
  }

  private fail(err: StreamFinalError): void {
    this.drop();
    this.st.lastError = err;
    this.setState("failed", err);
  }

  /** arm (re)starts the timer that drops a connection silent for ms. */
  private arm(ms: number): void {
    const ws = this.ws;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.ws === ws) this.ended(new Error(`stream: no frame in ${ms} ms`), false);
    }, ms);
  }

  /** drop forgets the connection and its timers. */
  private drop(): void {
    this.generation++;
    clearTimeout(this.idle);
    clearInterval(this.pinger);
    clearTimeout(this.retry);
    this.idle = this.pinger = this.retry = undefined;
    const ws = this.ws;
    this.ws = undefined;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = null;
      // Closing a socket still connecting reports an error; it is dropped on purpose.
      ws.onerror = () => undefined;
      try {
        ws.close();
      } catch {
        // Closing a socket that never opened may throw; it is dropped either way.
      }
    }
  }

  private setState(s: StreamState, err?: Error): void {
    this.st.state = s;
    for (const cb of this.stateListeners) cb(s, err);
  }
}

/** wsUrl turns an API's base URL (http or https) into its WebSocket URL of path. */
export function wsUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, "").replace(/^http/, "ws") + path;
}
