import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/database.js';
import { insertUser } from '../modules/auth/auth.repository.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';
import { redactUrl } from './log-safety.js';

let database: DatabaseHandle;
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let passwordHash: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
    db: database.db,
    logStream: { write: (line) => void lines.push(line) },
  });
  passwordHash = await hashPassword('hunter2 hunter2');
  // A handler whose query fails inside the database, with secrets among its parameters
  // (a NUL byte is refused by PostgreSQL's text input).
  app.post('/test/failing-query', { config: { access: 'public' } }, async () => {
    await insertUser(database.db, {
      name: 'bad\u0000name',
      email: 'secret-owner@example.jp',
      passwordHash,
    });
    return { ok: true };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the log', () => {
  it('records a failed query by its SQL, never its parameters', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'POST', url: '/test/failing-query' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('insert');
    const output = lines.join('');
    expect(output).toContain('unhandled error');
    expect(output).toContain('Failed query: insert into \\"users\\"');
    expect(output).not.toContain('secret-owner');
    expect(output).not.toContain(passwordHash);
    expect(output).not.toContain('$argon2id');
  });

  it('censors secret fields on every line, however deep', () => {
    lines.length = 0;
    app.log.info(
      {
        password: 'plain-1',
        body: { password_confirmation: 'plain-2', user: { passwordHash: 'hash-3' } },
        token: 'tok-4',
        headers: { authorization: 'Bearer tok-5', cookie: 'auth=tok-6' },
      },
      'something happened',
    );
    const output = lines.join('');
    expect(output).toContain('something happened');
    for (const secret of ['plain-1', 'plain-2', 'hash-3', 'tok-4', 'tok-5', 'tok-6'])
      expect(output).not.toContain(secret);
    expect(output).toContain('[redacted]');
  });

  it('keeps authorization headers, cookies and mail-link tokens out of request lines', async () => {
    lines.length = 0;
    const token = 'A'.repeat(43);
    await app.inject({
      url: `/api/v2/auth/email/verify/${token}`,
      headers: { authorization: 'Bearer secret-bearer', cookie: 'auth=secret-cookie' },
    });
    const output = lines.join('');
    expect(output).toContain('/api/v2/auth/email/verify/[redacted]');
    expect(output).not.toContain(token);
    expect(output).not.toContain('secret-bearer');
    expect(output).not.toContain('secret-cookie');
  });
});

describe('the request line', () => {
  it('is one line per answered request, of fixed safe fields only', async () => {
    lines.length = 0;
    const response = await app.inject({
      url: '/api/v2/stations/1130101?from=map',
      headers: { 'x-request-id': 'req-line-1', cookie: 'auth=secret-cookie' },
    });
    expect(response.statusCode).toBe(200);
    const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    const { time, pid, hostname, ...line } = written[0]!;
    expect([typeof time, typeof pid, typeof hostname]).toEqual(['number', 'number', 'string']);
    expect(line).toEqual({
      level: 30,
      msg: 'request completed',
      reqId: 'req-line-1',
      method: 'GET',
      url: '/api/v2/stations/1130101?from=map',
      status: 200,
      ms: expect.any(Number),
    });
  });

  it('is left out for routes that log above info (the health checks)', async () => {
    lines.length = 0;
    expect((await app.inject({ url: '/api/v2/health' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});

describe('redactUrl', () => {
  it('takes the token out of every mail link path', () => {
    expect(redactUrl('/api/v2/mail/unsubscribe/abcDEF_123-xyz?x=1')).toBe(
      '/api/v2/mail/unsubscribe/[redacted]?x=1',
    );
    expect(redactUrl('/reset-password/abc')).toBe('/reset-password/[redacted]');
    expect(redactUrl('/api/v2/stations/1130208')).toBe('/api/v2/stations/1130208');
  });
});
