import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { escapeHtml, linkify } from './mail-templates.js';
import * as service from './mail-outbox.service.js';

const LIST_LIMIT = 50;

/** The mail bodies are ours but carry user input: nothing in them may run, nothing may load from elsewhere. */
const NO_SCRIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const STATUS_LABELS: Record<service.OutboxRow['status'], string> = {
  pending: '送信待ち',
  sent: '送信済み',
  failed: '送信失敗',
};

function formatTime(date: Date): string {
  return date.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', hour12: false });
}

function renderList(rows: service.OutboxRow[]): string {
  const items = rows.map((row) => {
    const body = row.textBody.split('\n').map(linkify).join('<br>');
    const error = row.lastError ? `<p class="error">エラー：${escapeHtml(row.lastError)}</p>` : '';
    return (
      `<article><h2><a href="/dev/mail/${escapeHtml(row.id)}">${escapeHtml(row.subject)}</a></h2>` +
      `<p class="meta">宛先：${escapeHtml(row.toAddress)} ｜ ${escapeHtml(formatTime(row.createdAt))}` +
      ` ｜ ${STATUS_LABELS[row.status]}（試行 ${row.attempts} 回） ｜ ${row.category === 'essential' ? '必須' : 'お知らせ'}</p>` +
      `${error}<div class="body">${body}</div></article>`
    );
  });
  const empty = rows.length === 0 ? '<p>まだメールはありません。</p>' : '';
  return (
    `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>開発用メールボックス｜えきスポ</title>` +
    `<style>body{font-family:sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#222}` +
    `article{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:0 0 16px}` +
    `h2{font-size:1.05rem;margin:0 0 4px}.meta{color:#666;font-size:.85rem;margin:0 0 8px}` +
    `.error{color:#b00020;font-size:.85rem}.body{white-space:normal;line-height:1.6;word-break:break-all}</style></head>` +
    `<body><h1>開発用メールボックス</h1><p>SMTP_URL が未設定のため、メールは送信されずここに保存されます（新しい順に最大${LIST_LIMIT}件）。</p>` +
    `${empty}${items.join('')}</body></html>`
  );
}

/** Typed on the plain reply: these pages are HTML, outside the envelope schemas. */
function sendHtml(reply: FastifyReply, html: string, csp: string) {
  return reply
    .header('Content-Security-Policy', csp)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.toLowerCase().replace(/^::ffff:/, '');
  return bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** The names this machine is reached by from itself: a page of another name is a rebinding. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/**
 * Headers a proxy adds on the way (the standard one, the de facto X-Forwarded-* family, nginx's
 * X-Real-IP, Via, and a few servers' own): a request carrying any of them came through
 * something else, whatever its socket's peer says.
 */
const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
];

export function cameThroughProxy(headers: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(headers).some(
    (name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name),
  );
}

/**
 * The development outbox. It shows every queued mail, reset links included, so it is
 * registered only outside production without SMTP_URL, when the server listens on loopback
 * or DEV_MAILBOX=true (config.ts), and it answers only a browser on this machine asking for
 * it by a loopback name: the socket's own peer must be loopback (no forwarded address is
 * believed, and a request carrying any forwarding header is refused: `cameThroughProxy`), and `Host` must be
 * localhost, 127.0.0.1 or [::1] (a DNS-rebound name is refused). To anyone else it does not
 * exist.
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', async (request) => {
    if (
      !isLoopbackAddress(request.socket.remoteAddress) ||
      cameThroughProxy(request.headers) ||
      !isLoopbackHost(request.headers.host)
    )
      throw notFound();
  });

  app.get(
    '/dev/mail',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      sendHtml(reply, renderList(await service.listRecentMails(db, LIST_LIMIT)), NO_SCRIPT_CSP),
  );

  app.get(
    '/dev/mail/:id',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ id: z.uuid() }),
        response: errorResponses(404, 422),
      },
    },
    async (request, reply) => {
      const row = await service.getMail(db, request.params.id);
      return sendHtml(reply, row.htmlBody, `${NO_SCRIPT_CSP}; sandbox`);
    },
  );
};
