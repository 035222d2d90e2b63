import type { Address, Hex } from "viem";

import { l1Headers, l2Headers, newL1Nonce, unixSeconds, type ApiCreds, type AuthHeaders } from "./auth.js";
import { PredApiError, type ErrorCode } from "./errors.js";
import { defaultRateLimitPolicy, Transport, type Call, type RateLimitPolicy } from "./http.js";
import { parseUnits } from "./fixed.js";
import { buildOrder, SignatureType, type ChainConfig, type OrderArgs, type PostOrderRequest } from "./order.js";
import type { RelayerClient } from "./relayer.js";
import type { SubmitResponse } from "./relayertypes.js";
import { safeTransferFrom, transfer, unwrapTo, type SafeChain, type WalletCall } from "./safe.js";
import type { Signer } from "./signer.js";
import type {
  AccountTransaction,
  BalanceAllowance,
  CancelResponse,
  DecreaseOrderRequest,
  DecreaseOrderResponse,
  FaucetResponse,
  FeeRate,
  HeartbeatResponse,
  LastTradePrice,
  Market,
  OpenOrder,
  OrderBookSummary,
  OrderGroup,
  OrderGroupDeleted,
  OrderGroupRequest,
  OrderResponse,
  Page,
  PriceHistory,
  PriceInterval,
  Prices,
  QueuePosition,
  ReplaceOrderRequest,
  ReplaceOrderResponse,
  Trade,
  WithdrawRequest,
  WithdrawResponse,
} from "./types.js";
import { proxyAddress } from "./wallet.js";

/** The code DeriveApiKey answers when the wallet has no key yet. */
const CODE_API_KEY_NOT_FOUND: ErrorCode = "API_KEY_NOT_FOUND";
/** The code of an L1 nonce the server has seen. */
const CODE_L1_NONCE_USED: ErrorCode = "L1_NONCE_ALREADY_USED";
/** How often an L1 call is signed again after L1_NONCE_USED (only a broken random source causes it). */
const L1_RESIGNS_MAX = 3;

export interface ClobClientOptions {
  /** "http://localhost:8080". */
  baseUrl: string;
  /** The wallet that signs L1 headers and orders. */
  signer?: Signer;
  /** The chain and exchanges of the order domain (Gamma's GET /public-info). */
  chain?: ChainConfig;
  /** Orders name the signer's proxy wallet as maker (signatureType 2). */
  proxyWallet?: { factory: Address; initCodeHash: Hex };
  creds?: ApiCreds;
  /** PRED_SCOPE_ID of a whitelabel tenant. */
  scopeId?: string;
  rateLimit?: RateLimitPolicy;
  fetch?: typeof fetch;
  /** The clock of auth timestamps, in milliseconds (Date.now). */
  now?: () => number;
}

export interface PageParams {
  cursor?: string;
  limit?: number;
}

export interface OrderParams extends PageParams {
  market?: string;
  assetId?: string;
  /** GET /orders lists open orders only unless this is set. */
  includeClosed?: boolean;
}

export interface TradeParams extends PageParams {
  market?: string;
  assetId?: string;
  /** Unix seconds. */
  before?: number;
  after?: number;
}

export interface PriceHistoryParams {
  tokenId: string;
  /** An interval, or startTs and endTs. */
  interval?: PriceInterval;
  startTs?: number;
  endTs?: number;
  /** Minutes per point. */
  fidelity?: number;
}

export interface WithdrawParams {
  /** The relayer that relays the wallet's transfer (authenticated). */
  relayer: RelayerClient;
  chain: SafeChain;
  /** A decimal: USDW, or shares of tokenId. */
  amount: string;
  /** Withdraw shares of this token instead of USDW. */
  tokenId?: string;
  /** Who receives the funds; the signer's own address by default. */
  to?: Address;
  /** Send USDW itself instead of unwrapping it into the stablecoin (the default, as pred withdraw). */
  keepUsdw?: boolean;
  /** The reservation's id (0x + 64 hex digits): a retry with it reserves nothing more. Random by default. */
  id?: Hex;
}

