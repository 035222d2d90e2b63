// The trader's account: the connected wallet, its Gamma login and CLOB
// credentials, and where the proxy wallet stands (deployed, approved).
// Pages read it and re-render when it changes.
import {
  ClobClient,
  connectWallet,
  discoverWallets,
  eip1193Signer,
  proxyAddress,
  switchChain,
  type Address,
  type Signer,
  type WalletAnnouncement,
} from "@pred/client";

import { proxyWalletConfig, type Exchange } from "./exchange.js";
import { gammaTokenValid, loadSession, saveSession, type StoredSession } from "./session.js";

/** How long onboarding waits for the exchange to see mined approvals, and how often it asks. */
const APPROVAL_SEEN_TIMEOUT_MS = 60_000;
const APPROVAL_POLL_MS = 1_000;
/** The wallet (EIP-6963 rdns) last connected, reconnected after a reload if it still allows this site. */
const LAST_WALLET_KEY = "pred.wallet";
const RESTORE_DISCOVER_MS = 400;

export type OnboardState = "none" | "deploying" | "approving" | "ready" | "failed";

export interface Account {
  wallet?: WalletAnnouncement;
  address?: Address;
  chainId?: number;
  signer?: Signer;
  /** The proxy wallet that holds the funds and makes the orders. */
  proxy?: Address;
  session: StoredSession;
  /** Trading client: signs orders and L1 headers with the wallet, L2 with the stored creds. */
  clob?: ClobClient;
  onboard: OnboardState;
  onboardDetail: string;
}

type Listener = (a: Account) => void;

export class AccountStore {
  private a: Account = { session: {}, onboard: "none", onboardDetail: "" };
  private readonly listeners = new Set<Listener>();

  constructor(readonly x: Exchange) {}

