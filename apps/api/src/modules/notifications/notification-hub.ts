import type { Redis } from 'ioredis';

/**
 * Tells the open streams of a member that something changed for them (a notification came or
 * went, some were read). The message carries only member ids: each stream then reads what is
 * new from the database, so a lost or doubled message costs nothing but a query
 * (docs/notifications.md#live-stream).
 *
 * In-process by default; with Redis, every instance publishes to one channel and relays what
 * it hears to its own streams, so a like on instance 1 reaches a stream on instance 2.
 */
export interface NotificationHub {
  publish(userIds: readonly string[]): void;
  /** Calls `listener` whenever `userId` is published; returns the unsubscribe. */
  subscribe(userId: string, listener: () => void): () => void;
  /** How many listeners are open (tests, benchmarks). */
  listenerCount(): number;
  close(): Promise<void>;
}

/** Member ids per message, so a fan-out to 10,000 followers is a few messages. */
const IDS_PER_MESSAGE = 500;

function createListenerRegistry() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    add(userId: string, listener: () => void) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    dispatch(userIds: readonly string[]) {
      for (const userId of userIds) {
        for (const listener of listeners.get(userId) ?? []) listener();
      }
    },
    count() {
      let total = 0;
      for (const set of listeners.values()) total += set.size;
      return total;
    },
  };
}

export function createMemoryHub(): NotificationHub {
  const registry = createListenerRegistry();
  return {
    publish: (userIds) => registry.dispatch(userIds),
    subscribe: (userId, listener) => registry.add(userId, listener),
    listenerCount: () => registry.count(),
    close: async () => {},
  };
}

/** How long the start waits for the subscription when Redis is slow or away. */
const SUBSCRIBE_WAIT_MS = 3_000;

export interface RedisHubOptions {
  /** Publishes; also the connection `duplicate()` copies for subscribing. */
  redis: Redis;
  /** Channel name; tests give each run its own. */
  channel: string;
  onError?: (error: unknown) => void;
}

/**
 * Publishes through the shared client and listens on a duplicate of it (a subscribed Redis
 * connection can do nothing else); the duplicate is closed with the hub.
 */
export async function createRedisHub(options: RedisHubOptions): Promise<NotificationHub> {
  const registry = createListenerRegistry();
  // The process's client fails fast while Redis is gone (lib/redis.ts); the subscriber instead
  // connects at once, queues its subscription until Redis answers, and subscribes again after
  // every reconnect.
  const subscriber = options.redis.duplicate({
    lazyConnect: false,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
  });
  // ioredis reports every failed reconnect (a 40 s outage is dozens): one report per outage,
  // from the subscriber or a publish, until the subscriber is ready again.
  let failing = false;
  const onError = (error: unknown) => {
    if (failing) return;
    failing = true;
    options.onError?.(error);
  };
  subscriber.on('error', onError);
  subscriber.on('ready', () => {
    failing = false;
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== options.channel) return;
    registry.dispatch(message.split(','));
  });
  // Starting without Redis is allowed: wait a little for the subscription, never for ever.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    subscriber.subscribe(options.channel).catch(onError),
    new Promise((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return {
    publish(userIds) {
      for (let i = 0; i < userIds.length; i += IDS_PER_MESSAGE) {
        const chunk = userIds.slice(i, i + IDS_PER_MESSAGE).join(',');
        options.redis.publish(options.channel, chunk).catch(onError);
      }
    },
    subscribe: (userId, listener) => registry.add(userId, listener),
    listenerCount: () => registry.count(),
    async close() {
      // During an outage a QUIT would wait in the offline queue for ever: just disconnect.
      if (subscriber.status !== 'ready') subscriber.disconnect();
      else await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
