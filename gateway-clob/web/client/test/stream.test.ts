// The streams against a real WebSocket server that plays the server's
// side of the AsyncAPI documents: resume from the last processed position
// after a drop, gaps, hash-checked books and their resync, the user
// channel's auth message, final and transient closes, the sports
// channel's ?from=, keep-alive.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import {
  hmacSignature,
  MarketStream,
  SportsStream,
  StreamClient,
  StreamFinalError,
  UserStream,
  type MarketEvent,
  type PriceLevel,
  type SportsEvent,
  type StreamOptions,
  type UserEvent,
} from "../src/index.js";
import { eventually } from "./eventually.js";
import { ScriptedStreamServer, TestWebSocket } from "./ws.js";

const TOKEN = "1234";
const MARKET = `0x${"ab".repeat(32)}`;
/** Fast reconnections and keep-alive for tests; the defaults are seconds. */
const fast: StreamOptions = { WebSocket: TestWebSocket, backoffMinMs: 10, backoffMaxMs: 50 };

/** hash is clobapi.BookHash written again here with node's crypto, independently of src/book.ts. */
function hash(bids: PriceLevel[], asks: PriceLevel[]): string {
  const side = (ls: PriceLevel[]) => ls.map((l) => `${l.price}:${l.size}`).join(",");
  return createHash("sha256").update(`${TOKEN}|${side(bids)}|${side(asks)}`).digest("hex");
}

function book(position: number, seq: number, bids: PriceLevel[], asks: PriceLevel[] = []) {
  return { type: "book", position, seq, asset_id: TOKEN, market: MARKET, bids, asks, tick_size: "0.01", hash: hash(bids, asks), timestamp_ms: 1 };
}

function change(position: number, seq: number, price: string, size: string, after: PriceLevel[], h = hash(after, [])) {
  return { type: "price_change", position, seq, asset_id: TOKEN, market: MARKET, changes: [{ price, side: "BUY", size }], best_bid: after[0]?.price ?? "", best_ask: "", hash: h, timestamp_ms: 1 };
}

async function setup(t: { after(fn: () => unknown): void }) {
  const srv = await ScriptedStreamServer.start();
  t.after(() => srv.close());
  return srv;
}

test("a market stream resumes after a drop from its last processed position: nothing twice, nothing lost", async (t) => {
  const srv = await setup(t);
  const events: MarketEvent[] = [];
  const s = new MarketStream({ ...fast, baseUrl: srv.url, assetIds: [TOKEN] }, (e) => events.push(e));
  t.after(() => s.close());

  const c1 = await srv.conn(1);
  assert.equal(c1.url, "/ws/market");
  assert.deepEqual(await c1.request(1), { type: "subscribe", assets_ids: [TOKEN] }, "a first subscribe has no from");
  c1.send({ type: "subscribed", position: 9, channel: "market", assets_ids: [TOKEN], markets: [] });
  c1.send([book(10, 1, [{ price: "0.40", size: "10" }])]);
  c1.send([change(11, 2, "0.41", "5", [{ price: "0.41", size: "5" }, { price: "0.40", size: "10" }])]);
  c1.send({ type: "ping", position: 11 });
  await eventually(async () => assert.equal(s.status().position, 11));
  c1.socket.terminate();

  const c2 = await srv.conn(2);
  assert.deepEqual(await c2.request(1), { type: "subscribe", assets_ids: [TOKEN], from: 11 }, "the resume names the last position");
  c2.send([change(12, 1, "0.40", "0", [{ price: "0.41", size: "5" }])]);
  await eventually(async () => assert.equal(s.status().position, 12));

  assert.deepEqual(events.map((e) => [e.type, e.position]), [["subscribed", 9], ["book", 10], ["price_change", 11], ["price_change", 12]]);
  assert.deepEqual(s.book(TOKEN)?.bids, [{ price: "0.41", size: "5" }], "the book spans both connections");
  const st = s.status();
  assert.equal(st.connects, 2);
  assert.equal(st.state, "connected");
  assert.equal(st.hashMismatches, 0);
});

