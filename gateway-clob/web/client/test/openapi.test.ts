// Every request the clients send names an operation of its API's OpenAPI
// document (gateway-clob/internal/api/openapi.yaml, Gamma's and the
// Relayer's, each served at /openapi.yaml): each public method is called
// against a real HTTP server that records the method and path; for Gamma
// and the Relayer every query parameter sent is one the operation lists.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { privateKeyToAccount } from "viem/accounts";

import { ClobClient, GammaClient, RelayerClient } from "../src/index.js";
import { ScriptedServer } from "./server.js";

const openapi = readFileSync(new URL("../../../../internal/api/openapi.yaml", import.meta.url), "utf8");
const gammaOpenapi = readFileSync(new URL("../../../../../gateway-gamma/internal/api/openapi.yaml", import.meta.url), "utf8");
const relayerOpenapi = readFileSync(new URL("../../../../../relayer/internal/api/openapi.yaml", import.meta.url), "utf8");

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
    () => c.getPricesHistory({ tokenId: tok, startTs: 1, endTs: 2 }),
    () => c.reserveWithdrawal("1", tok),
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
    () => c.replaceOrder("0xid", request),
    () => c.replaceOrders([{ orderID: "0xid", ...request }]),
    () => c.decreaseOrder({ orderID: "0xid", reduceBy: "1" }),
    () => c.queuePosition("0xid"),
    () => c.setOrderGroup(7, "100", 20),
    () => c.resetOrderGroup(7),
    () => c.deleteOrderGroup(7),
    () => c.getOrderGroups(),
    () => c.getOrders(),
    () => c.getTrades(),
    () => c.getBalanceAllowance(),
    () => c.getTransactions({ limit: 10 }),
    () => c.postHeartbeat(),
  ];
  for (const call of calls) await call().catch(() => undefined);
  assert.equal(srv.seen.length, calls.length);
  for (const s of srv.seen) {
    const path = new URL(s.url, srv.url).pathname;
    assert.ok([...ops].some((op) => matches(op, s.method, path)), `${s.method} ${path} is not in openapi.yaml`);
  }
});

