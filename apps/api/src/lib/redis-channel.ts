import type { Redis } from 'ioredis';

/**
 * One Redis pub/sub channel between the instances of the app: what one instance publishes, every
 * instance hears (itself included). Messages are hints that something changed, never the data:
 * a lost message must cost no more than a slower update (docs/deploy.md#architecture).
 */
export interface RedisChannel {
  publish(message: string): void;
  /** Calls `listener` with each message heard on the channel. */
  onMessage(listener: (message: string) => void): void;
  close(): Promise<void>;
}

export interface RedisChannelOptions {
  /** Publishes; also the connection `duplicate()` copies for subscribing. */
  redis: Redis;
  /** Channel name; tests give each run its own. */
  channel: string;
  /** Called once per outage (not once per failed reconnect). */
  onError?: (error: unknown) => void;
}

/** How long opening waits for the subscription when Redis is slow or away. */
const SUBSCRIBE_WAIT_MS = 3_000;

/**
 * Publishes through the shared client and listens on a duplicate of it (a subscribed Redis
 * connection can do nothing else); the duplicate is closed with the channel. Opening without
 * Redis is allowed: it waits a little for the subscription, never for ever, and subscribes when
 * Redis answers.
 */
export async function openRedisChannel(options: RedisChannelOptions): Promise<RedisChannel> {
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
  const listeners: ((message: string) => void)[] = [];
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== options.channel) return;
    for (const listener of listeners) listener(message);
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    subscriber.subscribe(options.channel).catch(onError),
    new Promise((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return {
    publish(message) {
      options.redis.publish(options.channel, message).catch(onError);
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async close() {
      // During an outage a QUIT would wait in the offline queue for ever: just disconnect.
      if (subscriber.status !== 'ready') subscriber.disconnect();
      else await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
