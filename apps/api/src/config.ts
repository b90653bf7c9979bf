import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env (docs/conventions.md#layout). */

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: string[], hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

/** GSI 淡色地図 (地理院タイル): the default raster tiles over the offline basemap. */
export const GSI_PALE_TILE_URL = 'https://cyberjapandata.gsi.go.jp/xyz/pale/{z}/{x}/{y}.png';
export const GSI_TILE_ATTRIBUTION = '地理院タイル';

/** argon2id's memory cost in production: OWASP's recommended minimum (19 MiB). */
export const PRODUCTION_PASSWORD_HASH_MEMORY_KIB = 19_456;

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Unset: loopback in development and test, every interface in production. */
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'must be a postgres:// URL'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'must be a redis:// URL'),
  /** Every Redis key starts with it: several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1–64 letters, digits, _ : . or -')
    .default('ekispot:'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  /** S3-compatible object storage for images (docs/deploy.md#image-storage); unset: DATA_DIR/images. */
  S3_URL: optionalUrl(['s3:', 's3+http:', 's3+https:'], 'must be an s3+https:// or s3+http:// URL'),
  /**
   * On SIGTERM, how long to keep serving (with readiness at 503) before closing the listener,
   * so the load balancer has noticed; then requests in flight get up to 10 s to finish.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  MAIL_FROM: z.string().min(3).default('えきスポ <no-reply@ekispot.localhost>'),
  /** Raster tiles over the offline basemap; `off` keeps the offline basemap only (tests, CI). */
  MAP_TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .union([
        z.literal('off'),
        z
          .string()
          .regex(
            /^https?:\/\/[^\s]+\{z\}[^\s]*$/,
            'must be off, or an http(s) URL template containing {z}, {x} and {y}',
          )
          .refine(
            (value) => value.includes('{x}') && value.includes('{y}'),
            'must contain {x} and {y}',
          ),
      ])
      .default(GSI_PALE_TILE_URL),
  ),
  /** Shown with the tiles; defaults to 地理院タイル for the default tiles. */
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Which proxies' X-Forwarded-* headers to believe (client IPs for the limits, the protocol):
   * `false`, how many proxies stand in front (`1` behind one nginx), or their addresses and
   * networks (`10.0.0.0/8,127.0.0.1`). `true` believes any client: refused in production.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine(
      (value) => /^(true|false|\d{1,2})$/.test(value) || value.split(',').every(isAddressOrNetwork),
      'false, a number of proxies, or their addresses and networks (10.0.0.0/8,127.0.0.1, loopback)',
    ),
  /**
   * The development mailbox at /dev/mail: `auto` opens it only when the server listens on
   * loopback; `true` opens it on any listen address (still to loopback clients only).
   */
  DEV_MAILBOX: z.enum(['auto', 'true', 'false']).default('auto'),
  /** PostgreSQL: connection and statement timeout (ms), so a stalled server fails fast. */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** A request that has not been answered by then gets 503 (uploads get longer). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** How often the mail worker looks at the outbox (docs/accounts.md#mail). */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** Limits for a day after sign-up (docs/moderation.md#new-accounts). */
  NEWCOMER_POSTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000).default(5),
  NEWCOMER_COMMENTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000).default(20),
  NEWCOMER_LINKS_PER_HOUR: z.coerce.number().int().min(0).max(1_000).default(3),
  /** How often the notification worker looks for undelivered work (docs/notifications.md#background-work). */
  NOTIFICATION_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /** How often each instance checks whether the moderators' daily digest is due (docs/moderation.md#daily-digest). */
  MODERATION_DIGEST_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),
  /**
   * Live streams one instance holds open, of each kind (notifications, new posts): about
   * 26 KiB each. Beyond, a new one is answered 503 with Retry-After.
   */
  OPEN_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /**
   * argon2id memory cost in KiB for new password hashes. The default is OWASP's minimum and
   * production refuses less; tests and journeys lower it so that a member costs no 19 MiB.
   */
  /**
   * Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints): both or
   * neither. Neither: made once and kept in the database, shared by every instance on it
   * (docs/pwa.md#vapid-keys).
   */
  PUSH_VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key in base64url (87 characters)')
      .optional(),
  ),
  PUSH_VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  /** Who push services may contact: mailto: or https:; by default PUBLIC_URL or MAIL_FROM's address. */
  PUSH_VAPID_SUBJECT: optionalUrl(['mailto:', 'https:'], 'must be a mailto: or https: URL'),
  /**
   * Test only (refused in production): hosts a push endpoint may name though they are not
   * public, on any port: the tests' local push service (docs/testing.md#test-only-settings).
   */
  PUSH_ALLOWED_TEST_HOSTS: z
    .string()
    .default('')
    .transform((value) => value.split(',').flatMap((host) => host.trim().toLowerCase() || [])),
  /** Test only (refused in production): a PEM certificate trusted for push, the local service's. */
  PUSH_TEST_CA_FILE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** A 駅データ.jp download a start imports instead of the bundled data (tests' small sets). */
  STATION_IMPORT_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(1_048_576)
    .default(PRODUCTION_PASSWORD_HASH_MEMORY_KIB),
});

export type Env = z.infer<typeof configSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  /** S3-compatible image storage; unset: the local folder DATA_DIR/images. */
  s3Url: string | undefined;
  shutdownDelayMs: number;
  mailFrom: string;
  mapTileUrl: string | undefined;
  mapTileAttribution: string;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Off, on for anyone (never in production), the proxies' addresses, or a hop count: the
   * nearest `n` addresses of the chain (the socket's peer first) are proxies.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** The built web app; served when the folder exists. */
  webDistDir: string;
  /** Whether /dev/mail is served (to loopback clients only); never in production. */
  devMailbox: boolean;
  databaseTimeoutMs: number;
  requestTimeoutMs: number;
  mailPollIntervalMs: number;
  newcomerLimits: { postsPerHour: number; commentsPerHour: number; linksPerHour: number };
  notificationPollIntervalMs: number;
  moderationDigestIntervalMs: number;
  openStreamsMax: number;
  passwordHashMemoryKib: number;
  stationImportDir: string | undefined;
  push: PushConfig;
}

