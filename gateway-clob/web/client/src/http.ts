import { CODE_INTERNAL_ERROR, PredApiError, PredNoAnswerError } from "./errors.js";

/**
 * RateLimitPolicy says how a client waits out a 429: as long as its
 * Retry-After says (RETRY_AFTER_DEFAULT_MS without one), at most retries
 * times for one call, never a single wait longer than waitMaxMs (a longer
 * one is returned at once: the caller would rather know). A rate-limited
 * request did nothing on the server, so it is sent again, signed afresh.
 */
export interface RateLimitPolicy {
  retries: number;
  waitMaxMs: number;
  /** Told of each wait before it starts. */
  onWait?: (w: { method: string; path: string; retry: number; delayMs: number; message: string }) => void;
}

/** The wait when a 429 has no Retry-After. */
export const RETRY_AFTER_DEFAULT_MS = 1_000;
/** The default policy's retries of one call. */
export const RATE_LIMIT_RETRIES_DEFAULT = 3;
/** The default policy's longest single wait. */
export const RATE_LIMIT_WAIT_MAX_MS_DEFAULT = 10_000;

export const defaultRateLimitPolicy: RateLimitPolicy = {
  retries: RATE_LIMIT_RETRIES_DEFAULT,
  waitMaxMs: RATE_LIMIT_WAIT_MAX_MS_DEFAULT,
};

/** One API call. */
export interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Adds the auth headers; called for each attempt with the exact body sent. */
  sign?: (body: string) => Promise<Record<string, string>>;
  signal?: AbortSignal;
}

/** Transport is the shared plumbing of the three APIs' clients. */
export class Transport {
  constructor(
    readonly api: string,
    readonly baseUrl: string,
    readonly rateLimit: RateLimitPolicy = defaultRateLimitPolicy,
    private readonly fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  /** do sends the call, waits out 429s by the policy, and decodes the JSON answer. */
  async do<T>(c: Call): Promise<T> {
    const body = c.body === undefined ? "" : JSON.stringify(c.body);
    const url = this.baseUrl + c.path + queryString(c.query);
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { Accept: "application/json", ...(c.sign ? await c.sign(body) : {}) };
      if (body !== "") headers["Content-Type"] = "application/json";
      let res: Response;
      try {
        const init: RequestInit = { method: c.method, headers };
        if (body !== "") init.body = body;
        if (c.signal) init.signal = c.signal;
        res = await this.fetchFn(url, init);
      } catch (e) {
        throw new PredNoAnswerError(this.api, c.method, c.path, e);
      }
      const text = await res.text();
      if (res.ok) return (text === "" ? undefined : JSON.parse(text)) as T;
      const err = this.apiError(res, text);
      if (res.status !== 429 || !(await this.waitOut(c, attempt, err))) throw err;
    }
  }

  private apiError(res: Response, text: string): PredApiError {
    let code: string = CODE_INTERNAL_ERROR;
    let message = text;
    let orderId = "";
    try {
      const b = JSON.parse(text) as { error?: unknown; code?: unknown; orderID?: unknown };
      if (typeof b.code === "string" && b.code !== "") {
        code = b.code;
        message = typeof b.error === "string" ? b.error : "";
        orderId = typeof b.orderID === "string" ? b.orderID : "";
      }
    } catch {
      // Not an API error body (a proxy's page, say): the text is the message.
    }
    return new PredApiError(this.api, res.status, code, message, orderId, res.headers.get("X-Request-Id") ?? "", retryAfterMs(res.headers, Date.now()));
  }

  /** waitOut sleeps before retry attempt+1 and says whether to send the call again. */
  private async waitOut(c: Call, attempt: number, err: PredApiError): Promise<boolean> {
    const p = this.rateLimit;
    if (attempt >= p.retries) return false;
    const delayMs = err.retryAfterMs > 0 ? err.retryAfterMs : RETRY_AFTER_DEFAULT_MS;
    if (p.waitMaxMs > 0 && delayMs > p.waitMaxMs) return false;
    p.onWait?.({ method: c.method, path: c.path, retry: attempt + 1, delayMs, message: err.message });
    return sleep(delayMs, c.signal);
  }
}

/**
 * retryAfterMs reads Retry-After in either form: seconds, or an HTTP date
 * counted from the answer's Date (the server's clock) or from now. 0 when
 * absent, unreadable or past.
 */
export function retryAfterMs(h: Headers, nowMs: number): number {
  const s = h.get("Retry-After");
  if (s === null || s === "") return 0;
  if (/^[0-9]+$/.test(s.trim())) return Number(s.trim()) * 1000;
  const at = Date.parse(s);
  if (Number.isNaN(at)) return 0;
  const date = Date.parse(h.get("Date") ?? "");
  return Math.max(at - (Number.isNaN(date) ? nowMs : date), 0);
}

function queryString(q?: Record<string, string | undefined>): string {
  if (!q) return "";
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") p.set(k, v);
  const s = p.toString();
  return s === "" ? "" : "?" + s;
}

function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const t = setTimeout(() => resolve(true), ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      resolve(false);
    });
  });
}