/** A withdrawal under way: the reservation, and the relayed transfer to wait for (RelayerClient.waitMined). */
export interface Withdrawal {
  reservation: WithdrawResponse;
  to: Address;
  transfer: SubmitResponse;
}

type Level = "public" | "l1" | "l2";

/**
 * ClobClient is the CLOB API at three levels, as the Go SDK: public market
 * data with a base URL alone; API keys (L1) and order signing with a
 * signer and chain; trading and the account (L2) with credentials.
 */
export class ClobClient {
  private readonly rest: Transport;
  private readonly signer?: Signer;
  private readonly chain?: ChainConfig;
  private readonly scopeId: string;
  private readonly now: () => number;
  private readonly signatureType: SignatureType;
  /** The maker of this client's orders: the signer, or its proxy wallet. */
  readonly funder?: Address;
  private creds?: ApiCreds;

  constructor(o: ClobClientOptions) {
    this.rest = new Transport("clob", o.baseUrl, o.rateLimit ?? defaultRateLimitPolicy, o.fetch);
    this.scopeId = o.scopeId ?? "";
    this.now = o.now ?? Date.now;
    if (o.signer) this.signer = o.signer;
    if (o.chain) this.chain = o.chain;
    if (o.creds) this.creds = o.creds;
    this.signatureType = o.proxyWallet ? SignatureType.PolyGnosisSafe : SignatureType.EOA;
    if (o.signer) {
      this.funder = o.proxyWallet
        ? proxyAddress(o.proxyWallet.factory, o.proxyWallet.initCodeHash, o.signer.address)
        : o.signer.address;
    }
  }

  /** setCreds sets the L2 credentials, e.g. from createOrDeriveApiKey. */
  setCreds(c: ApiCreds): void {
    this.creds = c;
  }

  getCreds(): ApiCreds | undefined {
    return this.creds;
  }

  // --- service and market data (public)

  /** Server time in Unix seconds. */
  time(): Promise<number> {
    return this.call("public", { method: "GET", path: "/time" });
  }

  getMarkets(p: PageParams = {}): Promise<Page<Market>> {
    return this.call("public", { method: "GET", path: "/markets", query: pageQuery(p) });
  }

  getMarket(conditionId: string): Promise<Market> {
    return this.call("public", { method: "GET", path: `/markets/${conditionId}` });
  }

  getBook(tokenId: string): Promise<OrderBookSummary> {
    return this.call("public", { method: "GET", path: "/book", query: { token_id: tokenId } });
  }

  getBooks(tokenIds: string[]): Promise<OrderBookSummary[]> {
    return this.call("public", { method: "POST", path: "/books", body: tokenIds.map((token_id) => ({ token_id })) });
  }

  /** The best price a side would trade at: BUY is the best ask. */
  async getPrice(tokenId: string, side: "BUY" | "SELL"): Promise<string> {
    const r = await this.call<{ price: string }>("public", { method: "GET", path: "/price", query: { token_id: tokenId, side } });
    return r.price;
  }

  getPrices(tokenIds: string[]): Promise<Prices> {
    return this.call("public", { method: "GET", path: "/prices", query: { token_ids: tokenIds.join(",") } });
  }

  async getMidpoint(tokenId: string): Promise<string> {
    const r = await this.call<{ mid: string }>("public", { method: "GET", path: "/midpoint", query: { token_id: tokenId } });
    return r.mid;
  }

  getLastTradePrice(tokenId: string): Promise<LastTradePrice> {
    return this.call("public", { method: "GET", path: "/last-trade-price", query: { token_id: tokenId } });
  }

  /** getPricesHistory is GET /prices-history (the name the API's path gives it). */
  getPricesHistory(p: PriceHistoryParams): Promise<PriceHistory> {
    return this.getPriceHistory(p);
  }

  getPriceHistory(p: PriceHistoryParams): Promise<PriceHistory> {
    const q: Record<string, string | undefined> = { market: p.tokenId, interval: p.interval };
    if (!p.interval) {
      q["startTs"] = String(p.startTs ?? 0);
      q["endTs"] = String(p.endTs ?? 0);
    }
    if (p.fidelity) q["fidelity"] = String(p.fidelity);
    return this.call("public", { method: "GET", path: "/prices-history", query: q });
  }