export interface PushConfig {
  /** The configured VAPID key pair; null: the one kept in the database (made on first use). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** The VAPID `sub` claim: mailto: or https:. */
  subject: string;
  /** Hosts let through the address guard (tests only; lib/public-address.ts). */
  allowedTestHosts: string[];
  /** A PEM file of a certificate to trust for pushes besides the usual ones (tests only). */
  testCaFile: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Loopback listen addresses: nobody from another machine can reach the server. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value = source[name];
        // URLs may carry credentials: never echo them back.
        const shown = value === undefined || name.endsWith('_URL') ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const host = env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  if (env.NODE_ENV === 'production' && env.DEV_MAILBOX === 'true') {
    throw new ConfigError([
      'DEV_MAILBOX: the development mailbox shows every mail with its links; it cannot be enabled in production',
    ]);
  }
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY === 'true') {
    throw new ConfigError([
      'TRUST_PROXY: true believes the X-Forwarded-For any client writes, so anyone could pass any per-address limit; give the number of proxies in front (1 behind one nginx or load balancer) or their addresses (10.0.0.0/8,127.0.0.1) (docs/deploy.md#client-addresses)',
    ]);
  }
  if (
    env.NODE_ENV === 'production' &&
    env.PASSWORD_HASH_MEMORY_KIB < PRODUCTION_PASSWORD_HASH_MEMORY_KIB
  ) {
    throw new ConfigError([
      `PASSWORD_HASH_MEMORY_KIB: production keeps at least ${PRODUCTION_PASSWORD_HASH_MEMORY_KIB} (got "${env.PASSWORD_HASH_MEMORY_KIB}")`,
    ]);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    smtpUrl: env.SMTP_URL,
    s3Url: env.S3_URL,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    mailFrom: env.MAIL_FROM,
    mapTileUrl: env.MAP_TILE_URL === 'off' ? undefined : env.MAP_TILE_URL,
    mapTileAttribution:
      env.MAP_TILE_ATTRIBUTION ??
      (env.MAP_TILE_URL === GSI_PALE_TILE_URL ? GSI_TILE_ATTRIBUTION : ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist),
    databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    mailPollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    newcomerLimits: {
      postsPerHour: env.NEWCOMER_POSTS_PER_HOUR,
      commentsPerHour: env.NEWCOMER_COMMENTS_PER_HOUR,
      linksPerHour: env.NEWCOMER_LINKS_PER_HOUR,
    },
    notificationPollIntervalMs: env.NOTIFICATION_POLL_INTERVAL_MS,
    moderationDigestIntervalMs: env.MODERATION_DIGEST_INTERVAL_MS,
    openStreamsMax: env.OPEN_STREAMS_MAX,
    passwordHashMemoryKib: env.PASSWORD_HASH_MEMORY_KIB,
    stationImportDir: env.STATION_IMPORT_DIR && path.resolve(env.STATION_IMPORT_DIR),
    push: pushConfigOf(env, publicUrl),
    devMailbox:
      env.NODE_ENV !== 'production' &&
      !env.SMTP_URL &&
      (env.DEV_MAILBOX === 'true' || (env.DEV_MAILBOX === 'auto' && isLoopbackHost(host))),
  };
}

const TEST_ONLY_PUSH = ['PUSH_ALLOWED_TEST_HOSTS', 'PUSH_TEST_CA_FILE'] as const;

function pushConfigOf(env: Env, publicUrl: string): PushConfig {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production') {
    for (const name of TEST_ONLY_PUSH) {
      if (env[name] !== undefined && env[name].length > 0)
        problems.push(
          `${name}: lets pushes reach addresses that are not public or trusts another certificate; tests only, refused in production`,
        );
    }
  }
  if ((env.PUSH_VAPID_PUBLIC_KEY === undefined) !== (env.PUSH_VAPID_PRIVATE_KEY === undefined)) {
    problems.push(
      'PUSH_VAPID_PUBLIC_KEY, PUSH_VAPID_PRIVATE_KEY: give both keys of the pair, or neither (docs/pwa.md#vapid-keys)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const mailAddress = /<([^<>\s]+@[^<>\s]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return {
    vapidKeys:
      env.PUSH_VAPID_PUBLIC_KEY && env.PUSH_VAPID_PRIVATE_KEY
        ? { publicKey: env.PUSH_VAPID_PUBLIC_KEY, privateKey: env.PUSH_VAPID_PRIVATE_KEY }
        : null,
    subject:
      env.PUSH_VAPID_SUBJECT ??
      (publicUrl.startsWith('https://') ? publicUrl : `mailto:${mailAddress}`),
    allowedTestHosts: env.PUSH_ALLOWED_TEST_HOSTS,
    testCaFile: env.PUSH_TEST_CA_FILE,
  };
}

/** `10.0.0.1`, `::1`, a network such as `10.0.0.0/8`, or a named range (`loopback`…). */
function isAddressOrNetwork(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value.trim())) return true;
  const [address = '', bits, ...rest] = value.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function trustProxyOf(value: string): AppConfig['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    // Fastify takes a bare number as "trust nobody"; this is the count the setting means.
    const hops = Number(value);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return value.split(',').map((entry) => entry.trim());
}
