/**
 * PredApiError is an error answer of an API: its HTTP status and the
 * stable code (proto/errcode: "INVALID_ORDER_MIN_TICK_SIZE",
 * "RATE_LIMITED", ...), which is what callers branch on; the message is
 * for people.
 */
export class PredApiError extends Error {
  override name = "PredApiError";
  constructor(
    /** "clob", "gamma" or "relayer". */
    readonly api: string,
    readonly status: number,
    /** The stable code; INTERNAL_ERROR when the body was not an API error body. */
    readonly code: string,
    message: string,
    /** The CLOB's: set on a 503 whose order is (or may be) in the log. */
    readonly orderId = "",
    /** X-Request-Id, the one to quote when reporting an INTERNAL_ERROR. */
    readonly requestId = "",
    /** The server's Retry-After in milliseconds, 0 without one. */
    readonly retryAfterMs = 0,
  ) {
    super(`${api}: ${status} ${code}: ${message}`);
  }
}

/**
 * PredNoAnswerError: the request got no answer (a refused connection, a
 * reset, a timeout). Whether a write reached the server is unknown.
 */
export class PredNoAnswerError extends Error {
  override name = "PredNoAnswerError";
  constructor(
    readonly api: string,
    readonly method: string,
    readonly path: string,
    override readonly cause: unknown,
  ) {
    super(`${api}: ${method} ${path}: no answer: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The code of an error answer whose body is not an API error body. */
export const CODE_INTERNAL_ERROR = "INTERNAL_ERROR";
/** The code of a 429. */
export const CODE_RATE_LIMITED = "RATE_LIMITED";
