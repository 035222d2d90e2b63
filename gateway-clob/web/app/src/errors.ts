// Every error the user sees is one element, data-testid="error", with the
// API's stable code and its message.
import { PredApiError, PredNoAnswerError } from "@pred/client";

import { h } from "./dom.js";

export interface ShownError {
  code: string;
  message: string;
}

export function describe(e: unknown): ShownError {
  // The client's message starts "<api>: <status> <code>: "; the code is shown on its own.
  if (e instanceof PredApiError) return { code: e.code, message: e.message.replace(`${e.api}: ${e.status} ${e.code}: `, "") };
  if (e instanceof PredNoAnswerError) return { code: "NO_ANSWER", message: e.message };
  const rpc = e as { code?: unknown; message?: unknown };
  if (rpc && typeof rpc === "object" && typeof rpc.code === "number") {
    // EIP-1193 errors: 4001 is the user refusing in the wallet.
    return { code: rpc.code === 4001 ? "USER_REJECTED" : `WALLET_${rpc.code}`, message: String(rpc.message ?? "") };
  }
  if (e instanceof Error) return { code: e.name === "Error" ? "APP_ERROR" : e.name, message: e.message };
  return { code: "APP_ERROR", message: String(e) };
}

export function errorView(e: unknown): HTMLElement {
  const d = describe(e);
  return h("p", { class: "error", role: "alert", testid: "error" }, h("strong", {}, d.code), ": ", d.message);
}
