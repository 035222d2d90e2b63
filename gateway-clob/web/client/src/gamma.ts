import type { Address, Hex } from "viem";

import { defaultRateLimitPolicy, Transport, type RateLimitPolicy } from "./http.js";
import { signLogin, type NonceResponse } from "./login.js";
import type { ChainConfig } from "./order.js";
import type { SafeChain } from "./safe.js";
import type { Signer } from "./signer.js";
import type { Game, GameStatus, GammaEvent, GammaMarket, GammaSession, PublicInfo, SearchResult, Tag, TokenResponse } from "./gammatypes.js";

export interface GammaClientOptions {
  /** "http://localhost:8081". */
  baseUrl: string;
  rateLimit?: RateLimitPolicy;
  fetch?: typeof fetch;
}

/** The filters events and markets share; lists are sent comma separated. */
export interface ListParams {
  id?: string[];
  slug?: string[];
  active?: boolean;
  closed?: boolean;
  /** Without it archived rows are left out; true lists only archived rows. */
  archived?: boolean;
  /** Rows tagged with this tag id, or with the tag of this slug. */
  tagId?: string;
  tagSlug?: string;
  excludeTagId?: string[];
  startDateMin?: string;
  startDateMax?: string;
  endDateMin?: string;
  endDateMax?: string;
  /** One sort field of the document's enum (volume24hr, startDate, ...). */
  order?: string;
  ascending?: boolean;
  /** 1 to GAMMA_LIMIT_MAX. */
  limit?: number;
  offset?: number;
}

export interface EventListParams extends ListParams {
  category?: string[];
  eventType?: string[];
}

export interface MarketListParams extends ListParams {
  conditionIds?: string[];
  clobTokenIds?: string[];
}

export interface SearchParams {
  /** Rows of each kind, 1 to 50. */
  limitPerType?: number;
  /** From 1. */
  page?: number;
}

export interface GameListParams {
  sportType?: string;
  status?: GameStatus;
  /** YYYY-MM-DD, UTC. */
  date?: string;
  keyword?: string;
  limit?: number;
  offset?: number;
}

/** The most rows one list call of Gamma returns (more is a 400). */
export const GAMMA_LIMIT_MAX = 100;

type Query = Record<string, string | undefined>;

/**
 * GammaClient is Gamma's public API (events, markets, tags, search, games,
 * the deployment's contracts) and its login, which gives the bearer token
 * the Relayer API takes.
 */
export class GammaClient {
  private readonly rest: Transport;

  constructor(o: GammaClientOptions) {
    this.rest = new Transport("gamma", o.baseUrl, o.rateLimit ?? defaultRateLimitPolicy, o.fetch);
  }

  /** The chain and the contracts: read them instead of hard-coding addresses. */
  publicInfo(): Promise<PublicInfo> {
    return this.get("/public-info");
  }

  listEvents(p: EventListParams = {}): Promise<GammaEvent[]> {
    return this.get("/events", { ...listQuery(p), category: list(p.category), event_type: list(p.eventType) });
  }

  getEvent(id: string): Promise<GammaEvent> {
    return this.get(`/events/${encodeURIComponent(id)}`);
  }

  getEventBySlug(slug: string): Promise<GammaEvent> {
    return this.get(`/events/slug/${encodeURIComponent(slug)}`);
  }

  listMarkets(p: MarketListParams = {}): Promise<GammaMarket[]> {
    return this.get("/markets", { ...listQuery(p), condition_ids: list(p.conditionIds), clob_token_ids: list(p.clobTokenIds) });
  }

  getMarket(id: string): Promise<GammaMarket> {
    return this.get(`/markets/${encodeURIComponent(id)}`);
  }

  getMarketBySlug(slug: string): Promise<GammaMarket> {
    return this.get(`/markets/slug/${encodeURIComponent(slug)}`);
  }

  /** search finds events, markets, tags and teams holding every word of q. */
  search(q: string, p: SearchParams = {}): Promise<SearchResult> {
    return this.get("/public-search", { q, limit_per_type: num(p.limitPerType), page: num(p.page) });
  }

  listTags(p: { limit?: number; offset?: number } = {}): Promise<Tag[]> {
    return this.get("/tags", { limit: num(p.limit), offset: num(p.offset) });
  }

