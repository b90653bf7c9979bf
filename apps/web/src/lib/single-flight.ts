/**
 * Keys of actions whose request is still running. A toggle (いいね, 行きたい…) pressed again
 * while its request is in flight — a double click, a double tap — is dropped, so it counts
 * once; the check is synchronous, unlike a component's pending state, which a second click in
 * the same frame would not see yet.
 */
const inFlight = new Set<string>();

/**
 * Starts `run` unless an action with the same key is still running, and returns whether it
 * started. Failures are the caller's to report (through its mutation callbacks); here they
 * only release the key.
 */
export function runExclusive(key: string, run: () => Promise<unknown>): boolean {
  if (inFlight.has(key)) return false;
  inFlight.add(key);
  void run()
    .catch(() => undefined)
    .finally(() => inFlight.delete(key));
  return true;
}

export function isRunning(key: string): boolean {
  return inFlight.has(key);
}
