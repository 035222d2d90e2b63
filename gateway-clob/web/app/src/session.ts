// What a login leaves behind, per wallet address, in localStorage: the
// Gamma token (for the relayer) and the CLOB API credentials (L2), so a
// reload does not ask the wallet to sign again.
import type { ApiCreds } from "@pred/client";

export interface StoredSession {
  gammaToken?: string;
  /** Unix milliseconds. */
  gammaExpiresAtMs?: number;
  clobCreds?: ApiCreds;
}

const KEY_PREFIX = "pred.session.";

function key(address: string): string {
  return KEY_PREFIX + address.toLowerCase();
}

export function loadSession(address: string): StoredSession {
  try {
    const raw = localStorage.getItem(key(address));
    return raw ? (JSON.parse(raw) as StoredSession) : {};
  } catch {
    return {};
  }
}

export function saveSession(address: string, s: StoredSession): void {
  localStorage.setItem(key(address), JSON.stringify(s));
}

export function clearSession(address: string): void {
  localStorage.removeItem(key(address));
}

/** gammaTokenValid: a token with at least a minute left. */
export function gammaTokenValid(s: StoredSession, nowMs = Date.now()): boolean {
  return !!s.gammaToken && (s.gammaExpiresAtMs ?? 0) - nowMs > 60_000;
}
