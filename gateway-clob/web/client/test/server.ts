// A real HTTP server on a free port for the transport's tests: it answers
// each request with the next scripted answer and records what it got.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export class ScriptedServer {
  readonly seen: Seen[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** start serves answers in turn, the last one for every request after. */
  static async start(answers: Answer[]): Promise<ScriptedServer> {
    let s: ScriptedServer | undefined;
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        s?.seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
        const a = answers[Math.min((s?.seen.length ?? 1) - 1, answers.length - 1)] ?? { status: 500, body: "" };
        res.writeHead(a.status, { "Content-Type": "application/json", ...a.headers });
        res.end(a.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    s = new ScriptedServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return s;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
