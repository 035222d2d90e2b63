// Fixed-point amounts exactly as the Go SDK's package fixed computes them:
// 6 decimals, no rounding anywhere. An order whose size times price is
// not a whole number of base units is refused, never rounded.

/** Base units of one USDW or one share. */
export const ONE = 1_000_000n;
/** Decimal places of every amount and price. */
export const DECIMALS = 6;
/** A size is a whole number of lots: 0.01 share. */
export const LOT_UNITS = 10_000n;
/** The lowest and highest price an order may carry (0.01 and 0.99). */
export const PRICE_MIN = 10_000n;
export const PRICE_MAX = 990_000n;
/** The largest value a base-unit amount may hold (a Go uint64). */
const UINT64_MAX = (1n << 64n) - 1n;

/** A value the fixed-point rules refuse, with the reason the Go SDK gives. */
export class FixedError extends Error {
  override name = "FixedError";
}

const plainDecimal = /^[0-9]+(\.[0-9]+)?$/;
const exponent = /^[0-9.]*[0-9][0-9.]*[eE][+-]?[0-9]+$/;

/** parseUnits converts a decimal string ("12.5") to base units. */
export function parseUnits(s: string): bigint {
  if (s === "") throw new FixedError(`empty value: send a decimal string such as "12.5"`);
  if (s[0] === "+" || s[0] === "-") throw new FixedError(`signed value ${JSON.stringify(s)}: send an unsigned decimal`);
  if (!plainDecimal.test(s)) {
    if (exponent.test(s)) throw new FixedError(`exponent notation in ${JSON.stringify(s)}: write the number out in plain decimal`);
    throw new FixedError(`${JSON.stringify(s)} is not a plain decimal: use digits with at most one '.' and a digit on each side of it`);
  }
  const [whole = "", frac = ""] = s.split(".");
  if (frac.length > DECIMALS && !/^0*$/.test(frac.slice(DECIMALS))) {
    throw new FixedError(`${JSON.stringify(s)} has more than 6 decimal places: round it to at most 6 decimals`);
  }
  const v = BigInt(whole) * ONE + BigInt(frac.slice(0, DECIMALS).padEnd(DECIMALS, "0"));
  if (v > UINT64_MAX) throw new FixedError(`${JSON.stringify(s)} is too large: the maximum is 18446744073709.551615`);
  return v;
}

/** parsePrice is parseUnits that also refuses prices above 1. */
export function parsePrice(s: string): bigint {
  const v = parseUnits(s);
  if (v > ONE) throw new FixedError(`price ${s} is above 1: a price is USDW per share and lies between 0 and 1`);
  return v;
}

/** formatUnits renders base units as the shortest exact decimal ("12.5"). */
export function formatUnits(v: bigint): string {
  const whole = v / ONE;
  const frac = (v % ONE).toString().padStart(DECIMALS, "0").replace(/0+$/, "");
  return frac === "" ? whole.toString() : `${whole}.${frac}`;
}

export type Side = "BUY" | "SELL";

/** parseSide accepts exactly "BUY" and "SELL", as the Go SDK does. */
export function parseSide(s: string): Side {
  if (s === "BUY" || s === "SELL") return s;
  throw new FixedError(`invalid side ${JSON.stringify(s)}: use BUY or SELL`);
}

/**
 * orderAmounts returns the signed maker and taker amounts of an order for
 * size shares at price: a BUY gives size*price USDW for size shares, a SELL
 * gives size shares for size*price USDW. The product must be exact.
 */
export function orderAmounts(side: Side, price: bigint, size: bigint): { makerAmount: bigint; takerAmount: bigint } {
  if (size === 0n) throw new FixedError("zero size: an order must be for at least one lot (0.01 share)");
  if (size % LOT_UNITS !== 0n) throw new FixedError("size is not a whole number of lots: round the share amount to 2 decimals");
  if (price < PRICE_MIN || price > PRICE_MAX) throw new FixedError("price out of range: a price must be between 0.01 and 0.99 inclusive");
  const product = size * price;
  if (product % ONE !== 0n) {
    throw new FixedError("amounts do not imply an exact price: the collateral amount must equal size times price exactly, with no rounding");
  }
  const collateral = product / ONE;
  return side === "BUY" ? { makerAmount: collateral, takerAmount: size } : { makerAmount: size, takerAmount: collateral };
}