  async getTickSize(tokenId: string): Promise<string> {
    const r = await this.call<{ minimum_tick_size: number }>("public", { method: "GET", path: `/tick-size/${tokenId}` });
    return String(r.minimum_tick_size);
  }

  async getFeeRate(tokenId: string): Promise<number> {
    const r = await this.call<FeeRate>("public", { method: "GET", path: `/fee-rate/${tokenId}` });
    return r.feeRateBps;
  }

  /** faucet credits devnet USDW (a decimal string) to an address: devnets only. */
  faucet(address: Address, amount: string): Promise<FaucetResponse> {
    return this.call("public", { method: "POST", path: "/faucet", body: { address, amount } });
  }

  // --- API keys (L1)

  createApiKey(): Promise<ApiCreds> {
    return this.call("l1", { method: "POST", path: "/auth/api-key" });
  }

  /** deriveApiKey returns the wallet's newest key, or the named one. */
  deriveApiKey(apiKey?: string): Promise<ApiCreds> {
    return this.call("l1", { method: "GET", path: "/auth/derive-api-key", query: { api_key: apiKey } });
  }

  /** createOrDeriveApiKey derives the wallet's key, creating one when it has none, and keeps it. */
  async createOrDeriveApiKey(): Promise<ApiCreds> {
    let c: ApiCreds;
    try {
      c = await this.deriveApiKey();
    } catch (e) {
      if (!(e instanceof PredApiError) || e.code !== CODE_API_KEY_NOT_FOUND) throw e;
      c = await this.createApiKey();
    }
    this.setCreds(c);
    return c;
  }

  // --- orders (L2)

  /** buildOrder signs an order for this client's wallet and key; see the function buildOrder. */
  buildOrder(a: OrderArgs): Promise<{ request: PostOrderRequest; orderId: Hex }> {
    if (!this.signer || !this.chain || !this.funder) throw new Error("clob: signing an order needs a signer and a chain");
    if (!this.creds) throw new Error("clob: signing an order needs API credentials (createOrDeriveApiKey)");
    const who = { signer: this.signer, funder: this.funder, signatureType: this.signatureType, scopeId: this.scopeId, apiKey: this.creds.apiKey };
    return buildOrder(this.chain, who, a);
  }

  postOrder(req: PostOrderRequest): Promise<OrderResponse> {
    return this.call("l2", { method: "POST", path: "/order", body: req });
  }

  /** createAndPostOrder signs and sends an order once. */
  async createAndPostOrder(a: OrderArgs): Promise<OrderResponse> {
    return this.postOrder((await this.buildOrder(a)).request);
  }

  cancelOrder(orderId: string): Promise<CancelResponse> {
    return this.call("l2", { method: "DELETE", path: "/order", body: { orderID: orderId } });
  }

  cancelOrders(orderIds: string[]): Promise<CancelResponse> {
    return this.call("l2", { method: "DELETE", path: "/orders", body: orderIds });
  }

  cancelAll(): Promise<CancelResponse> {
    return this.call("l2", { method: "DELETE", path: "/cancel-all" });
  }

  getOrder(orderId: string): Promise<OpenOrder> {
    return this.call("l2", { method: "GET", path: `/order/${orderId}` });
  }

  // --- market makers' tools (L2)

  /**
   * replaceOrder cancels the live order orderId and places the signed order
   * req in one command, both or neither; a refusal leaves the old order.
   */
  replaceOrder(orderId: string, req: PostOrderRequest): Promise<ReplaceOrderResponse> {
    const body: ReplaceOrderRequest = { orderID: orderId, ...req };
    return this.call("l2", { method: "POST", path: "/order/replace", body });
  }

  /** replaceOrders sends up to 15 replaces, each atomic on its own; each answer says whether its replace happened. */
  replaceOrders(reqs: ReplaceOrderRequest[]): Promise<ReplaceOrderResponse[]> {
    return this.call("l2", { method: "POST", path: "/orders/replace", body: reqs });
  }