  get(): Account {
    return this.a;
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private set(p: Partial<Account>): void {
    this.a = { ...this.a, ...p };
    for (const l of this.listeners) l(this.a);
  }

  /** connect asks the chosen wallet for its account and restores that address's session. */
  async connect(w: WalletAnnouncement): Promise<void> {
    const { address } = await connectWallet(w.provider);
    const chainId = await this.onExchangeChain(w);
    const signer = eip1193Signer(w.provider, address);
    const proxy = proxyAddress(this.x.info.contracts.safeFactory, this.x.info.contracts.safeInitCodeHash, address);
    const session = loadSession(address);
    this.set({ wallet: w, address, chainId, signer, proxy, session, clob: this.tradingClient(signer, session), onboard: "none", onboardDetail: "" });
    localStorage.setItem(LAST_WALLET_KEY, w.info.rdns);
    await this.refreshOnboard().catch(() => undefined);
  }

  /**
   * onExchangeChain asks the wallet to switch to the exchange's chain when
   * it is on another: wallets sign typed data only for their active chain,
   * so every signature would fail. A refusal is not an error here: the
   * account keeps the wallet's chain and the pages say what to do. Later
   * switches in the wallet reach the account through chainChanged.
   */
  private async onExchangeChain(w: WalletAnnouncement): Promise<number> {
    const want = this.x.chain.chainId;
    let now = Number(BigInt((await w.provider.request({ method: "eth_chainId" })) as string));
    if (now !== want) {
      try {
        await switchChain(w.provider, want);
        now = want;
      } catch {
        // The user refused, or the wallet does not know the chain.
      }
    }
    w.provider.on?.("chainChanged", (id: unknown) => {
      if (this.a.wallet === w) this.set({ chainId: Number(BigInt(String(id))) });
    });
    return now;
  }

  /** wrongChain is what to tell the user when the wallet is on another chain than the exchange's, or "". */
  wrongChain(): string {
    const c = this.a.chainId;
    const want = this.x.chain.chainId;
    return c === undefined || c === want ? "" : `Your wallet is on chain ${c}: switch it to chain ${want}, the exchange's, to sign.`;
  }

  /**
   * restore reconnects the wallet of the last visit, without a prompt: only
   * if it announces itself again and still shares an account (eth_accounts).
   */
  async restore(): Promise<void> {
    const rdns = localStorage.getItem(LAST_WALLET_KEY);
    if (!rdns || this.a.address) return;
    const w = (await discoverWallets({ timeoutMs: RESTORE_DISCOVER_MS })).find((x) => x.info.rdns === rdns);
    if (!w) return;
    const accounts = (await w.provider.request({ method: "eth_accounts" })) as unknown[];
    if (Array.isArray(accounts) && accounts.length > 0 && !this.a.address) await this.connect(w);
  }

  loggedIn(): boolean {
    return gammaTokenValid(this.a.session) && !!this.a.session.clobCreds;
  }

  /**
   * login signs Gamma's Login message (eth_signTypedData_v4), then the
   * CLOB's ClobAuth for the API key (derived, or created the first time).
   */
  async login(): Promise<void> {
    const { signer, address } = this.need();
    const gs = await this.x.gamma.login(signer);
    const clob = this.tradingClient(signer, {});
    const creds = await clob.createOrDeriveApiKey();
    const session: StoredSession = { gammaToken: gs.token, gammaExpiresAtMs: gs.expiresAtMs, clobCreds: creds };
    saveSession(address, session);
    this.set({ session, clob });
    await this.refreshOnboard();
  }

  /** refreshOnboard reads whether the proxy wallet is deployed and approved. */
  async refreshOnboard(): Promise<void> {
    const { address } = this.need();
    if (!gammaTokenValid(this.a.session)) return;
    await this.relayerAuth();
    if (!(await this.x.relayer.deployed(address))) return this.set({ onboard: "none", onboardDetail: "proxy wallet not deployed" });
    if (!(await this.approved())) return this.set({ onboard: "none", onboardDetail: "proxy wallet deployed, trading not approved" });
    this.set({ onboard: "ready", onboardDetail: "proxy wallet deployed and approved" });
  }

  /**
   * onboard has the relayer deploy the proxy wallet and set the trading
   * approvals; the user signs both, the relayer pays the gas.
   */
  async onboard(): Promise<void> {
    const { signer, address, proxy } = this.need();
    const safe = this.x.safe;
    if (!safe) throw new Error("this deployment cannot onboard through the relayer (public-info has no multiSendCallOnly)");
    try {
      await this.relayerAuth();
      if (!(await this.x.relayer.deployed(address))) {
        this.set({ onboard: "deploying", onboardDetail: "sign the proxy wallet's creation; the relayer deploys it" });
        const d = await this.x.relayer.deployProxy(signer, safe);
        await this.x.relayer.waitMined(d.transactionID);
      }
      if (!(await this.approved())) {
        this.set({ onboard: "approving", onboardDetail: "sign the approvals of USDW and the outcome tokens for both exchanges" });
        const t = await this.x.relayer.approveTrading(signer, safe, proxy);
        await this.x.relayer.waitMined(t.transactionID);
        await this.waitApproved();
      }
      this.set({ onboard: "ready", onboardDetail: "proxy wallet deployed and approved" });
    } catch (e) {
      this.set({ onboard: "failed", onboardDetail: e instanceof Error ? e.message : String(e) });
      throw e;
    }
  }

  /** approved: both exchanges may spend the proxy wallet's USDW and move its shares, as the CLOB sees it. */
  private async approved(): Promise<boolean> {
    const clob = this.a.clob;
    if (!clob || !this.a.session.clobCreds) return false;
    const ba = await clob.getBalanceAllowance();
    const exchanges = [this.x.chain.exchange, this.x.chain.negRiskExchange].map((e) => e.toLowerCase());
    const approvals = Object.fromEntries(Object.entries(ba.exchange_approvals ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return exchanges.every((e) => {
      const ap = approvals[e];
      return !!ap && ap.shares && ap.collateral !== "0" && ap.collateral !== "";
    });
  }

  /** waitApproved waits until the CLOB's chain watcher has seen the approvals (after its confirmations). */
  private async waitApproved(): Promise<void> {
    const deadline = Date.now() + APPROVAL_SEEN_TIMEOUT_MS;
    while (!(await this.approved())) {
      if (Date.now() > deadline) throw new Error("the approvals were mined but the exchange has not seen them yet: try Refresh in a minute");
      await new Promise((r) => setTimeout(r, APPROVAL_POLL_MS));
    }
  }

  private relayerAuthed = "";
  /** ensureRelayer authenticates the relayer client with the Gamma login (once per token). */
  ensureRelayer(): Promise<void> {
    return this.relayerAuth();
  }

  private async relayerAuth(): Promise<void> {
    const token = this.a.session.gammaToken;
    if (!token) throw new Error("log in first: the relayer takes the Gamma login");
    if (this.relayerAuthed === token) return;
    await this.x.relayer.authenticate(token);
    this.relayerAuthed = token;
  }

  private tradingClient(signer: Signer, s: StoredSession): ClobClient {
    const o = { baseUrl: this.x.config.clobUrl, signer, chain: this.x.chain, proxyWallet: proxyWalletConfig(this.x.info) };
    return new ClobClient(s.clobCreds ? { ...o, creds: s.clobCreds } : o);
  }

  private need(): { signer: Signer; address: Address; proxy: Address } {
    const { signer, address, proxy } = this.a;
    if (!signer || !address || !proxy) throw new Error("connect a wallet first");
    return { signer, address, proxy };
  }
}
