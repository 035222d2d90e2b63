// The Gamma API's JSON, hand-written from proto/client/gammaapi and held
// to gateway-gamma/internal/api/openapi.yaml by test/types.test.ts (keys)
// and test/openapi.test.ts (paths). Gamma writes amounts as JSON numbers
// and prices as decimal strings.
import type { Address, Hex } from "viem";

export interface Tag {
  id: string;
  label: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
}

export type AdjudicationPhase = "proposed" | "challenged" | "arbitrated" | "resolved" | "canceled";

/** A market's resolution so far; null fields are not reached yet. */
export interface Adjudication {
  currentPhase: AdjudicationPhase;
  proposedOutcome: string | null;
  settledOutcome: string | null;
  payoutVector: number[] | null;
  proposedAt: string | null;
  /** While proposed: when the proposal settles unless challenged. */
  livenessEndsAt: string | null;
  challengedAt: string | null;
  resolvedAt: string | null;
  nextSteps: string[] | null;
}

export interface GammaMarket {
  id: string;
  slug: string;
  question: string;
  questionID: Hex;
  /** The CLOB's market. */
  conditionId: Hex;
  /** YES label first. */
  outcomes: string[];
  outcomePrices: string[];
  /** [YES, NO]: the CLOB's token ids. */
  clobTokenIds: string[];
  bestBid: string;
  bestAsk: string;
  volume: number;
  volume24hr: number;
  liquidity: number;
  openInterest: number;
  startDate: string;
  endDate: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  acceptingOrders: boolean;
  enableOrderBook: boolean;
  negRiskAugmented: boolean;
  orderMinSize: number;
  orderMaxSize: number;
  orderPriceMinTickSize: number;
  /** Sports markets: the book keeps taking orders while the game is live. */
  acceptOrdersDuringPlay?: boolean;
  adjudication: Adjudication | null;
  tags: Tag[];
}

export interface GammaEvent {
  id: string;
  title: string;
  slug: string;
  eventType: string;
  category: string;
  startDate: string;
  endDate: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  /** Exactly one market resolves YES: their YES prices sum to about 1. */
  negRisk: boolean;
  volume: number;
  volume24hr: number;
  liquidity: number;
  openInterest: number;
  tags: Tag[];
  markets: GammaMarket[];
}

export interface SearchTeam {
  name: string;
  abbreviation: string;
  sportType: string;
  gameIds: string[];
}

export interface SearchResult {
  events: GammaEvent[];
  markets: GammaMarket[];
  tags: Tag[];
  teams: SearchTeam[];
  pagination: { hasMore: boolean; totalResults: number };
}

export type GameStatus = "pre-game" | "live" | "finished";

export interface Team {
  name: string;
  abbreviation?: string;
}

/** A game (PredictGameFixture). */
export interface Game {
  id: string;
  sportType: string;
  homeTeam: Team;
  awayTeam: Team;
  scheduledAt: string;
  gameStatus: GameStatus;
  homeScore: number;
  awayScore: number;
  venue: string;
  /** The event holding the game's markets; "" if none. */
  primaryEventId: string;
  linkedEventIds: string[] | null;
}

export interface PublicInfoChain {
  chainId: number;
  rpcUrl: string;
  explorerUrl: string;
}

export interface PublicInfoContracts {
  conditionalTokens: Address;
  exchange: Address;
  negRiskExchange: Address;
  safeFactory: Address;
  safeInitCodeHash: Hex;
  collateral: Address;
  /** Absent on a deployment made before it existed; onboarding needs it. */
  multiSendCallOnly?: Address;
  /** The stablecoin USDW unwraps into on a withdrawal. */
  stablecoin?: Address;
}

export interface PublicInfo {
  chain: PublicInfoChain[];
  contracts: PublicInfoContracts;
  adjudication: { livenessSeconds: number; settleDelaySeconds: number };
}

/** The answer of POST /auth/login and /auth/refresh. */
export interface TokenResponse {
  token: string;
  /** RFC 3339. */
  expiresAt: string;
}

/** A Gamma login: the bearer token, when it expires, and whose it is. */
export interface GammaSession extends TokenResponse {
  address: Address;
  /** expiresAt in Unix milliseconds. */
  expiresAtMs: number;
}
