import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { createTestDatabase, testConfig } from '../../../test/test-app.js';
import { createMailWorker, enqueueMail } from './mail-outbox.service.js';
import { emailVerificationMail } from './mail-templates.js';
import { createDevMailTransport, createMailTransport, type MailLogger } from './mail-transport.js';

let database: DatabaseHandle;
let app: FastifyInstance;
const logged: { details: Record<string, unknown>; message: string }[] = [];
const captureLog: MailLogger = {
  info: (details, message) => logged.push({ details, message }),
  warn: () => undefined,
  error: () => undefined,
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ HOST: '127.0.0.1' }), { db: database.db });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the development outbox', () => {
  let mailId: string;

  beforeAll(async () => {
    const content = emailVerificationMail({
      name: '<img src=x onerror=alert(1)>',
      url: 'https://ekispot.example/verify-email?token=dev-token',
      expiresAt: new Date('2025-06-01T03:00:00Z'),
    });
    mailId = (await enqueueMail(database.db, { to: 'dev@example.com', ...content })).id;
    const worker = createMailWorker({
      db: database.db,
      transport: createDevMailTransport(captureLog),
      log: captureLog,
    });
    expect(await worker.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
  });

  it('logs the subject, recipient and links instead of sending, and marks the mail sent', () => {
    expect(logged).toHaveLength(1);
    expect(logged[0]?.details).toMatchObject({
      to: 'dev@example.com',
      subject: '【えきスポ】メールアドレスの確認をお願いします',
      links: ['https://ekispot.example/verify-email?token=dev-token'],
    });
  });

  it('lists mails on /dev/mail with clickable links, escaped, under a CSP without scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(response.body).toContain('開発用メールボックス');
    expect(response.body).toContain('【えきスポ】メールアドレスの確認をお願いします');
    expect(response.body).toContain('dev@example.com');
    expect(response.body).toContain('送信済み');
    expect(response.body).toContain(
      '<a href="https://ekispot.example/verify-email?token=dev-token">https://ekispot.example/verify-email?token=dev-token</a>',
    );
    expect(response.body).toContain(`href="/dev/mail/${mailId}"`);
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('shows one mail’s HTML body, sandboxed', async () => {
    const response = await app.inject({ method: 'GET', url: `/dev/mail/${mailId}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="https://ekispot.example/verify-email?token=dev-token"');
    expect(String(response.headers['content-security-policy'])).toMatch(
      /default-src 'none'.*sandbox/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown mail and 422 for a malformed id', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/dev/mail/0190a000-0000-7000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, status: 404 });
    expect((await app.inject({ method: 'GET', url: '/dev/mail/nope' })).statusCode).toBe(422);
  });
});

describe('where the development mailbox is served', () => {
  async function statusOf(env: Record<string, string>, remoteAddress: string) {
    const other = await buildApp(testConfig(env), { db: database.db });
    try {
      const response = await other.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      if (response.statusCode === 404) expect(response.json()).toMatchObject({ success: false });
      return response.statusCode;
    } finally {
      await other.close();
    }
  }

  it('answers only clients on this machine, when the server listens on loopback', async () => {
    expect(await statusOf({ HOST: '127.0.0.1' }, '127.0.0.1')).toBe(200);
    expect(await statusOf({ HOST: '::1' }, '::ffff:127.0.0.1')).toBe(200);
    expect(await statusOf({ HOST: '127.0.0.1' }, '203.0.113.9')).toBe(404);
    expect(await statusOf({ HOST: '127.0.0.1' }, '192.168.1.20')).toBe(404);
  });

  it('does not exist on a server listening on every interface unless enabled', async () => {
    expect(await statusOf({ HOST: '0.0.0.0' }, '127.0.0.1')).toBe(404);
    expect(await statusOf({ HOST: '0.0.0.0' }, '203.0.113.9')).toBe(404);
    expect(await statusOf({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' }, '127.0.0.1')).toBe(200);
    expect(await statusOf({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' }, '203.0.113.9')).toBe(404);
    expect(await statusOf({ HOST: '127.0.0.1', DEV_MAILBOX: 'false' }, '127.0.0.1')).toBe(404);
  });

  it('trusts no forwarded address that is not loopback as well', async () => {
    const other = await buildApp(testConfig({ HOST: '127.0.0.1', TRUST_PROXY: 'true' }), {
      db: database.db,
    });
    const response = await other.inject({
      method: 'GET',
      url: '/dev/mail',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    await other.close();
    expect(response.statusCode).toBe(404);
  });

  it('answers only by a loopback name: a DNS-rebound host or a proxied request is refused', async () => {
    const other = await buildApp(testConfig({ HOST: '127.0.0.1' }), { db: database.db });
    try {
      const status = async (headers: Record<string, string>) =>
        (
          await other.inject({
            method: 'GET',
            url: '/dev/mail',
            remoteAddress: '127.0.0.1',
            headers,
          })
        ).statusCode;
      expect(await status({ host: 'localhost:3000' })).toBe(200);
      expect(await status({ host: '127.0.0.1:3000' })).toBe(200);
      expect(await status({ host: '[::1]:3000' })).toBe(200);
      expect(await status({ host: 'rebound.attacker.example:3000' })).toBe(404);
      expect(await status({ host: '127.0.0.1.nip.example' })).toBe(404);
      expect(await status({ host: 'localhost:3000', 'x-forwarded-for': '127.0.0.1' })).toBe(404);
      // Whatever header a proxy used to say so.
      for (const [name, value] of [
        ['forwarded', 'for=127.0.0.1'],
        ['x-real-ip', '127.0.0.1'],
        ['via', '1.1 proxy'],
        ['x-forwarded-host', 'localhost:3000'],
        ['x-forwarded-proto', 'http'],
        ['true-client-ip', '127.0.0.1'],
      ] as const)
        expect({ name, status: await status({ host: 'localhost:3000', [name]: value }) }).toEqual({
          name,
          status: 404,
        });
    } finally {
      await other.close();
    }
  });

  it('is never served in production, and cannot be enabled there', async () => {
    expect(await statusOf({ NODE_ENV: 'production', HOST: '127.0.0.1' }, '127.0.0.1')).toBe(404);
    expect(() => testConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX/,
    );
  });
});

describe('createMailTransport', () => {
  it('uses SMTP when a URL is set and the dev outbox otherwise', () => {
    const smtp = createMailTransport({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'a@example.com',
      log: captureLog,
    });
    expect(smtp.kind).toBe('smtp');
    smtp.close();
    expect(
      createMailTransport({ smtpUrl: undefined, from: 'a@example.com', log: captureLog }).kind,
    ).toBe('dev');
  });
});
