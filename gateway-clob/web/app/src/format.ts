// Display helpers. Amounts and prices stay decimal strings in the app's
// state (as the APIs send them); numbers are used only to show them.

/** usd renders a USDW amount: "$1,234.56". */
export function usd(v: number | string): string {
  const n = typeof v === "string" ? Number(v) : v;
  if (!Number.isFinite(n)) return "–";
  return "$" + n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** cents renders a price as cents: "57¢". */
export function cents(p: string | number): string {
  const n = typeof p === "string" ? Number(p) : p;
  if (p === "" || !Number.isFinite(n)) return "–";
  return `${(n * 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}¢`;
}

/** pct renders a probability: "57%". */
export function pct(p: string | number): string {
  const n = typeof p === "string" ? Number(p) : p;
  if (p === "" || !Number.isFinite(n)) return "–";
  return `${(n * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

/** shares renders a share count. */
export function shares(v: string | number): string {
  const n = typeof v === "string" ? Number(v) : v;
  return n.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

export function shortAddress(a: string): string {
  return a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}

/** duration renders seconds left: "1h 04m 09s". */
export function duration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hh > 0 ? `${hh}h ${two(mm)}m ${two(ss)}s` : `${mm}m ${two(ss)}s`;
}

export function dateTime(v: string | number): string {
  const d = typeof v === "number" ? new Date(v) : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toLocaleString();
}
