/**
 * The mails Ekispot sends. Every interpolated value goes through `escapeHtml` in the HTML
 * part (names and addresses are user input), and links must be http(s). The account mails'
 * subjects are fixed text; a notification's subject is flattened to one line, so nothing a
 * user types can add a header.
 */

export type MailCategory = 'essential' | 'notification';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  category: MailCategory;
  /** Extra headers, e.g. List-Unsubscribe for non-essential mail. */
  headers: Record<string, string>;
}

export const EMAIL_VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_HOURS = 1;
export const EMAIL_CHANGE_TTL_HOURS = 24;

const SIGNATURE = 'えきスポ';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A `javascript:` or `data:` link in a mail would be an attack, not a typo: refuse it loudly. */
function assertHttpUrl(url: string): string {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error(`Mail links must be http(s): ${protocol}`);
  return url;
}

/** Expiry in Japan time, as a reader in Japan expects it: 2025年6月1日 12:00. */
export function formatJapanTime(date: Date): string {
  const parts = new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}年${part('month')}月${part('day')}日 ${part('hour')}:${part('minute')}`;
}

function expiryLine(hours: number, expiresAt: Date): string {
  const span = hours === 1 ? '1時間' : `${hours}時間`;
  return `このリンクの有効期限は${span}です（${formatJapanTime(expiresAt)}（日本時間）まで）。`;
}

/** One mail as paragraphs; a paragraph is text, or a link shown as a button in HTML. */
type Block = string | { link: string; label: string };

function render(
  subject: string,
  greetingName: string,
  blocks: Block[],
  footer: string[] = [],
): { text: string; html: string } {
  const greeting = `${greetingName} さん`;
  const textParts = [
    greeting,
    ...blocks.map((block) => (typeof block === 'string' ? block : `${block.label}\n${block.link}`)),
  ];
  const text = [...textParts, `――\n${SIGNATURE}`, ...footer].join('\n\n') + '\n';

  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;line-height:1.7">${escapeHtml(value).replaceAll('\n', '<br>')}</p>`;
  const htmlBlocks = blocks.map((block) => {
    if (typeof block === 'string') return paragraph(block);
    const href = escapeHtml(assertHttpUrl(block.link));
    return (
      `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;padding:10px 20px;` +
      `background:#1e88e5;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#666;word-break:break-all">` +
      `ボタンが開けない場合は、次のURLをブラウザに貼り付けてください：<br><a href="${href}">${href}</a></p>`
    );
  });
  const footerHtml = footer
    .map((line) => `<p style="margin:0 0 8px;font-size:12px;color:#666">${linkify(line)}</p>`)
    .join('');
  const html =
    `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;font-family:sans-serif;color:#222;background:#ffffff">` +
    `<div style="max-width:560px;margin:0 auto">${paragraph(greeting)}${htmlBlocks.join('')}` +
    `<p style="margin:24px 0 16px;color:#444">――<br>${SIGNATURE}</p>${footerHtml}</div></body></html>`;
  return { text, html };
}

