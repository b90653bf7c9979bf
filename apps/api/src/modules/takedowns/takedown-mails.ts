import {
  REPORT_REASON_LABELS,
  TAKEDOWN_CONFIRM_HOURS,
  TAKEDOWN_RELATIONSHIP_LABELS,
  type ReportReason,
  type TakedownRelationship,
} from '@ekispot/shared';
import {
  escapeHtml,
  formatJapanTime,
  linkify,
  type MailContent,
} from '../mail/mail-outbox.service.js';

/**
 * The mails of 削除の申し出 and of the moderators' digest (docs/moderation.md): plain Japanese,
 * essential (no unsubscribe: each answers something the reader asked for or works on). Every
 * value is escaped in the HTML part. The confirmation goes to an address nobody has proven yet,
 * so it carries nothing the sender typed: no name, no details, only our own page's URL and the
 * labels of the choices.
 */

const SIGNATURE = 'えきスポ 運営チーム';

/** One paragraph: text (its URLs become links in HTML), or a link shown as a button. */
export type MailBlock = string | { link: string; label: string };

/** A mail of paragraphs, as text and as HTML. */
export function plainMail(subject: string, greeting: string, blocks: MailBlock[]): MailContent {
  const text =
    [
      greeting,
      ...blocks.map((block) =>
        typeof block === 'string' ? block : `${block.label}\n${block.link}`,
      ),
      `――\n${SIGNATURE}`,
    ].join('\n\n') + '\n';
  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;line-height:1.7">${value.split('\n').map(linkify).join('<br>')}</p>`;
  const html =
    `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;font-family:sans-serif;color:#222;background:#ffffff">` +
    `<div style="max-width:560px;margin:0 auto">${paragraph(greeting)}` +
    blocks
      .map((block) => {
        if (typeof block === 'string') return paragraph(block);
        const href = escapeHtml(block.link);
        return (
          `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;padding:10px 20px;` +
          `background:#1e88e5;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:12px;color:#666;word-break:break-all">` +
          `ボタンが開けない場合は、次のURLをブラウザに貼り付けてください：<br><a href="${href}">${href}</a></p>`
        );
      })
      .join('') +
    `<p style="margin:24px 0 16px;color:#444">――<br>${SIGNATURE}</p></div></body></html>`;
  return { subject, text, html, category: 'essential', headers: {} };
}

/** 「山田 様」, or a neutral greeting when no name was given. */
function greetingOf(name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  return flat ? `${flat} 様` : 'お申し出いただいた方へ';
}

export function takedownConfirmationMail(input: {
  url: string;
  reason: ReportReason;
  relationship: TakedownRelationship;
  confirmUrl: string;
  expiresAt: Date;
}): MailContent {
  return plainMail('【えきスポ】削除の申し出の確認をお願いします', greetingOf(''), [
    'えきスポの「削除の申し出」フォームから、次の内容で申し出がありました。\n' +
      '下のボタンを押すと申し出が受け付けられ、運営チームが確認します。',
    `対象のURL：${input.url}\n理由：${REPORT_REASON_LABELS[input.reason]}\n` +
      `対象との関係：${TAKEDOWN_RELATIONSHIP_LABELS[input.relationship]}`,
    { link: input.confirmUrl, label: '申し出を確定する' },
    `このリンクの有効期限は${TAKEDOWN_CONFIRM_HOURS}時間です（${formatJapanTime(input.expiresAt)}（日本時間）まで）。`,
    'お心当たりがない場合は、このメールを破棄してください。リンクを開かない限り、申し出は受け付けられません。',
  ]);
}

export function takedownReceiptMail(input: {
  receiptNumber: string;
  name: string;
  url: string;
  confirmedAt: Date;
  formUrl: string;
}): MailContent {
  return plainMail('【えきスポ】削除の申し出を受け付けました', greetingOf(input.name), [
    '削除の申し出を受け付けました。運営チームが内容を確認し、対応を決めましたらこのアドレスにお知らせします。',
    `受付番号：${input.receiptNumber}\n対象のURL：${input.url}\n受付日時：${formatJapanTime(input.confirmedAt)}（日本時間）`,
    'お伝えしたいことが増えた場合は、受付番号を添えて、もう一度フォームからお申し出ください。',
    { link: input.formUrl, label: '削除の申し出フォーム' },
  ]);
}

/** What the requester is told was decided, by the moderators' action (never who decided). */
const ACTION_DECISIONS: Partial<Record<string, string>> = {
  remove: '確認の結果、このページの内容を削除しました。',
  hide: '確認の結果、このページを非表示にしました。現在、ほかの方からは見えません。',
  suspend:
    '確認の結果、このページを投稿したアカウントの利用を停止しました。現在、その内容はほかの方からは見えません。',
  warn: '確認の結果、投稿者に注意をしました。',
};
const DISMISSED =
  '確認の結果、利用規約や法令に照らして削除の対象にはあたらないと判断しました。ページはそのまま掲載されます。';
const ACTIONED = '確認の結果、お申し出の内容に沿って対応しました。';

export function takedownOutcomeMail(input: {
  receiptNumber: string;
  name: string;
  url: string;
  outcome: 'dismissed' | 'actioned';
  action: string;
}): MailContent {
  const decision =
    input.outcome === 'dismissed' ? DISMISSED : (ACTION_DECISIONS[input.action] ?? ACTIONED);
  return plainMail('【えきスポ】削除の申し出への対応結果のお知らせ', greetingOf(input.name), [
    `お申し出いただいた次のページについて、運営チームが確認しました。\n受付番号：${input.receiptNumber}\n対象のURL：${input.url}`,
    decision,
    'ご連絡いただき、ありがとうございました。',
  ]);
}
