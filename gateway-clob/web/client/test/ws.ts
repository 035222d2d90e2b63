// WebSockets for the tests. The client uses the global WebSocket (the
// browser's; node 20's needs --experimental-websocket, which `make
// web-test` does not pass yet), so without it the tests hand the streams
// the ws package's, which has the same API. ScriptedStreamServer is a
// real WebSocket server on a free port that plays a script per
// connection and records what each connection was sent.
import { WebSocket as WsWebSocket, WebSocketServer, type ServerSocket } from "ws";

import type { WebSocketConstructor } from "../src/index.js";

export const TestWebSocket: WebSocketConstructor = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket ?? WsWebSocket;

/** One accepted connection: its URL, the requests it sent, and its socket to answer on. */
export class ServerConn {
  readonly received: Record<string, unknown>[] = [];
  private waiters: (() => void)[] = [];
  closed = false;

  constructor(
    readonly url: string,
    readonly socket: ServerSocket,
  ) {
    socket.on("message", (d) => {
      this.received.push(JSON.parse(d.toString()) as Record<string, unknown>);
      for (const w of this.waiters.splice(0)) w();
    });
    socket.on("close", () => (this.closed = true));
  }

  /** next waits until the connection has sent n requests and returns the nth (from 1). */
  async request(n: number): Promise<Record<string, unknown>> {
    while (this.received.length < n) await new Promise<void>((r) => this.waiters.push(r));
    return this.received[n - 1]!;
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }
}

export class ScriptedStreamServer {
  readonly conns: ServerConn[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly wss: WebSocketServer,
    readonly url: string,
  ) {
    wss.on("connection", (socket, req) => {
      this.conns.push(new ServerConn(req.url ?? "", socket));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async start(): Promise<ScriptedStreamServer> {
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise<void>((r) => wss.on("listening", r));
    return new ScriptedStreamServer(wss, `http://127.0.0.1:${wss.address().port}`);
  }

  /** conn waits for the nth connection (from 1). */
  async conn(n: number): Promise<ServerConn> {
    while (this.conns.length < n) await new Promise<void>((r) => this.waiters.push(r));
    return this.conns[n - 1]!;
  }

  close(): Promise<void> {
    for (const c of this.wss.clients) c.terminate();
    return new Promise((r) => this.wss.close(() => r()));
  }
}
