// TEMPORARY: the members of @pred/client that engineer T is writing in
// parallel (issue 23, Part 2 contract), declared so that the app
// type-checks before T's branch is merged. The lead deletes this file at
// merge; nothing here is implemented, and the app never calls the
// exchange except through @pred/client.
import type { Address, Hex } from "viem";
import type { ApiCreds, ChainConfig, Page, SafeChain, Signer, WalletCall, RateLimitPolicy } from "@pred/client";

declare module "@pred/client" {
  // --- gamma.ts / gammatypes.ts
  export interface Tag { id: string; label: string; slug: string; createdAt: string; updatedAt: string }
  export type AdjudicationPhase = "proposed" | "challenged" | "arbitrated" | "resolved" | "canceled";
  export interface Adjudication {
    currentPhase: AdjudicationPhase;
    proposedOutcome: string | null;
    settledOutcome: string | null;
    payoutVector: number[] | null;
    proposedAt: string | null;
    livenessEndsAt: string | null;
    challengedAt: string | null;
    resolvedAt: string | null;
    nextSteps: string[] | null;
  }
  export interface GammaMarket {
    id: string; slug: string; question: string; questionID: Hex; conditionId: Hex;
    outcomes: string[]; outcomePrices: string[]; clobTokenIds: string[];
    bestBid: string; bestAsk: string;
    volume: number; volume24hr: number; liquidity: number; openInterest: number;
    startDate: string; endDate: string;
    active: boolean; closed: boolean; archived: boolean; acceptingOrders: boolean; enableOrderBook: boolean;
    negRiskAugmented: boolean; orderMinSize: number; orderMaxSize: number; orderPriceMinTickSize: number;
    acceptOrdersDuringPlay?: boolean;
    adjudication: Adjudication | null;
    tags: Tag[];
  }
  export interface GammaEvent {
    id: string; title: string; slug: string; eventType: string; category: string;
    startDate: string; endDate: string; active: boolean; closed: boolean; archived: boolean; negRisk: boolean;
    volume: number; volume24hr: number; liquidity: number; openInterest: number;
    tags: Tag[]; markets: GammaMarket[];
  }
  export interface SearchTeam { name: string; abbreviation: string; sportType: string; gameIds: string[] }
  export interface SearchResult {
    events: GammaEvent[]; markets: GammaMarket[]; tags: Tag[]; teams: SearchTeam[];
    pagination: { hasMore: boolean; totalResults: number };
  }
  export type GameStatus = "pre-game" | "live" | "finished";
  export interface Team { name: string; abbreviation?: string }
  export interface Game {
    id: string; sportType: string; homeTeam: Team; awayTeam: Team; scheduledAt: string; gameStatus: GameStatus;
    homeScore: number; awayScore: number; venue: string; primaryEventId: string; linkedEventIds: string[] | null;
  }
  export interface PublicInfo {
    chain: { chainId: number; rpcUrl: string; explorerUrl: string }[];
    contracts: {
      conditionalTokens: Address; exchange: Address; negRiskExchange: Address; safeFactory: Address;
      safeInitCodeHash: Hex; collateral: Address; multiSendCallOnly?: Address; stablecoin?: Address;
    };
    adjudication: { livenessSeconds: number; settleDelaySeconds: number };
  }
  export interface GammaSession { token: string; expiresAt: string; address: Address; expiresAtMs: number }
  export interface ListParams {
    active?: boolean; closed?: boolean; tagId?: string; tagSlug?: string; order?: string; ascending?: boolean;
    limit?: number; offset?: number; id?: string[]; slug?: string[];
  }
  export interface EventListParams extends ListParams { category?: string[]; eventType?: string[] }
  export interface MarketListParams extends ListParams { conditionIds?: string[]; clobTokenIds?: string[] }
  export interface SearchParams { limitPerType?: number; page?: number }
  export interface GameListParams { sportType?: string; status?: GameStatus; limit?: number; offset?: number }
  export class GammaClient {
    constructor(o: { baseUrl: string; rateLimit?: RateLimitPolicy; fetch?: typeof fetch });
    publicInfo(): Promise<PublicInfo>;
    listEvents(p?: EventListParams): Promise<GammaEvent[]>;
    getEvent(id: string): Promise<GammaEvent>;
    getEventBySlug(slug: string): Promise<GammaEvent>;
    listMarkets(p?: MarketListParams): Promise<GammaMarket[]>;
    getMarket(id: string): Promise<GammaMarket>;
    getMarketBySlug(slug: string): Promise<GammaMarket>;
    search(q: string, p?: SearchParams): Promise<SearchResult>;
    listTags(): Promise<Tag[]>;
    listGames(p?: GameListParams): Promise<Game[]>;
    getGame(id: string): Promise<Game>;
    login(signer: Signer): Promise<GammaSession>;
  }
  export function chainConfig(info: PublicInfo): ChainConfig;
  export function proxyWalletConfig(info: PublicInfo): { factory: Address; initCodeHash: Hex };
  export function safeChain(info: PublicInfo): SafeChain;

