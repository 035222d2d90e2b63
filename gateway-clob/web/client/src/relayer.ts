import { zeroAddress, type Address } from "viem";

import { defaultRateLimitPolicy, Transport, type Call, type RateLimitPolicy } from "./http.js";
import { multiSend, Operation, signCreateProxy, signSafeTx, tradingApprovals, type SafeChain, type SafeTx, type WalletCall } from "./safe.js";
import type { Signer } from "./signer.js";
import {
  RELAYER_STATE_RANK,
  type DeployedResponse,
  type RelayerKey,
  type RelayerNonce,
  type RelayerState,
  type RelayerTransaction,
  type SubmitRequest,
  type SubmitResponse,
} from "./relayertypes.js";

/** The Relayer API's key headers. */
export const RelayerHeader = { apiKey: "RELAYER_API_KEY", apiKeyAddress: "RELAYER_API_KEY_ADDRESS" } as const;

/** How long waitMined waits by default: a deployment and its approvals on a slow chain. */
export const RELAYER_WAIT_TIMEOUT_MS_DEFAULT = 120_000;
/** How often waitMined asks. */
export const RELAYER_POLL_MS_DEFAULT = 500;

export interface RelayerClientOptions {
  /** "http://localhost:8082". */
  baseUrl: string;
  /** A relayer key made before (authenticate makes one). */
  key?: Pick<RelayerKey, "apiKey" | "address">;
  /** A Gamma login token: the Relayer API takes it where it takes a key. */
  gammaToken?: string;
  rateLimit?: RateLimitPolicy;
  fetch?: typeof fetch;
}

export interface WaitOptions {
  timeoutMs?: number;
  pollMs?: number;
  /** The state to reach: STATE_MINED (default) or STATE_CONFIRMED. */
  until?: RelayerState;
  /** Told of each new state. */
  onProgress?: (t: RelayerTransaction) => void;
  signal?: AbortSignal;
}

/** RelayerTxError: a transaction ended FAILED or INVALID; reason says why. */
export class RelayerTxError extends Error {
  override name = "RelayerTxError";
  constructor(readonly tx: RelayerTransaction) {
    super(`relayer: transaction ${tx.transactionID} is ${tx.state}: ${tx.reason ?? ""}`);
  }
}

/** RelayerTimeoutError: waitMined's deadline came first; the transaction may still be mined. */
export class RelayerTimeoutError extends Error {
  override name = "RelayerTimeoutError";
  constructor(
    readonly transactionId: string,
    readonly last: RelayerTransaction | undefined,
    timeoutMs: number,
  ) {
    super(`relayer: transaction ${transactionId} is ${last?.state ?? "unknown"} after ${timeoutMs} ms`);
  }
}

/**
 * RelayerClient is the Relayer API: gasless transactions of a proxy
 * wallet (a Gnosis Safe), each signed by its owner and paid by the
 * relayer. authenticate turns a Gamma login into a relayer key; the
 * high-level calls sign with the owner's signer (a private key, or a
 * browser wallet through eip1193Signer) and submit.
 */
export class RelayerClient {
  private readonly rest: Transport;
  private key?: Pick<RelayerKey, "apiKey" | "address">;
  private gammaToken?: string;

  constructor(o: RelayerClientOptions) {
    this.rest = new Transport("relayer", o.baseUrl, o.rateLimit ?? defaultRateLimitPolicy, o.fetch);
    if (o.key) this.key = o.key;
    if (o.gammaToken) this.gammaToken = o.gammaToken;
  }

  /** authenticate makes a relayer key with a Gamma login token (POST /relayer/api/auth) and keeps it. */
  async authenticate(gammaToken: string): Promise<RelayerKey> {
    const k = await this.rest.do<RelayerKey>({
      method: "POST",
      path: "/relayer/api/auth",
      sign: async () => ({ Authorization: `Bearer ${gammaToken}` }),
    });
    this.key = k;
    this.gammaToken = gammaToken;
    return k;
  }

  /** The key this client sends, if any. */
  getKey(): Pick<RelayerKey, "apiKey" | "address"> | undefined {
    return this.key;
  }

  listKeys(): Promise<RelayerKey[]> {
    return this.call({ method: "GET", path: "/relayer/api/keys" });
  }

  /** deployedWallet: the owner's proxy wallet address and whether it is on chain. */
  deployedWallet(owner: Address): Promise<DeployedResponse> {
    return this.call({ method: "GET", path: "/deployed", query: { address: owner } });
  }

  /** deployed says whether the proxy wallet of owner (the EOA, not the wallet) is deployed. */
  async deployed(owner: Address): Promise<boolean> {
    return (await this.deployedWallet(owner)).deployed;
  }

  /** getNonce is the Safe nonce the next transaction of owner's wallet signs (0 before it is deployed). */
  async getNonce(owner: Address): Promise<bigint> {
    const r = await this.call<RelayerNonce>({ method: "GET", path: "/nonce", query: { address: owner, type: "SAFE" } });
    return BigInt(r.nonce);
  }

  /** submit sends a signed submission as it is. */
  submit(req: SubmitRequest): Promise<SubmitResponse> {
    return this.call({ method: "POST", path: "/submit", body: req });
  }

  async getTransaction(id: string): Promise<RelayerTransaction> {
    const txs = await this.call<RelayerTransaction[]>({ method: "GET", path: "/transaction", query: { id } });
    const t = txs[0];
    if (!t || txs.length !== 1) throw new Error(`relayer: GET /transaction returned ${txs.length} transactions`);
    return t;
  }

