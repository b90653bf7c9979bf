/**
 * How many pages the server draws at once (docs/security.md#pages-are-keyed-on-what-they-read).
 * A page that is not kept costs a render of a hundred milliseconds and more on the one event
 * loop the API's reads share: a few run at once, a few more wait their turn, and beyond that a
 * page is answered 503 with Retry-After at once, as is a client that already has its share
 * running or waiting. A kept page passes no gate.
 *
 * Renders back to back would still take the whole loop, however few ran at once: each turn is
 * held after its render for as long again as the render took (`share` 0.5), so renders get at
 * most about half the loop's time and the API's reads the rest (a rest is at most half a second).
 */

export interface RenderGateLimits {
  /** Renders running at once on this instance. */
  running: number;
  /** Renders waiting for a turn, beyond those running. */
  waiting: number;
  /** Renders one client (its address) may have running or waiting. */
  perClient: number;
  /** The part of each turn's time its render may take; the rest the turn is held idle. */
  share: number;
}

/** A household, an office or a mobile carrier's address is many people: a client may have twice
 * the renders that run at once (two tabs, a reload) before it is refused.
 */
export const RENDER_GATE_LIMITS: RenderGateLimits = {
  running: 2,
  waiting: 8,
  perClient: 4,
  share: 0.5,
};

export interface RenderGate {
  /**
   * A turn for `client`: resolves with the function that gives it back once the render is done,
   * or null at once when the gate is full (or the client has its share).
   */
  enter(client: string): Promise<(() => void) | null>;
  /** Renders running and waiting (for tests and logs). */
  load(): { running: number; waiting: number };
}

const MAX_REST_MS = 500;

export function createRenderGate(limits: RenderGateLimits = RENDER_GATE_LIMITS): RenderGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const perClient = new Map<string, number>();

  function leave(client: string) {
    const left = (perClient.get(client) ?? 1) - 1;
    if (left > 0) perClient.set(client, left);
    else perClient.delete(client);
  }

  function passTurn() {
    const next = queue.shift();
    // The turn passes straight to the next in line: `running` stays as it is.
    if (next) next();
    else running -= 1;
  }

  return {
    async enter(client) {
      const mine = perClient.get(client) ?? 0;
      if (mine >= limits.perClient) return null;
      if (running >= limits.running && queue.length >= limits.waiting) return null;
      perClient.set(client, mine + 1);
      if (running < limits.running) running += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      const startedAt = performance.now();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        leave(client);
        // A render that took long was mostly waiting (for the database): no longer a rest.
        const rest = Math.min(
          (performance.now() - startedAt) * (1 / limits.share - 1),
          MAX_REST_MS,
        );
        if (rest < 1) passTurn();
        else setTimeout(passTurn, rest).unref();
      };
    },
    load: () => ({ running, waiting: queue.length }),
  };
}
