// A devnet for the tests: the repository's devnet binary, built with go
// build into a temp dir and started on free ports with its own data dir.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The repository's scripts module, from dist/test. */
const scriptsDir = fileURLToPath(new URL("../../../../../scripts/", import.meta.url));

/** How long the build and the start may take on a cold, shared machine. */
export const DEVNET_BUILD_TIMEOUT_MS = 600_000;
export const DEVNET_START_TIMEOUT_MS = 120_000;
/** How long the devnet may take to stop on SIGINT before it is killed. */
export const DEVNET_STOP_GRACE_MS = 30_000;
/** The line the devnet prints once every API answers. */
const READY_LINE = "pred devnet is running.";

export interface Devnet {
  clobUrl: string;
  gammaUrl: string;
  relayerUrl: string;
  stop(): Promise<void>;
}

export async function startDevnet(): Promise<Devnet> {
  const dir = await mkdtemp(join(tmpdir(), "pred-client-devnet-"));
  const devnetBin = join(dir, "devnet");
  try {
    await run("go", ["build", "-o", devnetBin, "./cmd/devnet"], { cwd: scriptsDir, timeout: DEVNET_BUILD_TIMEOUT_MS });
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  const [api, gamma, relayer, chain] = await freePorts(4);
  const addr = (p: number | undefined) => `127.0.0.1:${p}`;
  const child = spawn(
    devnetBin,
    [
      "-data-dir", join(dir, "data"),
      "-api-addr", addr(api),
      "-gamma-addr", addr(gamma),
      "-relayer-addr", addr(relayer),
      "-chain-addr", addr(chain),
      "-nats-port", "-1",
      "-admin-addr", "",
      "-reconcile-addr", "",
      "-log-level", "warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const stop = async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await ready(child);
  } catch (e) {
    await stop();
    throw e;
  }
  return { clobUrl: `http://${addr(api)}`, gammaUrl: `http://${addr(gamma)}`, relayerUrl: `http://${addr(relayer)}`, stop };
}

/** freePorts asks the kernel for n free ports (closed again at once). */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: n }, () => new Promise<ReturnType<typeof createServer>>((resolve) => {
      const s = createServer();
      s.listen(0, "127.0.0.1", () => resolve(s));
    })),
  );
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** ready waits for the banner, or fails with the devnet's stderr. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    let errText = "";
    const timer = setTimeout(() => reject(new Error(`devnet did not start in ${DEVNET_START_TIMEOUT_MS} ms:\n${errText}`)), DEVNET_START_TIMEOUT_MS);
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (b: Buffer) => (errText += b.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`devnet exited with ${code} before it was ready:\n${errText}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), DEVNET_STOP_GRACE_MS);
    child.on("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGINT");
  });
}