test("a gap drops the books; the snapshots after it rebuild them", async (t) => {
  const srv = await setup(t);
  const events: MarketEvent[] = [];
  const s = new MarketStream({ ...fast, baseUrl: srv.url, assetIds: [TOKEN], from: 5 }, (e) => events.push(e));
  t.after(() => s.close());
  const c1 = await srv.conn(1);
  assert.deepEqual(await c1.request(1), { type: "subscribe", assets_ids: [TOKEN], from: 5 });
  c1.send({ type: "gap", position: 100, from: 6, to: 99, reason: "older than the log" });
  c1.send([book(100, 1, [{ price: "0.30", size: "1" }])]);
  await eventually(async () => assert.ok(s.book(TOKEN)));
  assert.equal(s.status().gaps, 1);
  assert.equal(s.status().position, 100);
  assert.deepEqual(events.map((e) => e.type), ["gap", "book"]);
});

test("a book that disagrees with the server's hash is asked for again; past the resync limit the stream fails", async (t) => {
  const srv = await setup(t);
  const states: string[] = [];
  const s = new MarketStream({ ...fast, baseUrl: srv.url, assetIds: [TOKEN], resyncsMax: 1 }, () => undefined);
  s.onState((st) => states.push(st));
  t.after(() => s.close());
  const c1 = await srv.conn(1);
  await c1.request(1);
  c1.send([book(10, 1, [{ price: "0.40", size: "10" }])]);
  c1.send([change(11, 2, "0.41", "5", [], "00".repeat(32))]);
  assert.deepEqual(await c1.request(2), { type: "unsubscribe", assets_ids: [TOKEN] });
  assert.deepEqual(await c1.request(3), { type: "subscribe", assets_ids: [TOKEN] }, "a subscribe without from brings a snapshot");
  assert.equal(s.book(TOKEN), undefined, "the wrong book is dropped");
  assert.equal(s.status().hashMismatches, 1);

  c1.send([book(11, 3, [{ price: "0.41", size: "5" }])]);
  await eventually(async () => assert.deepEqual(s.book(TOKEN)?.bids, [{ price: "0.41", size: "5" }]));
  c1.send([change(12, 4, "0.42", "1", [], "00".repeat(32))]);
  await eventually(async () => assert.equal(s.status().state, "failed"));
  const err = s.status().lastError;
  assert.ok(err instanceof StreamFinalError && err.code === "STREAM_RESYNC_LIMIT", String(err));
  assert.deepEqual(states, ["connected", "failed"]);
});

test("a user stream authenticates by message, resumes after a shutdown close, and ends on refused credentials", async (t) => {
  const srv = await setup(t);
  const creds = { apiKey: "key-1", secret: "c2VjcmV0LXNlY3JldC1zZWNyZXQ=", passphrase: "pass" };
  const events: UserEvent[] = [];
  const s = new UserStream({ ...fast, baseUrl: srv.url, creds, markets: [MARKET], now: () => 1_700_000_000_000 }, (e) => events.push(e));
  t.after(() => s.close());

  const c1 = await srv.conn(1);
  assert.equal(c1.url, "/ws/user");
  const signature = await hmacSignature(creds.secret, "1700000000", "GET", "/ws/user", "");
  assert.deepEqual(await c1.request(1), { type: "auth", auth: { api_key: "key-1", passphrase: "pass", timestamp: "1700000000", signature } });
  assert.deepEqual(await c1.request(2), { type: "subscribe", markets: [MARKET] }, "no from: the stream starts where the server is");
  c1.send({ type: "subscribed", position: 40, channel: "user", assets_ids: [], markets: [MARKET] });
  await eventually(async () => assert.equal(s.status().position, 40, "a user stream starts after its subscribed position"));
  c1.socket.close(1001, "STREAM_SHUTTING_DOWN: the replica stops");

  const c2 = await srv.conn(2);
  await c2.request(1);
  assert.deepEqual(await c2.request(2), { type: "subscribe", markets: [MARKET], from: 40 });
  const order = { type: "order", position: 41, seq: 1, event: "PLACEMENT", id: `0x${"01".repeat(32)}`, market: MARKET, remaining: "10", status: "LIVE", timestamp_ms: 1 };
  c2.send([order]);
  await eventually(async () => assert.equal(s.status().position, 41));
  c2.socket.close(1008, "INVALID_API_KEY: the key was revoked");
  await eventually(async () => assert.equal(s.status().state, "failed"));
  const err = s.status().lastError;
  assert.ok(err instanceof StreamFinalError && err.code === "INVALID_API_KEY", String(err));
  assert.deepEqual(events.map((e) => e.type), ["subscribed", "order"]);
  // The scenario is "no further dial": wait well past the back-off, then count connections.
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(srv.conns.length, 2, "a refused key is not dialled again");
});

