// Every request the client sends names an operation of the CLOB API's
// OpenAPI document (gateway-clob/internal/api/openapi.yaml, served at
// /openapi.yaml): each public method is called against a real HTTP server
// that records the method and path.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { privateKeyToAccount } from "viem/accounts";

import { ClobClient } from "../src/index.js";
import { ScriptedServer } from "./server.js";

const openapi = readFileSync(new URL("../../../../internal/api/openapi.yaml", import.meta.url), "utf8");

/** operations reads "METHOD /path/{param}" from the paths section, by indentation. */
function operations(doc: string): Set<string> {
  const ops = new Set<string>();
  const section = doc.slice(doc.indexOf("\npaths:\n"), doc.indexOf("\ncomponents:\n"));
  let path = "";
  for (const line of section.split("\n")) {
    const p = /^ {2}(\/\S*):\s*$/.exec(line);
    if (p?.[1]) path = p[1];
    const m = /^ {4}(get|post|put|delete|patch):/.exec(line);
    if (m?.[1] && path) ops.add(`${m[1].toUpperCase()} ${path}`);
  }
  return ops;
}

function matches(op: string, method: string, path: string): boolean {
  const [m, template = ""] = op.split(" ");
  const re = new RegExp("^" + template.replace(/\{[^}]+\}/g, "[^/]+") + "$");
  return m === method && re.test(path);
}

test("the client's requests are operations of openapi.yaml", async (t) => {
  const ops = operations(openapi);
  assert.ok(ops.has("GET /time") && ops.has("POST /order"), "the document's paths were read");
  const srv = await ScriptedServer.start([{ status: 404, body: JSON.stringify({ error: "no", code: "NOT_FOUND" }) }]);
  t.after(() => srv.close());
  const signer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  const c = new ClobClient({
    baseUrl: srv.url,
    signer,
    chain: { chainId: 1337, exchange: signer.address, negRiskExchange: signer.address },
    creds: { apiKey: "k", secret: "c2VjcmV0", passphrase: "p" },
    rateLimit: { retries: 0, waitMaxMs: 0 },
  });
  const tok = "123";
  const { request } = await c.buildOrder({ tokenId: tok, side: "BUY", price: "0.5", size: "10", salt: 1 });
  const calls: (() => Promise<unknown>)[] = [
    () => c.time(),
    () => c.getMarkets({ limit: 10 }),
    () => c.getMarket("0xcond"),
    () => c.getBook(tok),
    () => c.getBooks([tok]),
    () => c.getPrice(tok, "BUY"),
    () => c.getPrices([tok]),
    () => c.getMidpoint(tok),
    () => c.getLastTradePrice(tok),
    () => c.getPriceHistory({ tokenId: tok, interval: "1d" }),
    () => c.getTickSize(tok),
    () => c.getFeeRate(tok),
    () => c.faucet(signer.address, "10"),
    () => c.createApiKey(),
    () => c.deriveApiKey(),
    () => c.postOrder(request),
    () => c.cancelOrder("0xid"),
    () => c.cancelOrders(["0xid"]),
    () => c.cancelAll(),
    () => c.getOrder("0xid"),
    () => c.getOrders(),
    () => c.getTrades(),
    () => c.getBalanceAllowance(),
    () => c.postHeartbeat(),
  ];
  for (const call of calls) await call().catch(() => undefined);
  assert.equal(srv.seen.length, calls.length);
  for (const s of srv.seen) {
    const path = new URL(s.url, srv.url).pathname;
    assert.ok([...ops].some((op) => matches(op, s.method, path)), `${s.method} ${path} is not in openapi.yaml`);
  }
});
