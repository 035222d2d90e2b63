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


/**
 * ERROR_CODES are the CLOB API's stable codes, as its OpenAPI document
 * lists them (test/types.test.ts holds the two equal). PredApiError.code
 * stays a string: a newer server may send a code this list lacks.
 */
export const ERROR_CODES = [
  "API_KEY_REVOKED",
  "DUPLICATE_HEADER",
  "DUPLICATE_PARAMETER",
  "FAK_ORDER_NOT_FILLED_ERROR",
  "FOK_ORDER_NOT_FILLED_ERROR",
  "INVALID_ADDRESS",
  "INVALID_AMOUNT",
  "INVALID_BODY_FRAMING",
  "INVALID_COMMAND",
  "INVALID_CURSOR",
  "INVALID_HEADER",
  "INVALID_MARKET_ID",
  "INVALID_ORDER_ACCOUNT_IN_DEBT",
  "INVALID_ORDER_AMOUNTS",
  "INVALID_ORDER_COLLATERAL_NOT_APPROVED",
  "INVALID_ORDER_DUPLICATED",
  "INVALID_ORDER_EXPIRATION",
  "INVALID_ORDER_FEE_RATE_TOO_HIGH",
  "INVALID_ORDER_FEE_RATE_TOO_LOW",
  "INVALID_ORDER_GROUP",
  "INVALID_ORDER_ID",
  "INVALID_ORDER_MAKER",
  "INVALID_ORDER_MAX_SIZE",
  "INVALID_ORDER_MIN_SIZE",
  "INVALID_ORDER_MIN_TICK_SIZE",
  "INVALID_ORDER_NOT_A_DECREASE",
  "INVALID_ORDER_NOT_ENOUGH_BALANCE",
  "INVALID_ORDER_OWNER",
  "INVALID_ORDER_PAYLOAD",
  "INVALID_ORDER_PRICE",
  "INVALID_ORDER_SELF_TRADE",
  "INVALID_ORDER_SHARES_NOT_APPROVED",
  "INVALID_ORDER_SIDE",
  "INVALID_ORDER_SIGNER",
  "INVALID_ORDER_TAKER",
  "INVALID_ORDER_TYPE",
  "INVALID_PARAMETER",
  "INVALID_PAYLOAD",
  "INVALID_POST_ONLY_ORDER",
  "INVALID_POST_ONLY_ORDER_TYPE",
  "INVALID_SIDE",
  "INVALID_SIGNATURE",
  "INVALID_SIGNATURE_TYPE",
  "INVALID_TOKEN_ID",
  "MAKER_WALLET_NOT_DEPLOYED",
  "MALFORMED_REQUEST",
  "MALFORMED_URL",
  "MARKET_NOT_READY",
  "TOO_MANY_ORDERS",
  "TOO_MANY_ORDER_GROUPS",
  "TOO_MANY_TOKEN_IDS",
  "INVALID_API_KEY",
  "INVALID_L1_HEADERS",
  "INVALID_L1_SIGNATURE",
  "INVALID_L2_HEADERS",
  "INVALID_L2_SIGNATURE",
  "L1_NONCE_ALREADY_USED",
  "SCOPE_MISMATCH",
  "TIMESTAMP_OUT_OF_WINDOW",
  "UNAUTHORIZED",
  "API_KEY_NOT_FOUND",
  "FAUCET_DISABLED",
  "MARKET_NOT_FOUND",
  "NOT_FOUND",
  "ORDER_GROUP_NOT_FOUND",
  "ORDER_NOT_FOUND",
  "PRICE_NOT_AVAILABLE",
  "TOKEN_NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "API_KEY_LIMIT_REACHED",
  "ORDER_GROUP_LIMIT_REACHED",
  "PAYLOAD_TOO_LARGE",
  "STREAM_UPGRADE_REQUIRED",
  "RATE_LIMITED",
  "STREAM_TOO_MANY_CONNECTIONS",
  "HEADER_TOO_LARGE",
  "INTERNAL_ERROR",
  "CHAIN_UNAVAILABLE",
  "COMMAND_OUTCOME_UNKNOWN",
  "ENGINE_TIMEOUT",
  "ENGINE_UNAVAILABLE",
  "OVERLOADED",
  "SETTLER_UNAVAILABLE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * BALANCER_CODES are the codes a deployment's load balancer answers with
 * when no API replica could (DEPLOY.md), in the APIs' JSON error body: a
 * 503 NO_REPLICA_AVAILABLE reached no replica, so a call may be sent
 * again; after a 502 REPLICA_CONNECTION_FAILED or a 504 REPLICA_TIMEOUT
 * the outcome is unknown (for an order, ask for it by id before sending
 * it again). No API replica sends them, so the OpenAPI documents do not
 * list them (scripts/errcodes_test.go holds this list to proto/errcode).
 */
export const BALANCER_CODES = ["NO_REPLICA_AVAILABLE", "REPLICA_CONNECTION_FAILED", "REPLICA_TIMEOUT"] as const;
export type BalancerCode = (typeof BALANCER_CODES)[number];

/** The code of an error answer whose body is not an API error body. */
export const CODE_INTERNAL_ERROR: ErrorCode = "INTERNAL_ERROR";
/** The code of a 429. */
export const CODE_RATE_LIMITED: ErrorCode = "RATE_LIMITED";