  /** The caller's last 100 transactions, newest first. */
  listTransactions(): Promise<RelayerTransaction[]> {
    return this.call({ method: "GET", path: "/transactions" });
  }

  /**
   * waitMined polls a transaction until it is mined (or o.until), and
   * throws a RelayerTxError if it ends FAILED or INVALID, a
   * RelayerTimeoutError if the deadline comes first.
   */
  async waitMined(id: string, o: WaitOptions = {}): Promise<RelayerTransaction> {
    const timeoutMs = o.timeoutMs ?? RELAYER_WAIT_TIMEOUT_MS_DEFAULT;
    const until = RELAYER_STATE_RANK[o.until ?? "STATE_MINED"];
    const deadline = Date.now() + timeoutMs;
    let last: RelayerTransaction | undefined;
    for (;;) {
      const t = await this.getTransaction(id);
      if (t.state !== last?.state) o.onProgress?.(t);
      last = t;
      if (t.state === "STATE_FAILED" || t.state === "STATE_INVALID") throw new RelayerTxError(t);
      if (RELAYER_STATE_RANK[t.state] >= until) return t;
      if (Date.now() >= deadline || o.signal?.aborted) throw new RelayerTimeoutError(id, last, timeoutMs);
      await new Promise((r) => setTimeout(r, o.pollMs ?? RELAYER_POLL_MS_DEFAULT));
    }
  }

  // --- signed by the owner, paid by the relayer

  /** deployProxy submits the deployment of the signer's proxy wallet (the factory's CreateProxy). */
  async deployProxy(signer: Signer, chain: SafeChain, proxyWallet?: Address): Promise<SubmitResponse> {
    const req: SubmitRequest = {
      type: "SAFE-CREATE",
      from: signer.address,
      to: chain.safeFactory,
      data: "0x",
      signature: await signCreateProxy(signer, chain.chainId, chain.safeFactory),
      signatureParams: { paymentToken: zeroAddress, payment: "0", paymentReceiver: zeroAddress },
    };
    if (proxyWallet) req.proxyWallet = proxyWallet;
    return this.submit(req);
  }

  /**
   * approveTrading submits one Safe transaction approving USDW and the
   * conditional tokens for both exchanges. Submitted right behind
   * deployProxy it signs nonce 0, and the relayer runs it once the
   * deployment is mined.
   */
  approveTrading(signer: Signer, chain: SafeChain, proxyWallet: Address): Promise<SubmitResponse> {
    return this.execute(signer, chain, proxyWallet, tradingApprovals(chain));
  }

  /**
   * execute signs and submits one Safe transaction making calls (one call
   * itself, several through MultiSendCallOnly) with the wallet's next
   * nonce from GET /nonce, e.g. a withdrawal's transfer.
   */
  async execute(signer: Signer, chain: SafeChain, proxyWallet: Address, calls: WalletCall[]): Promise<SubmitResponse> {
    const nonce = await this.getNonce(signer.address);
    return this.submit(await safeRequest(signer, chain, proxyWallet, { ...safeTxOf(chain, calls), nonce }));
  }

  /**
   * onboard readies the signer's wallet to trade: the deployment unless
   * it exists, then the approvals. It returns the submissions in order;
   * wait for the last with waitMined.
   */
  async onboard(signer: Signer, chain: SafeChain, proxyWallet: Address): Promise<SubmitResponse[]> {
    const out: SubmitResponse[] = [];
    if (!(await this.deployed(signer.address))) out.push(await this.deployProxy(signer, chain, proxyWallet));
    out.push(await this.approveTrading(signer, chain, proxyWallet));
    return out;
  }

  private call<T>(c: Call): Promise<T> {
    return this.rest.do<T>({ ...c, sign: async () => this.authHeaders() });
  }

  private authHeaders(): Record<string, string> {
    if (this.key) return { [RelayerHeader.apiKey]: this.key.apiKey, [RelayerHeader.apiKeyAddress]: this.key.address };
    if (this.gammaToken) return { Authorization: `Bearer ${this.gammaToken}` };
    throw new Error("relayer: no credentials: authenticate with a Gamma login token first");
  }
}

/** safeTxOf is the Safe transaction making calls: the call itself for one, a MultiSend for several. */
export function safeTxOf(chain: SafeChain, calls: WalletCall[]): Omit<SafeTx, "nonce"> {
  const [first] = calls;
  if (!first) throw new Error("relayer: a Safe transaction needs at least one call");
  if (calls.length === 1) return { to: first.to, data: first.data, operation: Operation.Call };
  return multiSend(chain, calls);
}

/** safeRequest signs a Safe transaction of proxyWallet as POST /submit takes it. */
export async function safeRequest(signer: Signer, chain: SafeChain, proxyWallet: Address, t: SafeTx): Promise<SubmitRequest> {
  return {
    type: "SAFE",
    from: signer.address,
    to: t.to,
    proxyWallet,
    data: t.data,
    nonce: t.nonce.toString(),
    signature: await signSafeTx(signer, chain.chainId, proxyWallet, t),
    signatureParams: {
      gasPrice: "0",
      operation: t.operation === Operation.Call ? "0" : "1",
      safeTxnGas: "0",
      baseGas: "0",
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
    },
  };
}