/** parameters reads the query parameter names of each operation, inline or by $ref to components/parameters. */
function parameters(doc: string): Map<string, Set<string>> {
  const comp = new Map<string, string>();
  const compSection = doc.slice(doc.indexOf("\n  parameters:\n"));
  let current = "";
  for (const line of compSection.split("\n").slice(2)) {
    if (/^ {2}\S/.test(line)) break;
    const c = /^ {4}([A-Za-z]+):/.exec(line);
    if (c?.[1]) current = c[1];
    const n = /\bname: ([A-Za-z_]+)/.exec(line);
    if (n?.[1] && current && !comp.has(current)) comp.set(current, n[1]);
  }
  const out = new Map<string, Set<string>>();
  const section = doc.slice(doc.indexOf("\npaths:\n"), doc.indexOf("\ncomponents:\n"));
  let path = "";
  let op = "";
  for (const line of section.split("\n")) {
    const p = /^ {2}(\/\S*):\s*$/.exec(line);
    if (p?.[1]) path = p[1];
    const m = /^ {4}(get|post|put|delete|patch):/.exec(line);
    if (m?.[1] && path) {
      op = `${m[1].toUpperCase()} ${path}`;
      out.set(op, new Set());
    }
    const inline = /^ {8}- \{ ?name: ([A-Za-z_]+), in: query/.exec(line);
    if (inline?.[1] && op) out.get(op)?.add(inline[1]);
    const ref = /^ {8}- \$ref: "#\/components\/parameters\/([A-Za-z]+)"/.exec(line);
    const name = ref?.[1] ? comp.get(ref[1]) : undefined;
    if (name && op) out.get(op)?.add(name);
    const named = /^ {8}- name: ([A-Za-z_]+)$/.exec(line);
    if (named?.[1] && op) out.get(op)?.add(named[1]);
  }
  return out;
}

/** checkAgainst asserts every recorded request is an operation of doc, with only its query parameters. */
function checkAgainst(doc: string, name: string, srv: ScriptedServer): void {
  const params = parameters(doc);
  for (const s of srv.seen) {
    const u = new URL(s.url, srv.url);
    const op = [...params.keys()].find((o) => matches(o, s.method, u.pathname));
    assert.ok(op, `${s.method} ${u.pathname} is not in ${name}`);
    for (const q of u.searchParams.keys()) assert.ok(params.get(op)?.has(q), `${op}: ${name} lists no query parameter ${q}`);
  }
}

test("Gamma's requests are operations of its openapi.yaml", async (t) => {
  const srv = await ScriptedServer.start([{ status: 404, body: JSON.stringify({ error: "no", code: "NOT_FOUND" }) }]);
  t.after(() => srv.close());
  assert.ok(parameters(gammaOpenapi).get("GET /events")?.has("tag_slug"), "the document's parameters were read");
  const g = new GammaClient({ baseUrl: srv.url, rateLimit: { retries: 0, waitMaxMs: 0 } });
  const signer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  const all = { id: ["1"], slug: ["a"], active: true, closed: false, archived: false, tagId: "1", tagSlug: "t", excludeTagId: ["2"],
    startDateMin: "2026-01-01", startDateMax: "2026-01-02", endDateMin: "2026-01-01", endDateMax: "2026-01-02", order: "volume24hr",
    ascending: false, limit: 10, offset: 5 };
  const calls: (() => Promise<unknown>)[] = [
    () => g.publicInfo(),
    () => g.listEvents({ ...all, category: ["c"], eventType: ["e"] }),
    () => g.getEvent("1"),
    () => g.getEventBySlug("a"),
    () => g.listMarkets({ ...all, conditionIds: ["0x01"], clobTokenIds: ["1"] }),
    () => g.getMarket("1"),
    () => g.getMarketBySlug("a"),
    () => g.search("lakers", { limitPerType: 5, page: 2 }),
    () => g.listTags({ limit: 5, offset: 1 }),
    () => g.listGames({ sportType: "nba", status: "live", date: "2026-01-01", keyword: "x", limit: 5, offset: 1 }),
    () => g.getGame("1"),
    () => g.getNonce(signer.address, "scope"),
    () => g.refresh({ token: "t", expiresAt: "", expiresAtMs: 0, address: signer.address }),
  ];
  for (const call of calls) await call().catch(() => undefined);
  assert.equal(srv.seen.length, calls.length);
  checkAgainst(gammaOpenapi, "Gamma's openapi.yaml", srv);
});

test("the Relayer's requests are operations of its openapi.yaml", async (t) => {
  const srv = await ScriptedServer.start([{ status: 404, body: JSON.stringify({ error: "no", code: "NOT_FOUND" }) }]);
  t.after(() => srv.close());
  const signer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  const r = new RelayerClient({ baseUrl: srv.url, key: { apiKey: "k", address: signer.address }, rateLimit: { retries: 0, waitMaxMs: 0 } });
  const a = signer.address;
  const chain = { chainId: 1337, safeFactory: a, collateral: a, conditionalTokens: a, exchange: a, negRiskExchange: a, multiSendCallOnly: a };
  const calls: (() => Promise<unknown>)[] = [
    () => r.authenticate("token"),
    () => r.listKeys(),
    () => r.deployed(a),
    () => r.getNonce(a),
    () => r.getTransaction("id"),
    () => r.listTransactions(),
    () => r.waitMined("id", { timeoutMs: 0 }),
    () => r.deployProxy(signer, chain, a),
  ];
  for (const call of calls) await call().catch(() => undefined);
  assert.equal(srv.seen.length, calls.length);
  checkAgainst(relayerOpenapi, "the Relayer's openapi.yaml", srv);
  const submit = srv.seen.at(-1);
  assert.equal(submit?.headers["relayer_api_key"], "k", "the key is sent");
});