  /** decreaseOrder lowers a live order's remaining size in place (reduceBy or reduceTo, exactly one), keeping its queue position. */
  decreaseOrder(req: DecreaseOrderRequest): Promise<DecreaseOrderResponse> {
    return this.call("l2", { method: "POST", path: "/order/decrease", body: req });
  }

  /** queuePosition: the shares ahead of one of the caller's live orders at its price, and the level's total. */
  queuePosition(orderId: string): Promise<QueuePosition> {
    return this.call("l2", { method: "GET", path: `/order/${orderId}/queue-position` });
  }

  /**
   * setOrderGroup creates or updates an order group of this client's maker
   * wallet: when its orders fill limit shares within windowSec seconds
   * (1 to 60; absent for 15), they are all cancelled and the group takes no
   * orders until resetOrderGroup.
   */
  setOrderGroup(id: number, limit: string, windowSec?: number): Promise<OrderGroup> {
    const body: OrderGroupRequest = { limit };
    if (windowSec) body.windowSec = windowSec;
    return this.call("l2", { method: "PUT", path: `/order-groups/${id}`, query: { signature_type: String(this.signatureType) }, body });
  }

  /** resetOrderGroup re-arms a group whose fills reached its limit. */
  resetOrderGroup(id: number): Promise<OrderGroup> {
    return this.call("l2", { method: "POST", path: `/order-groups/${id}/reset`, query: { signature_type: String(this.signatureType) } });
  }

  /**
   * deleteOrderGroup cancels every live order of a group and removes it:
   * its place among the wallet's 32 groups is free and its id can be set
   * again, fresh. An unknown group is ORDER_GROUP_NOT_FOUND (404).
   */
  deleteOrderGroup(id: number): Promise<OrderGroupDeleted> {
    return this.call("l2", { method: "DELETE", path: `/order-groups/${id}`, query: { signature_type: String(this.signatureType) } });
  }

  /** getOrderGroups lists the maker wallet's order groups, oldest first. */
  getOrderGroups(): Promise<OrderGroup[]> {
    return this.call("l2", { method: "GET", path: "/order-groups", query: { signature_type: String(this.signatureType) } });
  }

  /** getOrders lists the caller's open orders (all with includeClosed). */
  getOrders(p: OrderParams = {}): Promise<Page<OpenOrder>> {
    const q = { ...pageQuery(p), market: p.market, asset_id: p.assetId, signature_type: String(this.signatureType) };
    return this.call("l2", { method: "GET", path: "/orders", query: p.includeClosed ? { ...q, open_only: "false" } : q });
  }

  getTrades(p: TradeParams = {}): Promise<Page<Trade>> {
    const q = { ...tradeQuery(p), signature_type: String(this.signatureType) };
    return this.call("l2", { method: "GET", path: "/trades", query: q });
  }

  /** getAllTrades lists every trade of the exchange, newest first, from the taker's side (public; owners omitted). */
  getAllTrades(p: TradeParams = {}): Promise<Page<Trade>> {
    return this.call("public", { method: "GET", path: "/all-trades", query: tradeQuery(p) });
  }

  /** getTransactions lists the wallet's deposits, withdrawals, faucet credits and payouts, newest first. */
  getTransactions(p: PageParams = {}): Promise<Page<AccountTransaction>> {
    return this.call("l2", { method: "GET", path: "/transactions", query: { ...pageQuery(p), signature_type: String(this.signatureType) } });
  }

  /** getBalanceAllowance: USDW without a token id, else the token's shares. */
  getBalanceAllowance(tokenId?: string): Promise<BalanceAllowance> {
    const q = tokenId
      ? { asset_type: "CONDITIONAL", asset_id: tokenId }
      : { asset_type: "COLLATERAL" };
    return this.call("l2", { method: "GET", path: "/balance-allowance", query: { ...q, signature_type: String(this.signatureType) } });
  }

