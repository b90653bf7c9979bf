import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { createMailWorker, enqueueMail, MAIL_MAX_ATTEMPTS } from './mail-outbox.service.js';
import { emailVerificationMail, notificationMail } from './mail-templates.js';
import { createSmtpTransport, type MailLogger, type MailTransport } from './mail-transport.js';
import {
  findClosedPort,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../../test/smtp-test-server.js';

const FROM = 'えきスポ <no-reply@ekispot.test>';
const quietLog: MailLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

let database: DatabaseHandle;
let smtp: TestSmtpServer;
let transport: MailTransport;
const cleanups: (() => unknown)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  transport = createSmtpTransport({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM });
});

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
  smtp.received.length = 0;
  await database.db.delete(mailOutbox);
});

afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await database?.close();
});

const verification = (name = '山田 花子') =>
  emailVerificationMail({
    name,
    url: 'https://ekispot.example/verify-email?token=abc123',
    expiresAt: new Date('2025-06-01T03:00:00Z'),
  });

async function rowOf(id: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Makes a waiting row due now, as if its backoff had passed. */
async function makeDue(id: string) {
  await database.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.id, id));
}

describe('enqueue → drain over real SMTP', () => {
  it('delivers an essential mail with an encoded Japanese subject, the link, and no List-Unsubscribe', async () => {
    const { id } = await enqueueMail(database.db, { to: 'hanako@example.com', ...verification() });
    expect((await rowOf(id)).status).toBe('pending');

    const worker = createMailWorker({ db: database.db, transport, log: quietLog });
    expect(await worker.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.rcptTo).toEqual(['hanako@example.com']);
    expect(mail?.headers.get('subject')).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(mail?.subject).toBe('【えきスポ】メールアドレスの確認をお願いします');
    expect(mail?.headers.get('from')).toContain('no-reply@ekispot.test');
    expect(mail?.headers.has('list-unsubscribe')).toBe(false);
    expect(mail?.headers.has('list-unsubscribe-post')).toBe(false);
    expect(mail?.text).toContain('https://ekispot.example/verify-email?token=abc123');
    expect(mail?.text).toContain('24時間');
    expect(mail?.html).toContain('href="https://ekispot.example/verify-email?token=abc123"');

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('adds one-click List-Unsubscribe headers to non-essential mail', async () => {
    const content = notificationMail({
      name: '山田 花子',
      subject: '【えきスポ】新しいフォロワーがいます',
      lines: ['鉄道好きさんがあなたをフォローしました。'],
      url: 'https://ekispot.example/user/1',
      linkLabel: 'プロフィールを見る',
      unsubscribePageUrl: 'https://ekispot.example/unsubscribe/tok-123',
      oneClickUnsubscribeUrl: 'https://ekispot.example/api/v2/mail/unsubscribe/tok-123',
    });
    await enqueueMail(database.db, { to: 'hanako@example.com', ...content });
    await createMailWorker({ db: database.db, transport, log: quietLog }).drain();

    const [mail] = smtp.received;
    expect(mail?.headers.get('list-unsubscribe')).toBe(
      '<https://ekispot.example/api/v2/mail/unsubscribe/tok-123>',
    );
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain('配信を停止するには');
    expect(mail?.text).toContain('https://ekispot.example/unsubscribe/tok-123');
  });

  it('queues inside the caller’s transaction: a rolled-back request leaves no mail', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.com', ...verification() });
        throw new Error('request failed after queueing');
      })
      .catch(() => undefined);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe('SMTP outages', () => {
  it('keeps the mail pending with a backoff while the server is down, then sends it when it is back', async () => {
    const port = await findClosedPort();
    const downTransport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM });
    const worker = createMailWorker({ db: database.db, transport: downTransport, log: quietLog });
    const { id } = await enqueueMail(database.db, { to: 'later@example.com', ...verification() });

    expect(await worker.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    expect(waiting.lastError?.length).toBeLessThanOrEqual(300);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due yet: draining again does nothing.
    expect(await worker.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const revived = await startTestSmtpServer(port);
    // Cleanups run last-in first-out: the client hangs up before the server closes.
    cleanups.push(
      () => revived.close(),
      () => downTransport.close(),
    );
    await makeDue(id);
    expect(await worker.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(revived.received.map((mail) => mail.rcptTo)).toEqual([['later@example.com']]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('marks a mail failed after the last attempt', async () => {
    const downTransport = createSmtpTransport({
      url: `smtp://127.0.0.1:${await findClosedPort()}`,
      from: FROM,
    });
    cleanups.push(() => downTransport.close());
    const worker = createMailWorker({ db: database.db, transport: downTransport, log: quietLog });
    const { id } = await enqueueMail(database.db, { to: 'never@example.com', ...verification() });
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));

    expect(await worker.drain()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    await makeDue(id);
    expect(await worker.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('never throws into the caller when the transport fails', async () => {
    const broken: MailTransport = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('auth failed for smtp://user:secret@mail.example.com')),
      close: () => undefined,
    };
    const { id } = await enqueueMail(database.db, { to: 'x@example.com', ...verification() });
    await createMailWorker({ db: database.db, transport: broken, log: quietLog }).drain();
    const row = await rowOf(id);
    expect(row.lastError).not.toContain('secret');
    expect(row.lastError).toContain('[redacted]');
  });
});

describe('several workers', () => {
  it('send each mail exactly once when draining concurrently', async () => {
    const count = 25;
    for (let i = 0; i < count; i += 1) {
      await enqueueMail(database.db, { to: `user${i}@example.com`, ...verification() });
    }
    const workers = [1, 2, 3].map(() =>
      createMailWorker({ db: database.db, transport, log: quietLog, batchSize: 4 }),
    );
    const results = await Promise.all(workers.map((worker) => worker.drain()));

    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(count);
    const recipients = smtp.received.flatMap((mail) => mail.rcptTo).sort();
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('start() polls in the background and stop() waits for the batch in flight', async () => {
    const worker = createMailWorker({ db: database.db, transport, log: quietLog, intervalMs: 20 });
    await enqueueMail(database.db, { to: 'polled@example.com', ...verification() });
    worker.start();
    cleanups.push(() => worker.stop());
    await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);
    await worker.stop();
  });
});