/** Escapes a line, then turns its http(s) URLs into links (the URL is escaped inside the href too). */
export function linkify(line: string): string {
  return escapeHtml(line).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function essential(subject: string, body: { text: string; html: string }): MailContent {
  return { subject, ...body, category: 'essential', headers: {} };
}

const IGNORE_IF_NOT_YOU = 'このメールに心当たりがない場合は、お手数ですが破棄してください。';

export function emailVerificationMail(input: {
  name: string;
  url: string;
  expiresAt: Date;
}): MailContent {
  const subject = '【えきスポ】メールアドレスの確認をお願いします';
  return essential(
    subject,
    render(subject, input.name, [
      'えきスポにご登録いただき、ありがとうございます。\n下のボタンからメールアドレスの確認を完了してください。',
      { link: input.url, label: 'メールアドレスを確認する' },
      expiryLine(EMAIL_VERIFICATION_TTL_HOURS, input.expiresAt),
      IGNORE_IF_NOT_YOU,
    ]),
  );
}

export function passwordResetMail(input: {
  name: string;
  url: string;
  expiresAt: Date;
}): MailContent {
  const subject = '【えきスポ】パスワード再設定のご案内';
  return essential(
    subject,
    render(subject, input.name, [
      'パスワード再設定のお申し込みを受け付けました。\n下のボタンから新しいパスワードを設定してください。',
      { link: input.url, label: 'パスワードを再設定する' },
      expiryLine(PASSWORD_RESET_TTL_HOURS, input.expiresAt),
      'お申し込みに心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
    ]),
  );
}

export function emailChangeConfirmationMail(input: {
  name: string;
  newEmail: string;
  url: string;
  expiresAt: Date;
}): MailContent {
  const subject = '【えきスポ】新しいメールアドレスの確認をお願いします';
  return essential(
    subject,
    render(subject, input.name, [
      `えきスポのメールアドレスを「${input.newEmail}」に変更するお申し込みを受け付けました。\n下のボタンを押すと変更が完了します。`,
      { link: input.url, label: 'メールアドレスの変更を確定する' },
      expiryLine(EMAIL_CHANGE_TTL_HOURS, input.expiresAt),
      IGNORE_IF_NOT_YOU,
    ]),
  );
}

export function emailChangeNoticeMail(input: {
  name: string;
  newEmail: string;
  supportUrl: string;
}): MailContent {
  const subject = '【えきスポ】メールアドレス変更のお申し込みがありました';
  return essential(
    subject,
    render(subject, input.name, [
      `お使いのえきスポアカウントで、メールアドレスを「${input.newEmail}」に変更するお申し込みがありました。` +
        '新しいアドレスで確認が済むと、今後のお知らせはそちらに届きます。',
      'ご自身で操作された場合は、このメールへの対応は不要です。',
      '心当たりがない場合は、第三者がログインしているおそれがあります。すぐにパスワードを変更してください。',
      { link: input.supportUrl, label: 'えきスポを開く' },
    ]),
  );
}

/**
 * To the owner of an address someone tried to register again (docs/security.md#registration):
 * the registrant is told nothing more than for a new address.
 */
export function registrationAttemptNoticeMail(input: {
  name: string;
  loginUrl: string;
  forgotUrl: string;
}): MailContent {
  const subject = '【えきスポ】このメールアドレスで新規登録のお申し込みがありました';
  return essential(
    subject,
    render(subject, input.name, [
      'このメールアドレスは、すでにえきスポのアカウントで使われています。新しいアカウントは作られていません。',
      'ご自身でお申し込みされた場合は、今のアカウントでログインしてください。パスワードをお忘れの場合は再設定できます。',
      { link: input.loginUrl, label: 'ログインする' },
      { link: input.forgotUrl, label: 'パスワードを再設定する' },
      '心当たりがない場合は、このメールを破棄してください。アカウントに変更はありません。',
    ]),
  );
}

export function passwordChangedMail(input: {
  name: string;
  changedAt: Date;
  resetUrl: string;
}): MailContent {
  const subject = '【えきスポ】パスワードが変更されました';
  return essential(
    subject,
    render(subject, input.name, [
      `${formatJapanTime(input.changedAt)}（日本時間）に、えきスポアカウントのパスワードが変更されました。`,
      'ご自身で変更された場合は、このメールへの対応は不要です。',
      '心当たりがない場合は、下のボタンからすぐにパスワードを再設定してください。',
      { link: input.resetUrl, label: 'パスワードを再設定する' },
    ]),
  );
}

/**
 * A change to what guards the account, or a sign-in from a new device
 * (docs/accounts.md#alerts): what happened and when, and, if it was not them, one link that ends
 * every session and leads to a new password. No address or place is named: none is kept.
 */
export function securityAlertMail(input: {
  name: string;
  /** The subject's event, e.g. 「新しい端末からログインがありました」. */
  headline: string;
  /** What happened, one sentence (device names come from the User-Agent only). */
  detail: string;
  at: Date;
  secureUrl: string;
}): MailContent {
  const subject = `【えきスポ】${input.headline}`;
  return essential(
    subject,
    render(subject, input.name, [
      `${formatJapanTime(input.at)}（日本時間）、${input.detail}`,
      'ご自身の操作であれば、このメールへの対応は不要です。',
      '心当たりがない場合は、下のボタンを押してください。すべての端末からログアウトし、続けて新しいパスワードを設定できます（リンクの有効期限は24時間です）。',
      { link: input.secureUrl, label: 'アカウントを守る' },
    ]),
  );
}

/** The whole-account archive is ready (docs/archive.md): the link works for the member only. */
export function archiveReadyMail(input: {
  name: string;
  settingsUrl: string;
  expiresAt: Date;
}): MailContent {
  const subject = '【えきスポ】データのダウンロードの準備ができました';
  return essential(
    subject,
    render(subject, input.name, [
      'ご依頼のアーカイブ（投稿・写真・リスト・スタンプなど、あなたのデータをまとめたZIPファイル）の準備ができました。',
      `えきスポにログインして、設定画面からダウンロードしてください。${formatJapanTime(input.expiresAt)}（日本時間）までダウンロードできます。`,
      { link: assertHttpUrl(input.settingsUrl), label: 'ダウンロードする' },
    ]),
  );
}

export function accountDeletedMail(input: { name: string }): MailContent {
  const subject = '【えきスポ】アカウントの削除が完了しました';
  return essential(
    subject,
    render(subject, input.name, [
      'えきスポのアカウントの削除が完了しました。これまでご利用いただき、ありがとうございました。',
      '投稿やリストなど、アカウントに関するデータはすべて削除されています。',
      'またいつでも、えきスポで駅めぐりをお楽しみください。',
    ]),
  );
}

/**
 * Adds what every non-essential mail must carry: a visible way out (the unsubscribe page)
 * and the one-click unsubscribe headers of RFC 8058, which mail clients show as their own
 * button and answer with a POST to the API.
 */
export function notificationMail(input: {
  name: string;
  subject: string;
  lines: string[];
  url: string;
  linkLabel: string;
  /** The /unsubscribe/{token} page, for people. */
  unsubscribePageUrl: string;
  /** POST /api/v2/mail/unsubscribe/{token}, for mail clients' one-click button. */
  oneClickUnsubscribeUrl: string;
}): MailContent {
  const pageUrl = assertHttpUrl(input.unsubscribePageUrl);
  const oneClickUrl = assertHttpUrl(input.oneClickUnsubscribeUrl);
  const footer = [
    'このメールは、えきスポのお知らせメールを受け取る設定の方にお送りしています。',
    `配信を停止するには、次のURLを開いてください：${pageUrl}`,
  ];
  const subject = input.subject.replace(/[\r\n]+/g, ' ').trim();
  const body = render(
    subject,
    input.name,
    [...input.lines, { link: input.url, label: input.linkLabel }],
    footer,
  );
  return {
    subject,
    ...body,
    category: 'notification',
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
