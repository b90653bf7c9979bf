import { describe, expect, it } from 'vitest';
import {
  accountDeletedMail,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  emailVerificationMail,
  escapeHtml,
  formatJapanTime,
  notificationMail,
  passwordChangedMail,
  passwordResetMail,
  type MailContent,
} from './mail-templates.js';

const EVIL = '<script>alert("x")</script>&\'';
const expiresAt = new Date('2025-06-01T03:00:00Z'); // 12:00 in Tokyo

const all: [string, MailContent][] = [
  [
    'verification',
    emailVerificationMail({ name: EVIL, url: 'https://e.example/v?t=1&u=2', expiresAt }),
  ],
  ['reset', passwordResetMail({ name: EVIL, url: 'https://e.example/r?t=1', expiresAt })],
  [
    'change confirm',
    emailChangeConfirmationMail({
      name: EVIL,
      newEmail: `"${EVIL}"@example.com`,
      url: 'https://e.example/c',
      expiresAt,
    }),
  ],
  [
    'change notice',
    emailChangeNoticeMail({
      name: EVIL,
      newEmail: `${EVIL}@example.com`,
      supportUrl: 'https://e.example/',
    }),
  ],
  [
    'password changed',
    passwordChangedMail({ name: EVIL, changedAt: expiresAt, resetUrl: 'https://e.example/forgot' }),
  ],
  ['account deleted', accountDeletedMail({ name: EVIL })],
];

describe('mail templates', () => {
  it.each(all)(
    '%s: escapes every interpolated value in HTML and keeps it readable in text',
    (_name, mail) => {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
      expect(mail.text).toContain(`${EVIL} さん`);
      expect(mail.text).toContain('えきスポ');
      expect(mail.subject.startsWith('【えきスポ】')).toBe(true);
      expect(mail.category).toBe('essential');
      expect(mail.headers).toEqual({});
      expect(mail.html).toMatch(/^<!doctype html><html lang="ja">/);
    },
  );

  it('writes the links and their expiry out in Japan time', () => {
    const verification = all[0]?.[1];
    expect(verification?.text).toContain('https://e.example/v?t=1&u=2');
    expect(verification?.html).toContain('href="https://e.example/v?t=1&amp;u=2"');
    expect(verification?.text).toContain(
      '有効期限は24時間です（2025年6月1日 12:00（日本時間）まで）',
    );
    expect(all[1]?.[1].text).toContain('有効期限は1時間です');
    expect(formatJapanTime(new Date('2025-01-01T15:05:00Z'))).toBe('2025年1月2日 00:05');
  });

  it('refuses links that are not http(s)', () => {
    expect(() =>
      emailVerificationMail({ name: 'a', url: 'javascript:alert(1)', expiresAt }),
    ).toThrow(/http/);
  });

  it('gives non-essential mail an unsubscribe footer and one-click headers', () => {
    const mail = notificationMail({
      name: EVIL,
      subject: '【えきスポ】お知らせ\r\nBcc: victim@example.com',
      lines: [`${EVIL}さんがいいねしました`],
      url: 'https://e.example/post/1',
      linkLabel: '投稿を見る',
      unsubscribePageUrl: 'https://e.example/unsubscribe/tok',
      oneClickUnsubscribeUrl: 'https://e.example/api/v2/mail/unsubscribe/tok',
    });
    expect(mail.category).toBe('notification');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://e.example/api/v2/mail/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(
      '配信を停止するには、次のURLを開いてください：https://e.example/unsubscribe/tok',
    );
    expect(mail.html).toContain('<a href="https://e.example/unsubscribe/tok">');
    expect(mail.html).not.toContain('<script>');
  });

  it('escapeHtml covers the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
