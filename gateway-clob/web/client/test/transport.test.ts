// The transport against a real HTTP server: 429s waited out as long as
// Retry-After says, within the policy's bounds; error answers become a
// PredApiError with the stable code.
import assert from "node:assert/strict";
import { test } from "node:test";

import { privateKeyToAccount } from "viem/accounts";

import { ClobClient, PredApiError, PredNoAnswerError, retryAfterMs } from "../src/index.js";
import { ScriptedServer } from "./server.js";

const limited = (retryAfter: string) => ({
  status: 429,
  headers: { "Retry-After": retryAfter },
  body: JSON.stringify({ error: "too many requests", code: "RATE_LIMITED" }),
});

test("a 429 is waited out for its Retry-After, then the call succeeds", async (t) => {
  const srv = await ScriptedServer.start([limited("1"), limited("1"), { status: 200, body: "1767225600" }]);
  t.after(() => srv.close());
  const waits: number[] = [];
  const c = new ClobClient({ baseUrl: srv.url, rateLimit: { retries: 3, waitMaxMs: 5_000, onWait: (w) => waits.push(w.delayMs) } });
  const start = Date.now();
  assert.equal(await c.time(), 1767225600);
  assert.equal(srv.seen.length, 3);
  assert.deepEqual(waits, [1000, 1000]);
  assert.ok(Date.now() - start >= 2000, "the client waited the two Retry-After seconds");
});

test("retries are bounded: the last 429 is returned", async (t) => {
  const srv = await ScriptedServer.start([limited("0")]);
  t.after(() => srv.close());
  const c = new ClobClient({ baseUrl: srv.url, rateLimit: { retries: 2, waitMaxMs: 5_000 } });
  await assert.rejects(c.time(), (e) => e instanceof PredApiError && e.status === 429 && e.code === "RATE_LIMITED");
  assert.equal(srv.seen.length, 3);
});

test("a Retry-After longer than waitMaxMs is returned at once", async (t) => {
  const srv = await ScriptedServer.start([limited("3600")]);
  t.after(() => srv.close());
  const c = new ClobClient({ baseUrl: srv.url, rateLimit: { retries: 3, waitMaxMs: 5_000 } });
  await assert.rejects(c.time(), (e) => e instanceof PredApiError && e.retryAfterMs === 3_600_000);
  assert.equal(srv.seen.length, 1);
});

test("an error answer carries its code, message, order id and request id", async (t) => {
  const body = JSON.stringify({ error: "engine unavailable", code: "ENGINE_UNAVAILABLE", orderID: "0xabc" });
  const srv = await ScriptedServer.start([{ status: 503, headers: { "X-Request-Id": "req-9" }, body }]);
  t.after(() => srv.close());
  const c = new ClobClient({ baseUrl: srv.url });
  await assert.rejects(c.getBook("1"), (e) => {
    assert.ok(e instanceof PredApiError);
    assert.deepEqual([e.status, e.code, e.orderId, e.requestId, e.api], [503, "ENGINE_UNAVAILABLE", "0xabc", "req-9", "clob"]);
    assert.match(e.message, /engine unavailable/);
    return true;
  });
});

test("a body that is not an API error is INTERNAL_ERROR with the text", async (t) => {
  const srv = await ScriptedServer.start([{ status: 502, body: "<html>bad gateway</html>" }]);
  t.after(() => srv.close());
  await assert.rejects(new ClobClient({ baseUrl: srv.url }).time(), (e) => e instanceof PredApiError && e.code === "INTERNAL_ERROR" && e.message.includes("bad gateway"));
});

test("no answer is a PredNoAnswerError", async () => {
  const srv = await ScriptedServer.start([{ status: 200, body: "1" }]);
  const url = srv.url;
  await srv.close();
  await assert.rejects(new ClobClient({ baseUrl: url }).time(), PredNoAnswerError);
});

test("Retry-After as an HTTP date counts from the answer's Date", () => {
  const h = new Headers({ "Retry-After": "Wed, 21 Oct 2015 07:28:30 GMT", Date: "Wed, 21 Oct 2015 07:28:00 GMT" });
  assert.equal(retryAfterMs(h, 0), 30_000);
  assert.equal(retryAfterMs(new Headers({ "Retry-After": "soon" }), 0), 0);
  assert.equal(retryAfterMs(new Headers(), 0), 0);
});

test("an L1 call whose nonce was used is signed again with a new nonce", async (t) => {
  const used = { status: 401, body: JSON.stringify({ error: "nonce used", code: "L1_NONCE_ALREADY_USED" }) };
  const creds = { apiKey: "k", secret: "c2VjcmV0", passphrase: "p" };
  const srv = await ScriptedServer.start([used, { status: 200, body: JSON.stringify(creds) }]);
  t.after(() => srv.close());
  const signer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  const c = new ClobClient({ baseUrl: srv.url, signer, chain: { chainId: 1337, exchange: signer.address, negRiskExchange: signer.address } });
  assert.deepEqual(await c.createApiKey(), creds);
  const nonces = srv.seen.map((s) => s.headers["pred_nonce"]);
  assert.equal(nonces.length, 2);
  assert.ok(nonces[0] && nonces[1] && nonces[0] !== nonces[1], `two nonces: ${nonces.join(", ")}`);
});
