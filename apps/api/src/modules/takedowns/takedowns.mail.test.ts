import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server.js';
import { createTestApp } from '../../../test/test-app.js';
import { createMailWorker, type MailWorker } from '../mail/mail-outbox.service.js';
import { createSmtpTransport, type MailTransport } from '../mail/mail-transport.js';
import { RECEIPT_NUMBER_PATTERN } from './receipt-number.js';

/**
 * 削除の申し出 end to end through real mail: the outbox worker sends over SMTP to a server
 * started here, and the confirmation link is read from the message that server received.
 */

const origin = 'http://localhost:3000';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let smtp: TestSmtpServer;
let transport: MailTransport;
let worker: MailWorker;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  smtp = await startTestSmtpServer();
  transport = createSmtpTransport({
    url: `smtp://127.0.0.1:${smtp.port}`,
    from: 'えきスポ <no-reply@ekispot.test>',
  });
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  worker = createMailWorker({ db: ctx.db, transport, log: quiet });
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await ctx?.close();
});

/** Sends what the outbox holds and returns the one new message received for `address`. */
async function receive(address: string) {
  const before = smtp.received.length;
  await worker.drain();
  const mails = smtp.received.slice(before).filter((mail) => mail.rcptTo.includes(address));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe('takedown mail over SMTP', () => {
  it('confirms a request from the link in the received mail, then mails its receipt', async () => {
    const email = 'smtp-takedown@example.jp';
    const postId = '0190a000-0000-7000-8000-00000000f001';
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/takedowns',
      headers: { origin },
      payload: {
        url: `${origin}/post/${postId}`,
        relationship: 'rights_holder',
        reason: 'illegal',
        details: '私が撮影した写真が無断で使われています。',
        email,
      },
    });
    expect(sent.statusCode).toBe(202);

    const mail = await receive(email);
    expect(mail.subject).toBe('【えきスポ】削除の申し出の確認をお願いします');
    expect(mail.text).toContain('対象との関係：権利者（著作権者など）');
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    const token = /\/contact\/takedown\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`${origin}/contact/takedown/confirm/${token}`);

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/takedowns/confirm/${token}`,
      headers: { origin },
    });
    expect(confirmed.statusCode).toBe(200);
    const number = confirmed.json().data.receipt_number as string;
    expect(number).toMatch(RECEIPT_NUMBER_PATTERN);

    const receipt = await receive(email);
    expect(receipt.subject).toBe('【えきスポ】削除の申し出を受け付けました');
    expect(receipt.text).toContain(`受付番号：${number}`);
    expect(receipt.html).toContain(`受付番号：${number}`);
    expect(receipt.text).toContain('お申し出いただいた方へ');
    expect(receipt.html).toContain(`${origin}/contact/takedown`);
  });
});
