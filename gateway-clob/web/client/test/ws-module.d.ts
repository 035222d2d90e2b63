// The little of the ws package (viem's own WebSocket dependency, pinned
// in the workspace's lock) the tests use; it ships no types.
declare module "ws" {
  import type { IncomingMessage } from "node:http";
  import type { AddressInfo } from "node:net";

  export const WebSocket: new (url: string) => globalThis.WebSocket;

  export interface ServerSocket {
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(ev: "message", cb: (data: Buffer, isBinary: boolean) => void): this;
    on(ev: "close", cb: () => void): this;
  }

  export class WebSocketServer {
    constructor(o: { port: number; host: string });
    on(ev: "connection", cb: (socket: ServerSocket, req: IncomingMessage) => void): this;
    on(ev: "listening", cb: () => void): this;
    address(): AddressInfo;
    close(cb?: () => void): void;
    clients: Set<ServerSocket>;
  }
}
