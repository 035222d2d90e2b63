// TEMPORARY: the members of @pred/client that engineer T is writing in
// parallel (issue 23, Part 2 contract), declared so that the app
// type-checks before T's branch is merged. The lead deletes this file at
// merge; nothing here is implemented, and the app never calls the
// exchange except through @pred/client.
import type { Address, Hex } from "viem";
import type { ApiCreds, ChainConfig, PriceLevel, SafeChain, Signer, WalletCall, RateLimitPolicy } from "@pred/client";

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

  // --- stream.ts, streamtypes.ts (T's "one StreamClient" form; the subset the app reads)
  export type StreamState = "connecting" | "connected" | "reconnecting" | "failed" | "closed";
  export interface BookMessage { type: "book"; asset_id: string; market: Hex; bids: PriceLevel[]; asks: PriceLevel[]; tick_size: string; hash: string; timestamp_ms: number }
  export interface PriceChangeMessage { type: "price_change"; asset_id: string; market: Hex; changes: { price: string; side: "BUY" | "SELL"; size: string }[]; best_bid: string; best_ask: string; hash: string; timestamp_ms: number }
  export interface LastTradeMessage { type: "last_trade_price"; asset_id: string; market: Hex; trade_id: string; price: string; size: string; side: "BUY" | "SELL"; timestamp_ms: number }
  export interface MarketMessage { type: "market"; market: Hex; assets_ids: string[]; event: "created" | "configured" | "halted" | "resumed" | "cleared" | "closed" | "resolved"; status: "ACTIVE" | "HALTED" | "CLOSED" | "RESOLVED"; tick_size: string; min_order_size: string; payouts?: string[]; timestamp_ms: number }
  export interface OrderMessage { type: "order"; id: Hex; market: Hex; status: string; remaining: string; timestamp_ms: number }
  export interface TradeMessage { type: "trade"; trade_id: string; status: "MATCHED" | "SUBMITTED" | "MINED" | "CONFIRMED" | "RETRYING" | "FAILED"; market: Hex; role: "TAKER" | "MAKER"; transaction_hash?: Hex; timestamp_ms: number }
  export interface BalanceMessage { type: "balance"; asset_id: string; balance: string; locked: string; pending: string; debt: string }
  export interface TransferMessage { type: "transfer"; kind: string; amount: string; asset_id?: string; market?: Hex; ref: string; timestamp_ms: number }
  export interface SportResult { type: "sport_result"; gameId: string; status: "pre-game" | "live" | "finished"; homeScore: number; awayScore: number; live: boolean; ended: boolean }
  export interface StreamControl { type: "subscribed" | "error" | "gap" }
  export type MarketEvent = BookMessage | PriceChangeMessage | LastTradeMessage | MarketMessage | StreamControl;
  export type UserEvent = OrderMessage | TradeMessage | BalanceMessage | TransferMessage | MarketMessage | StreamControl;
  export type SportsEvent = SportResult | StreamControl;
  export interface Book { assetId: string; market: string; bids: PriceLevel[]; asks: PriceLevel[]; tickSize: string; position: number; hash: string }
  export interface Stream { close(): void; onState(cb: (s: StreamState, err?: Error) => void): () => void }
  export interface MarketStream extends Stream { book(assetId: string): Book | undefined }
  export class StreamClient {
    constructor(o: { clobUrl?: string; gammaUrl?: string });
    subscribeMarket(tokenIds: string[], onEvent: (e: MarketEvent) => void): MarketStream;
    subscribeUser(creds: ApiCreds, markets: string[], onEvent: (e: UserEvent) => void): Stream;
    subscribeSports(onEvent: (e: SportsEvent) => void): Stream;
    onState(cb: (channel: "market" | "user" | "sports", s: StreamState, err?: Error) => void): () => void;
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
  export interface WithdrawParams { relayer: RelayerClient; chain: SafeChain; amount: string; tokenId?: string; to?: Address; keepUsdw?: boolean; id?: Hex }
  export interface Withdrawal { reservation: WithdrawResponse; to: Address; transfer: SubmitResponse }
  interface ClobClient {
    /** Reserves (POST /withdraw), then relays the wallet's transfer (unwrapped into the stablecoin by default). */
    withdraw(p: WithdrawParams): Promise<Withdrawal>;
  }
}
