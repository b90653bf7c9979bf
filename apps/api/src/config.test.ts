import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mapTileUrl).toBe('https://cyberjapandata.gsi.go.jp/xyz/pale/{z}/{x}/{y}.png');
    expect(config.mapTileAttribution).toBe('地理院タイル');
    expect(config.env).toBe('development');
    // Development listens on loopback only, where the development mailbox is safe.
    expect(config.host).toBe('127.0.0.1');
    expect(config.devMailbox).toBe(true);
  });

  it('listens on every interface in production, with no development mailbox', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.devMailbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).devMailbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' }).devMailbox).toBe(false);
  });

  it('turns map tiles off with MAP_TILE_URL=off, and takes another template', () => {
    expect(loadConfig({ MAP_TILE_URL: 'off' }).mapTileUrl).toBeUndefined();
    const other = loadConfig({
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example',
    });
    expect(other.mapTileUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(other.mapTileAttribution).toBe('© Example');
  });

  it('trusts proxies by address or count, and refuses to trust any client in production', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    const hops = loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    // One proxy: the socket's peer is it; the address it appended is the client.
    expect((hops as (address: string, hop: number) => boolean)('10.0.0.5', 0)).toBe(true);
    expect((hops as (address: string, hop: number) => boolean)('198.51.100.1', 1)).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true believes the X-Forwarded-For any client writes/,
    );
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1/8/1', '999.0.0.1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad variable, without echoing URLs that may hold secrets', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://user:hunter2@db/x',
        MAP_TILE_URL: 'https://tiles.example/{z}.png',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const { problems, message } = caught as ConfigError;
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'MAP_TILE_URL',
      'PORT',
    ]);
    expect(message).toContain('PORT');
    expect(message).toContain('"eighty"');
    expect(message).not.toContain('hunter2');
  });

  it('accepts a raster tile template and PostgreSQL URL', () => {
    const config = loadConfig({
      MAP_TILE_URL: 'https://cyberjapandata.gsi.go.jp/xyz/pale/{z}/{x}/{y}.png',
      DATABASE_URL: 'postgres://localhost:5432/ekispot',
      PUBLIC_URL: 'https://ekispot.example/',
    });
    expect(config.mapTileUrl).toContain('{z}/{x}/{y}');
    expect(config.databaseUrl).toBe('postgres://localhost:5432/ekispot');
    expect(config.publicUrl).toBe('https://ekispot.example');
  });

  it('reads the settings for several instances', () => {
    const defaults = loadConfig({});
    expect([defaults.s3Url, defaults.redisKeyPrefix, defaults.shutdownDelayMs]).toEqual([
      undefined,
      'ekispot:',
      0,
    ]);
    const config = loadConfig({
      S3_URL: 's3+https://key:secret@minio.internal:9000/images?path_style=true',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'staging:',
      SHUTDOWN_DELAY_MS: '5000',
    });
    expect(config.s3Url).toBe('s3+https://key:secret@minio.internal:9000/images?path_style=true');
    expect([config.redisKeyPrefix, config.shutdownDelayMs]).toEqual(['staging:', 5000]);
    expect(loadConfig({ S3_URL: 's3://ekispot-images?region=ap-northeast-1' }).s3Url).toBeDefined();
  });

  it('refuses a bad S3_URL without echoing its credentials', () => {
    let message = '';
    try {
      loadConfig({ S3_URL: 'https://key:hunter2@minio.internal/images', REDIS_KEY_PREFIX: 'a b' });
    } catch (error) {
      message = error instanceof ConfigError ? error.message : '';
    }
    expect(message).toContain('S3_URL');
    expect(message).toContain('REDIS_KEY_PREFIX');
    expect(message).not.toContain('hunter2');
  });

  it('takes faster background polls and a cheaper password hash for tests, never in production', () => {
    const defaults = loadConfig({});
    expect([defaults.mailPollIntervalMs, defaults.notificationPollIntervalMs]).toEqual([
      5000, 2000,
    ]);
    expect(defaults.passwordHashMemoryKib).toBe(19_456);
    const fast = loadConfig({
      MAIL_POLL_INTERVAL_MS: '100',
      NOTIFICATION_POLL_INTERVAL_MS: '100',
      PASSWORD_HASH_MEMORY_KIB: '64',
    });
    expect([fast.mailPollIntervalMs, fast.notificationPollIntervalMs]).toEqual([100, 100]);
    expect(fast.passwordHashMemoryKib).toBe(64);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '64' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB: production keeps at least 19456/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '65536' })
        .passwordHashMemoryKib,
    ).toBe(65_536);
  });

  it('takes a VAPID pair or none, and the push test settings never in production', () => {
    const pair = {
      PUSH_VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      PUSH_VAPID_PRIVATE_KEY: 'k'.repeat(43),
    };
    expect(loadConfig(pair).push.vapidKeys).toEqual({
      publicKey: pair.PUSH_VAPID_PUBLIC_KEY,
      privateKey: pair.PUSH_VAPID_PRIVATE_KEY,
    });
    expect(loadConfig({}).push.vapidKeys).toBeNull();
    expect(() => loadConfig({ PUSH_VAPID_PUBLIC_KEY: pair.PUSH_VAPID_PUBLIC_KEY })).toThrow(
      /give both keys of the pair, or neither/,
    );
    expect(() => loadConfig({ ...pair, PUSH_VAPID_PRIVATE_KEY: 'short' })).toThrow(ConfigError);
    // The subject: the public https address, else the sender's mail address.
    expect(loadConfig({}).push.subject).toBe('mailto:no-reply@ekispot.localhost');
    expect(loadConfig({ PUBLIC_URL: 'https://ekispot.example/' }).push.subject).toBe(
      'https://ekispot.example',
    );
    expect(loadConfig({ PUSH_VAPID_SUBJECT: 'mailto:ops@ekispot.example' }).push.subject).toBe(
      'mailto:ops@ekispot.example',
    );
    expect(() => loadConfig({ PUSH_VAPID_SUBJECT: 'http://ekispot.example' })).toThrow(ConfigError);

    const test = loadConfig({ PUSH_ALLOWED_TEST_HOSTS: '127.0.0.1, Localhost' });
    expect(test.push.allowedTestHosts).toEqual(['127.0.0.1', 'localhost']);
    expect(loadConfig({ NODE_ENV: 'production' }).push.allowedTestHosts).toEqual([]);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUSH_ALLOWED_TEST_HOSTS: '127.0.0.1' }),
    ).toThrow(/PUSH_ALLOWED_TEST_HOSTS: .*refused in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_TEST_CA_FILE: '/tmp/ca.pem' })).toThrow(
      /PUSH_TEST_CA_FILE: .*refused in production/,
    );
  });
});
