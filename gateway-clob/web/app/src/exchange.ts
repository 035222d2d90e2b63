// The app's one handle on the exchange: the @pred/client clients, built
// once from the config, and the deployment's public info.
import {
  ClobClient,
  GammaClient,
  RelayerClient,
  StreamClient,
  chainConfig,
  proxyWalletConfig,
  safeChain,
  type ChainConfig,
  type PublicInfo,
  type SafeChain,
} from "@pred/client";

import type { AppConfig } from "./config.js";

export interface Exchange {
  config: AppConfig;
  gamma: GammaClient;
  relayer: RelayerClient;
  /** Public market data only; the trading client is the account's. */
  clob: ClobClient;
  stream: StreamClient;
  info: PublicInfo;
  chain: ChainConfig;
  /** Absent when the deployment cannot onboard through the relayer (no multiSendCallOnly). */
  safe: SafeChain | undefined;
}

export async function connectExchange(config: AppConfig): Promise<Exchange> {
  const gamma = new GammaClient({ baseUrl: config.gammaUrl });
  const info = await gamma.publicInfo();
  let safe: SafeChain | undefined;
  try {
    safe = safeChain(info);
  } catch {
    safe = undefined;
  }
  return {
    config,
    gamma,
    relayer: new RelayerClient({ baseUrl: config.relayerUrl }),
    clob: new ClobClient({ baseUrl: config.clobUrl }),
    stream: new StreamClient({ clobUrl: config.clobUrl, gammaUrl: config.gammaUrl }),
    info,
    chain: chainConfig(info),
    safe,
  };
}

export { proxyWalletConfig };

/** txUrl links a transaction hash to the chain's explorer, if the deployment names one. */
export function txUrl(x: Exchange, hash: string): string | undefined {
  const base = x.info.chain[0]?.explorerUrl ?? "";
  return base === "" || hash === "" ? undefined : `${base.replace(/\/+$/, "")}/tx/${hash}`;
}