  /**
   * reserveWithdrawal takes amount (USDW, or shares of tokenId) out of the
   * proxy wallet's available balance for a withdrawal (POST /withdraw).
   * The wallet's transfer must be relayed after it: withdraw does both.
   */
  reserveWithdrawal(amount: string, tokenId?: string, id?: Hex): Promise<WithdrawResponse> {
    const body: WithdrawRequest = { amount };
    if (tokenId) body.token_id = tokenId;
    if (id) body.id = id;
    return this.call("l2", { method: "POST", path: "/withdraw", body });
  }

  /**
   * withdraw does what `pred withdraw` does: it reserves the amount in the
   * exchange, then has the relayer execute the wallet's transfer, signed by
   * this client's signer: USDW unwrapped into the stablecoin for p.to (or
   * sent as USDW with keepUsdw), or the conditional tokens' transfer of
   * shares. Wait for the transfer with p.relayer.waitMined; a reservation
   * whose transfer failed stays reserved until a transfer out is relayed.
   */
  async withdraw(p: WithdrawParams): Promise<Withdrawal> {
    if (!this.signer || !this.funder) throw new Error("clob: a withdrawal needs a signer");
    if (p.tokenId && p.keepUsdw) throw new Error("clob: keepUsdw is for USDW; shares are transferred as they are");
    const units = parseUnits(p.amount);
    const to = p.to ?? this.signer.address;
    const reservation = await this.reserveWithdrawal(p.amount, p.tokenId, p.id ?? randomId());
    let call: WalletCall;
    if (p.tokenId) call = safeTransferFrom(p.chain.conditionalTokens, this.funder, to, BigInt(p.tokenId), units);
    else if (p.keepUsdw) call = transfer(p.chain.collateral, to, units);
    else call = unwrapTo(p.chain.collateral, to, units);
    const submitted = await p.relayer.execute(this.signer, p.chain, this.funder, [call]);
    return { reservation, to, transfer: submitted };
  }

  /** postHeartbeat starts or feeds the dead-man switch of the API key. */
  postHeartbeat(): Promise<HeartbeatResponse> {
    return this.call("l2", { method: "POST", path: "/heartbeats" });
  }

  // --- plumbing

  private async call<T>(level: Level, c: Call): Promise<T> {
    const signed = { ...c, sign: this.signerFor(level, c) };
    for (let resigned = 0; ; resigned++) {
      try {
        return await this.rest.do<T>(signed);
      } catch (e) {
        // Each attempt signs a fresh random nonce, so a retry is a new message.
        const reuse = e instanceof PredApiError && e.code === CODE_L1_NONCE_USED;
        if (level !== "l1" || resigned >= L1_RESIGNS_MAX || !reuse) throw e;
      }
    }
  }

  private signerFor(level: Level, c: Call): ((body: string) => Promise<AuthHeaders>) | undefined {
    const ts = () => unixSeconds(this.now());
    if (level === "l1") {
      return () => {
        if (!this.signer || !this.chain) throw new Error("clob: this call needs a signer and a chain (L1)");
        return l1Headers(this.signer, this.chain.chainId, ts(), newL1Nonce(), this.scopeId);
      };
    }
    if (level === "l2") {
      return (body) => {
        if (!this.creds) throw new Error("clob: this call needs API credentials (createOrDeriveApiKey)");
        return l2Headers(this.creds, ts(), c.method, c.path, body, this.scopeId);
      };
    }
    return undefined;
  }
}

/** randomId is a fresh reservation id: 0x and 64 hex digits. */
function randomId(): Hex {
  const b = new Uint8Array(32);
  globalThis.crypto.getRandomValues(b);
  return `0x${Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")}`;
}

function pageQuery(p: PageParams): Record<string, string | undefined> {
  return { next_cursor: p.cursor, limit: p.limit ? String(p.limit) : undefined };
}

/** tradeQuery is the query of GET /trades and GET /all-trades. */
function tradeQuery(p: TradeParams): Record<string, string | undefined> {
  return {
    ...pageQuery(p),
    market: p.market,
    asset_id: p.assetId,
    before: p.before ? String(p.before) : undefined,
    after: p.after ? String(p.after) : undefined,
  };
}
