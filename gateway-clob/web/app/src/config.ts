// Where the three APIs are. The gateway serves /app/config.json with
// absolute URLs; under `vite dev` there is none, so the devnet's fixed
// ports on this page's host are used.

export interface AppConfig {
  clobUrl: string;
  gammaUrl: string;
  relayerUrl: string;
}

/** The devnet's ports (make run): CLOB, Gamma, Relayer. */
const DEV_PORTS = { clob: 8080, gamma: 8081, relayer: 8082 } as const;

export async function loadConfig(): Promise<AppConfig> {
  try {
    // The app's own static file, not an exchange API: plain fetch is right here.
    const res = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: "no-store" });
    if (res.ok) {
      const c = (await res.json()) as Partial<AppConfig>;
      if (c.clobUrl && c.gammaUrl && c.relayerUrl) return { clobUrl: c.clobUrl, gammaUrl: c.gammaUrl, relayerUrl: c.relayerUrl };
    }
  } catch {
    // No config.json (vite dev): fall through to the devnet's ports.
  }
  const host = `${location.protocol}//${location.hostname}`;
  return { clobUrl: `${host}:${DEV_PORTS.clob}`, gammaUrl: `${host}:${DEV_PORTS.gamma}`, relayerUrl: `${host}:${DEV_PORTS.relayer}` };
}