  // --- relayer.ts
  export interface RelayerKey { apiKey: string; address: Address; scopeId: string; createdAt: string; updatedAt: string }
  export type RelayerState = "STATE_NEW" | "STATE_EXECUTED" | "STATE_MINED" | "STATE_CONFIRMED" | "STATE_FAILED" | "STATE_INVALID";
  export interface SubmitResponse { transactionID: string; state: RelayerState; transactionHash?: string }
  export interface RelayerTransaction { transactionID: string; transactionHash: string; state: RelayerState; reason?: string }
  export class RelayerClient {
    constructor(o: { baseUrl: string; rateLimit?: RateLimitPolicy; fetch?: typeof fetch });
    authenticate(gammaToken: string): Promise<RelayerKey>;
    /** The owner (EOA), not the wallet: the relayer's GET /deployed takes the owner. */
    deployed(owner: Address): Promise<boolean>;
    getTransaction(id: string): Promise<RelayerTransaction>;
    waitMined(id: string, o?: { timeoutMs?: number }): Promise<RelayerTransaction>;
    deployProxy(signer: Signer, chain: SafeChain): Promise<SubmitResponse>;
    approveTrading(signer: Signer, chain: SafeChain, proxyWallet: Address): Promise<SubmitResponse>;
    execute(signer: Signer, chain: SafeChain, proxyWallet: Address, calls: WalletCall[]): Promise<SubmitResponse>;
  }

  // --- stream.ts (the contract's "one StreamClient" form)
  export type StreamState = "connected" | "reconnecting" | "failed";
  /** A message as the AsyncAPI documents give it; type tells them apart. */
  export interface StreamMessage { type: string; [k: string]: unknown }
  export interface StreamSubscription { close(): void }
  export class StreamClient {
    constructor(o: { clobUrl: string; gammaUrl: string });
    subscribeMarket(tokenIds: string[], onEvent: (m: StreamMessage) => void): StreamSubscription;
    subscribeUser(creds: ApiCreds, markets: string[], onEvent: (m: StreamMessage) => void): StreamSubscription;
    subscribeSports(onEvent: (m: StreamMessage) => void): StreamSubscription;
    onState(cb: (s: StreamState) => void): () => void;
    close(): void;
  }

  // --- eip1193.ts / eip6963.ts
  export interface EIP1193Provider {
    request(a: { method: string; params?: unknown[] | object }): Promise<unknown>;
    on?(event: string, listener: (...args: unknown[]) => void): void;
    removeListener?(event: string, listener: (...args: unknown[]) => void): void;
  }
  export interface WalletAnnouncement { info: { uuid: string; name: string; icon: string; rdns: string }; provider: EIP1193Provider }
  export function discoverWallets(o?: { timeoutMs?: number; target?: Window }): Promise<WalletAnnouncement[]>;
  export function watchWallets(cb: (w: WalletAnnouncement) => void): () => void;
  export function connectWallet(p: EIP1193Provider): Promise<{ address: Address; chainId: number }>;
  export function eip1193Signer(p: EIP1193Provider, address: Address): Signer;

  // --- clob.ts additions beyond today's client
  export interface WithdrawResponse { id: string; wallet: string; token_id: string; amount: string; balance: string; locked: string; reserved: string }
  export interface Transaction {
    id: string; address: string; type: string; amount: string; asset_id?: string; ref: string; market?: string; trade_id?: string; timestamp: number;
  }
  interface ClobClient {
    /** POST /withdraw: reserves the amount (USDW, or shares of tokenId) for a withdrawal. */
    withdraw(amount: string, tokenId?: string): Promise<WithdrawResponse>;
    /** GET /transactions: deposits, withdrawals, faucet credits and payouts (NOT in the contract; the app needs it for payouts). */
    getTransactions(p?: { cursor?: string; limit?: number }): Promise<Page<Transaction>>;
  }
}
