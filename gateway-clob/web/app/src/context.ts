import type { AccountStore } from "./account.js";
import type { Exchange } from "./exchange.js";

/** What every page gets: the exchange and the account. */
export interface Ctx {
  x: Exchange;
  account: AccountStore;
}

/** A page renders into root and returns what stops its timers and streams. */
export type Page = (ctx: Ctx, root: HTMLElement, arg: string) => () => void;
