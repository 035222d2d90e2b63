// Wallet discovery by EIP-6963: the page asks (eip6963:requestProvider)
// and every installed wallet announces itself (eip6963:announceProvider)
// with its own provider, so several wallets coexist without fighting over
// window.ethereum.
import type { EIP1193Provider } from "./eip1193.js";

export const EIP6963_ANNOUNCE = "eip6963:announceProvider";
export const EIP6963_REQUEST = "eip6963:requestProvider";
/** How long discoverWallets listens for announcements: wallets answer the request at once. */
export const DISCOVER_TIMEOUT_MS_DEFAULT = 300;

export interface WalletInfo {
  /** A UUIDv4 per wallet session: the key announcements are deduplicated by. */
  uuid: string;
  name: string;
  /** A data URI of the wallet's icon. */
  icon: string;
  /** Reverse DNS of the wallet ("io.metamask"). */
  rdns: string;
}

export interface WalletAnnouncement {
  info: WalletInfo;
  provider: EIP1193Provider;
}

/** The event target wallets announce on: the window in a browser. */
export type AnnounceTarget = Pick<EventTarget, "addEventListener" | "removeEventListener" | "dispatchEvent">;

/**
 * watchWallets tells cb of each wallet that announces itself, once per
 * uuid, now (it sends the request) and later (a wallet installed or
 * unlocked afterwards announces on its own). It returns the function that stops it.
 */
export function watchWallets(cb: (w: WalletAnnouncement) => void, o: { target?: AnnounceTarget } = {}): () => void {
  const target = o.target ?? defaultTarget();
  const seen = new Set<string>();
  const onAnnounce = (ev: Event) => {
    const w = announcement(ev);
    if (!w || seen.has(w.info.uuid)) return;
    seen.add(w.info.uuid);
    cb(w);
  };
  target.addEventListener(EIP6963_ANNOUNCE, onAnnounce);
  target.dispatchEvent(new Event(EIP6963_REQUEST));
  return () => target.removeEventListener(EIP6963_ANNOUNCE, onAnnounce);
}

/** discoverWallets collects the wallets that announce within timeoutMs, deduplicated by uuid, in order of announcement. */
export async function discoverWallets(o: { timeoutMs?: number; target?: AnnounceTarget } = {}): Promise<WalletAnnouncement[]> {
  const found: WalletAnnouncement[] = [];
  const stop = watchWallets((w) => found.push(w), o.target ? { target: o.target } : {});
  await new Promise((r) => setTimeout(r, o.timeoutMs ?? DISCOVER_TIMEOUT_MS_DEFAULT));
  stop();
  return found;
}

/** announcement reads an announce event's detail, or undefined when it is not a valid one. */
function announcement(ev: Event): WalletAnnouncement | undefined {
  const d = (ev as CustomEvent<unknown>).detail as { info?: Partial<WalletInfo>; provider?: Partial<EIP1193Provider> } | undefined;
  const i = d?.info;
  if (!i || !d.provider || typeof d.provider.request !== "function") return undefined;
  if (typeof i.uuid !== "string" || i.uuid === "" || typeof i.name !== "string" || typeof i.icon !== "string" || typeof i.rdns !== "string") return undefined;
  return { info: { uuid: i.uuid, name: i.name, icon: i.icon, rdns: i.rdns }, provider: d.provider as EIP1193Provider };
}

function defaultTarget(): AnnounceTarget {
  const w = (globalThis as { window?: AnnounceTarget }).window;
  if (!w) throw new Error("eip6963: no window: pass the target the wallets announce on");
  return w;
}
