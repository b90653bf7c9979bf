/**
 * Coalesces look-ups of many concurrent requests into one query per round (docs/stations.md):
 * keys asked for while a query runs wait for the next one, which starts as soon as it ends and
 * asks for all of them at once. A request therefore never gets an answer read before it
 * arrived, and 50 requests cost a handful of queries instead of 50.
 */
export function createBatchLoader<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>) {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let queue = new Map<K, Waiter[]>();
  let running = false;

  async function run(): Promise<void> {
    if (running || queue.size === 0) return;
    running = true;
    const batch = queue;
    queue = new Map();
    try {
      const values = await loadMany([...batch.keys()]);
      for (const [key, waiters] of batch)
        for (const waiter of waiters) waiter.resolve(values.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      running = false;
      void run();
    }
  }

  return (key: K): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const waiters = queue.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else queue.set(key, [{ resolve, reject }]);
      // Start after the event loop has read every request that is waiting (the check phase
      // follows the poll phase), so they share the query: on PGlite a query runs on this very
      // thread, and no request could join it while it runs.
      setImmediate(() => void run());
    });
}
