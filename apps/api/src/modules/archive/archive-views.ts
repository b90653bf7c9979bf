import type { ArchiveDocument, ArchivePost } from '@ekispot/shared';
import { escapeHtml } from '../mail/mail-outbox.service.js';
import type { ArchiveRest } from './archive-document.js';

/**
 * The archive's two readable views, written a page of posts at a time: `index.html` (opens from
 * disk in any browser, with no script and nothing from outside: the photos are the ZIP's own
 * files) and `outbox.json`, the posts as an ActivityStreams 2.0 collection.
 */

type Head = Pick<ArchiveDocument, 'exported_at' | 'instance' | 'account'>;

const KIND_LABELS: Record<ArchivePost['kind'], string> = {
  spot: 'スポット',
  event: 'イベント',
  image: '写真',
};

const day = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long' }).format(
    new Date(iso),
  );

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:720px;padding:16px;line-height:1.6;color:#1f2328}
h1{font-size:1.5rem}h2{font-size:1.2rem;border-bottom:1px solid #d0d7de;margin-top:2rem}
article{border:1px solid #d0d7de;border-radius:8px;padding:12px;margin:12px 0}
article h3{margin:0 0 4px;font-size:1.05rem}.meta{color:#57606a;font-size:.85rem}
img{max-width:100%;height:auto;border-radius:4px;display:block;margin:8px 0}
.avatar{width:96px;height:96px;object-fit:cover;border-radius:50%}
.comment{border-left:3px solid #d0d7de;padding-left:8px;margin:6px 0}
ul{padding-left:1.2rem}.badge{font-size:.75rem;border:1px solid #57606a;border-radius:4px;padding:0 4px}`;

export function htmlHead(head: Head): string {
  const { account } = head;
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'">
<title>${escapeHtml(account.name)} さんのえきスポ アーカイブ</title>
<style>${STYLE}</style></head><body>
<header><h1>${escapeHtml(account.name)} さんのえきスポ アーカイブ</h1>
${account.avatar ? `<img class="avatar" src="${escapeHtml(account.avatar)}" alt="${escapeHtml(account.name)} さんのアイコン">` : ''}
<p>${escapeHtml(account.bio)}</p>
<p class="meta">${escapeHtml(day(head.exported_at))}に ${escapeHtml(head.instance)} から書き出しました。機械で読める形は archive.json（形式は docs/archive.md）にあります。</p>
</header><main><h2 id="posts">投稿</h2>\n`;
}

export function htmlPost(post: ArchivePost): string {
  const title = post.title || (post.kind === 'image' ? '写真' : '（無題）');
  const photos = post.photos
    .map(
      (photo, index) =>
        `<img src="${escapeHtml(photo.file)}" width="${photo.width}" height="${photo.height}" loading="lazy" alt="${escapeHtml(title)}の写真${index + 1}">`,
    )
    .join('');
  const comments = post.comments
    .map(
      (comment) =>
        `<div class="comment"><span class="meta">${escapeHtml(comment.author.name)}・${escapeHtml(day(comment.created_at))}</span><br>${escapeHtml(comment.body)}</div>`,
    )
    .join('');
  return `<article><h3>${escapeHtml(title)}</h3>
<p class="meta">${KIND_LABELS[post.kind]}${post.station ? `・${escapeHtml(post.station.name)}駅` : ''}・${escapeHtml(day(post.created_at))}${post.imported ? ' <span class="badge">取り込み</span>' : ''}</p>
<p>${escapeHtml(post.body).replaceAll('\n', '<br>')}</p>${photos}${comments}</article>\n`;
}

const listOf = (items: string[], empty: string) =>
  items.length === 0
    ? `<p>${empty}</p>`
    : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

export function htmlRest(rest: ArchiveRest): string {
  const e = escapeHtml;
  const sections = [
    [
      'リスト',
      listOf(
        rest.lists.map(
          (list) =>
            `${e(list.title)}（${list.items.length}件）: <a href="${e(list.files.geojson)}">GeoJSON</a>・<a href="${e(list.files.gpx)}">GPX</a>`,
        ),
        'リストはありません。',
      ),
    ],
    [
      '駅スタンプ',
      listOf(
        rest.stamps.map(
          (stamp) =>
            `${e(stamp.station.name)}駅・${e(stamp.collected_on)}${stamp.record_only ? ' <span class="badge">記録のみ</span>' : ''}`,
        ),
        'スタンプはありません。',
      ),
    ],
    [
      'ほかの人の投稿へのコメント',
      listOf(
        rest.comments_on_others.map((c) => `「${e(c.post_title)}」へ: ${e(c.body)}`),
        'ありません。',
      ),
    ],
    [
      'いいね',
      listOf(
        rest.likes.map((r) => `${e(r.post_title)}（${e(r.author_name)}）`),
        'ありません。',
      ),
    ],
    [
      '行きたい・参加したい',
      listOf(
        [
          ...rest.wants.map((r) => `${e(r.post_title)}（${e(r.author_name)}）`),
          ...rest.station_wants.map((w) => `${e(w.station.name)}駅`),
        ],
        'ありません。',
      ),
    ],
    [
      'フォロー',
      listOf(
        rest.follows.map((r) => e(r.name)),
        'ありません。',
      ),
    ],
    [
      'ミュート',
      listOf(
        rest.mutes.map((r) => e(r.name)),
        'ありません。',
      ),
    ],
    [
      'ブロック',
      listOf(
        rest.blocks.map((r) => e(r.name)),
        'ありません。',
      ),
    ],
    [
      '報告',
      listOf(
        rest.reports.map((r) => `${e(r.target_kind)}・${e(r.reason)}・${e(day(r.created_at))}`),
        'ありません。',
      ),
    ],
  ];
  return (
    sections.map(([title, body]) => `<h2>${title}</h2>\n${body}\n`).join('') +
    '</main></body></html>\n'
  );
}

/** One post as an ActivityStreams 2.0 `Create` of a `Note`, its photos as attachments. */
export function activityOf(post: ArchivePost, actor: string, instance: string) {
  const id = `${instance}/post/${post.id}`;
  return {
    type: 'Create',
    id: `${id}#create`,
    actor,
    published: post.created_at,
    object: {
      type: 'Note',
      id,
      attributedTo: actor,
      name: post.title || undefined,
      content: escapeHtml(post.body).replaceAll('\n', '<br>'),
      published: post.created_at,
      updated: post.updated_at,
      url: id,
      ...(post.location && {
        location: { type: 'Place', latitude: post.location.lat, longitude: post.location.lng },
      }),
      ...(post.station &&
        !post.location && { location: { type: 'Place', name: `${post.station.name}駅` } }),
      attachment: post.photos.map((photo) => ({
        type: 'Image',
        mediaType: 'image/webp',
        url: photo.file,
        width: photo.width,
        height: photo.height,
      })),
    },
  };
}

export function outboxHead(head: Head, totalItems: number): string {
  const actor = `${head.instance}/profile/${head.account.id}`;
  return `{"@context":"https://www.w3.org/ns/activitystreams","type":"OrderedCollection","id":"outbox.json","actor":${JSON.stringify(actor)},"totalItems":${totalItems},"orderedItems":[`;
}
