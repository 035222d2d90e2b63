// eventually is how a test waits for a state: it asks again until the
// check passes or the deadline comes, then fails with the last error.
export const EVENTUALLY_TIMEOUT_MS = 30_000;
export const EVENTUALLY_GAP_MS = 100;

export async function eventually<T>(check: () => Promise<T>, timeoutMs = EVENTUALLY_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() >= deadline) throw e;
    }
    await new Promise((r) => setTimeout(r, EVENTUALLY_GAP_MS));
  }
}