  listGames(p: GameListParams = {}): Promise<Game[]> {
    return this.get("/games", {
      sport_type: p.sportType,
      status: p.status,
      date: p.date,
      keyword: p.keyword,
      limit: num(p.limit),
      offset: num(p.offset),
    });
  }

  getGame(id: string): Promise<Game> {
    return this.get(`/games/${encodeURIComponent(id)}`);
  }

  /** getNonce is the Login message's fields for an address (login signs them). */
  getNonce(address: Address, scopeId?: string): Promise<NonceResponse> {
    return this.get("/auth/nonce", { address, scopeId });
  }

  /**
   * login signs Gamma's EIP-712 Login message with the wallet (in a
   * browser: eth_signTypedData_v4) and returns the session's bearer token.
   */
  async login(signer: Signer, o: { scopeId?: string } = {}): Promise<GammaSession> {
    const nonce = await this.getNonce(signer.address, o.scopeId);
    const body = await signLogin(signer, nonce);
    const t = await this.rest.do<TokenResponse>({ method: "POST", path: "/auth/login", body });
    return session(t, signer.address);
  }

  /** refresh spends a session's token for a new one of the same session. */
  async refresh(s: GammaSession): Promise<GammaSession> {
    const t = await this.rest.do<TokenResponse>({
      method: "POST",
      path: "/auth/refresh",
      sign: async () => ({ Authorization: `Bearer ${s.token}` }),
    });
    return session(t, s.address);
  }

  private get<T>(path: string, query?: Query): Promise<T> {
    return this.rest.do<T>(query ? { method: "GET", path, query } : { method: "GET", path });
  }
}

function session(t: TokenResponse, address: Address): GammaSession {
  return { ...t, address, expiresAtMs: Date.parse(t.expiresAt) };
}

function listQuery(p: ListParams): Query {
  return {
    id: list(p.id),
    slug: list(p.slug),
    active: bool(p.active),
    closed: bool(p.closed),
    archived: bool(p.archived),
    tag_id: p.tagId,
    tag_slug: p.tagSlug,
    exclude_tag_id: list(p.excludeTagId),
    start_date_min: p.startDateMin,
    start_date_max: p.startDateMax,
    end_date_min: p.endDateMin,
    end_date_max: p.endDateMax,
    order: p.order,
    ascending: bool(p.ascending),
    limit: num(p.limit),
    offset: num(p.offset),
  };
}

function list(v?: string[]): string | undefined {
  return v && v.length > 0 ? v.join(",") : undefined;
}

function bool(v?: boolean): string | undefined {
  return v === undefined ? undefined : String(v);
}

function num(v?: number): string | undefined {
  return v === undefined ? undefined : String(v);
}

/** chainConfig is the order domain of a deployment (ClobClient's chain). */
export function chainConfig(info: PublicInfo): ChainConfig {
  const c = info.chain[0];
  if (!c) throw new Error("gamma: public-info names no chain");
  return { chainId: c.chainId, exchange: info.contracts.exchange, negRiskExchange: info.contracts.negRiskExchange };
}

/** proxyWalletConfig is how a deployment derives proxy wallets (ClobClient's proxyWallet). */
export function proxyWalletConfig(info: PublicInfo): { factory: Address; initCodeHash: Hex } {
  return { factory: info.contracts.safeFactory, initCodeHash: info.contracts.safeInitCodeHash };
}

/**
 * safeChain is what the relayer's onboarding signs for, as the Go SDK's
 * relayer.ChainFromPublicInfo reads it: it refuses a deployment without
 * multiSendCallOnly, which the approvals need.
 */
export function safeChain(info: PublicInfo): SafeChain {
  const k = info.contracts;
  if (!k.multiSendCallOnly) throw new Error("gamma: public-info has no contracts.multiSendCallOnly: this deployment cannot onboard through the relayer");
  return {
    chainId: chainConfig(info).chainId,
    safeFactory: k.safeFactory,
    collateral: k.collateral,
    conditionalTokens: k.conditionalTokens,
    exchange: k.exchange,
    negRiskExchange: k.negRiskExchange,
    multiSendCallOnly: k.multiSendCallOnly,
  };
}
