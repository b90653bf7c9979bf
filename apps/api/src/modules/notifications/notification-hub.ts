import { openRedisChannel, type RedisChannelOptions } from '../../lib/redis-channel.js';

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

export type RedisHubOptions = RedisChannelOptions;

/** The hub over a Redis channel: every instance relays what it hears to its own streams. */
export async function createRedisHub(options: RedisHubOptions): Promise<NotificationHub> {
  const registry = createListenerRegistry();
  const channel = await openRedisChannel(options);
  channel.onMessage((message) => registry.dispatch(message.split(',')));
  return {
    publish(userIds) {
      for (let i = 0; i < userIds.length; i += IDS_PER_MESSAGE) {
        channel.publish(userIds.slice(i, i + IDS_PER_MESSAGE).join(','));
      }
    },
    subscribe: (userId, listener) => registry.add(userId, listener),
    listenerCount: () => registry.count(),
    close: () => channel.close(),
  };
}