test("a sports stream resumes with ?from= its last position, a ping's included", async (t) => {
  const srv = await setup(t);
  const events: SportsEvent[] = [];
  const s = new SportsStream({ ...fast, baseUrl: srv.url }, (e) => events.push(e));
  t.after(() => s.close());
  const c1 = await srv.conn(1);
  assert.equal(c1.url, "/ws/sports");
  const game = { type: "sport_result", position: 3, gameId: "1", leagueAbbreviation: "nba", slug: "g", homeTeam: "A", awayTeam: "B", status: "live",
    score: "1-0", period: "", elapsed: "", live: true, ended: false, homeScore: 1, awayScore: 0, scheduledAt: "2026-11-27T00:00:00Z" };
  c1.send([game]);
  c1.send({ type: "ping", position: 5 });
  await eventually(async () => assert.equal(s.status().position, 5));
  c1.socket.terminate();
  const c2 = await srv.conn(2);
  assert.equal(c2.url, "/ws/sports?from=5");
  assert.deepEqual(events.map((e) => e.type), ["sport_result"], "pings are not delivered");
});

test("a stream pings the server, and drops and dials again a connection that stays silent", async (t) => {
  const srv = await setup(t);
  const s = new SportsStream({ ...fast, baseUrl: srv.url, pingIntervalMs: 20, idleTimeoutMs: 300 }, () => undefined);
  t.after(() => s.close());
  const c1 = await srv.conn(1);
  assert.deepEqual(await c1.request(1), { type: "ping" });
  await srv.conn(2); // the server never answered: the idle timeout dropped c1
  assert.ok(s.status().lastError?.message.includes("no frame"), String(s.status().lastError));
});

test("a market stream subscribes more tokens live, each with its snapshot, and drops those unsubscribed", async (t) => {
  const srv = await setup(t);
  const s = new MarketStream({ ...fast, baseUrl: srv.url, assetIds: [TOKEN] }, () => undefined);
  t.after(() => s.close());
  const c1 = await srv.conn(1);
  assert.deepEqual(await c1.request(1), { type: "subscribe", assets_ids: [TOKEN] });
  c1.send([book(10, 1, [{ price: "0.40", size: "10" }])]);
  await eventually(async () => assert.ok(s.book(TOKEN)));
  s.subscribe({ assetIds: ["777", TOKEN], markets: [MARKET] });
  assert.deepEqual(await c1.request(2), { type: "subscribe", assets_ids: ["777"], markets: [MARKET] }, "only what is new, without from");
  s.unsubscribe({ assetIds: [TOKEN] });
  assert.deepEqual(await c1.request(3), { type: "unsubscribe", assets_ids: [TOKEN] });
  assert.equal(s.book(TOKEN), undefined, "its book is dropped");
});

test("StreamClient makes each channel's stream and tells one listener of their states", async (t) => {
  const srv = await setup(t);
  const client = new StreamClient({ ...fast, clobUrl: srv.url, gammaUrl: srv.url });
  const states: string[] = [];
  client.onState((channel, state) => states.push(`${channel} ${state}`));
  client.subscribeMarket([TOKEN], () => undefined);
  client.subscribeSports(() => undefined);
  await srv.conn(2);
  await eventually(async () => assert.deepEqual([...states].sort(), ["market connected", "sports connected"]));
  assert.deepEqual(srv.conns.map((c) => c.url).sort(), ["/ws/market", "/ws/sports"]);
  client.close();
  assert.deepEqual(states.slice(2).sort(), ["market closed", "sports closed"]);
});
