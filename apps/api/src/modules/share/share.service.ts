import { POST_KIND_LABELS, postDisplayTitle } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import type { HeadResult, PageHead } from '../../lib/page-head.js';
import { findListPreview, listItems } from '../lists/lists.service.js';
import {
  eventStructuredData,
  listStructuredData,
  spotStructuredData,
  stationStructuredData,
} from '../seo/seo.service.js';
import {
  findGroup,
  findLineSummary,
  findLinesOfGroups,
  stationIdOfPlatform,
} from '../stations/stations.service.js';
import { CARD_HEIGHT, CARD_WIDTH } from './og-card.js';
import { ogImagePath } from './og-image.service.js';
import { postTitle } from './post-title.js';
import * as repository from './share.repository.js';

/**
 * Link previews (OGP and Twitter cards) for shared pages: `/post/{postId}` and
 * `/station/{stationGroupId}`, `/line/{lineId}`, `/profile/{userId}/…` and public lists' `/list/{listId}`. Crawlers do not run the web app, so the server writes the
 * tags into the HTML it sends, with the structured data of stations, events, spots and lists
 * (docs/seo.md#structured-data); other paths keep the default head.
 */

const SITE = 'えきスポ';
const DESCRIPTION_MAX = 120;
const POST_PATH = /^\/post\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const COMMENT_PATH =
  /^\/post\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/comment\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const STATION_PATH = /^\/station\/([1-9]\d{0,9})\/?$/;
const LINE_PATH = /^\/line\/([1-9]\d{0,9})\/?$/;
const LIST_PATH = /^\/list\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** Every profile tab shares the profile's preview. */
const PROFILE_PATH =
  /^\/profile\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/[a-z/-]*)?$/i;

/** One line of at most `max` characters (by code point), with an ellipsis when cut. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

const japanDate = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
});

function postDescription(row: repository.PostPreviewRow): string {
  const parts: string[] = [];
  if (row.kind === 'event' && row.startsAt) parts.push(`${japanDate.format(row.startsAt)}開催`);
  if (row.stationName) parts.push(`${row.stationName}駅`);
  const lead = parts.length > 0 ? `${parts.join('・')}の${POST_KIND_LABELS[row.kind]}。` : '';
  return (
    summarize(`${lead}${row.body}`) || `${SITE}に投稿された${POST_KIND_LABELS[row.kind]}です。`
  );
}

type PreviewPhoto = {
  imageId: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
};

function previewImage(publicUrl: string, photo: PreviewPhoto, alt: string): PageHead['image'] {
  if (!photo.imageId) return null;
  return {
    url: `${publicUrl}/api/v2/image/${photo.imageId}`,
    width: photo.imageWidth ?? undefined,
    height: photo.imageHeight ?? undefined,
    alt,
  };
}

/** A generated card (docs/seo.md#link-preview-images): always 1200×630. */
function cardImage(publicUrl: string, path: string, alt: string): PageHead['image'] {
  return { url: `${publicUrl}${path}`, width: CARD_WIDTH, height: CARD_HEIGHT, alt };
}

const profileUrl = (publicUrl: string, userId: string) => `${publicUrl}/profile/${userId}/posts`;

/** An event's or a spot's structured data; none for a photo. */
function postStructuredData(
  publicUrl: string,
  row: repository.PostPreviewRow,
  head: Pick<PageHead, 'url' | 'description'>,
) {
  const post = {
    url: head.url,
    title: postTitle(row),
    description: head.description,
    // The photo itself, not the card: the data describes the place.
    imageUrl: previewImage(publicUrl, row, '')?.url ?? null,
  };
  const lat = row.lat ?? row.parentLat ?? row.stationLat;
  const lng = row.lng ?? row.parentLng ?? row.stationLng;
  const place = {
    name: row.parentTitle || (row.stationName ? `${row.stationName}駅` : post.title),
    point: lat !== null && lng !== null ? { lat, lng } : null,
    prefectureName: row.prefectureName,
  };
  if (row.kind === 'event' && row.startsAt) {
    return eventStructuredData({ ...post, startsAt: row.startsAt, endsAt: row.endsAt }, place, {
      name: row.authorName,
      url: profileUrl(publicUrl, row.userId),
    });
  }
  if (row.kind === 'spot') return spotStructuredData(post, place);
  return [];
}

/** A public list's items as its structured data names them: each with its page. */
async function listElements(db: Database, publicUrl: string, listId: string) {
  const { items } = await listItems({ db }, listId, null);
  return items.flatMap(({ position, station, post }) => {
    if (station) {
      return [{ position, url: `${publicUrl}/station/${station.id}`, name: `${station.name}駅` }];
    }
    return post
      ? [{ position, url: `${publicUrl}/post/${post.id}`, name: postDisplayTitle(post) }]
      : [];
  });
}

export function createHeadRenderer(db: Database, publicUrl: string) {
  /**
   * A post, comment, station or member that does not exist is 'not-found': the page answers
   * 404. A comment keeps the default head.
   */
  return async function renderHead(pathname: string): Promise<HeadResult> {
    const [, commentPostId, commentId] = COMMENT_PATH.exec(pathname) ?? [];
    if (commentPostId && commentId) {
      const shown = await repository.commentShownToAll(
        db,
        commentPostId.toLowerCase(),
        commentId.toLowerCase(),
      );
      return shown ? null : 'not-found';
    }
    const postId = POST_PATH.exec(pathname)?.[1];
    if (postId) {
      const row = await repository.findPostPreview(db, postId.toLowerCase());
      if (!row) return 'not-found';
      const head = {
        title: `${postTitle(row)} | ${SITE}`,
        description: postDescription(row),
        url: `${publicUrl}/post/${row.id}`,
        type: 'article',
        image: cardImage(publicUrl, ogImagePath('post', row.id), postTitle(row)),
      } as const;
      return { ...head, structuredData: postStructuredData(publicUrl, row, head) };
    }
    const stationId = STATION_PATH.exec(pathname)?.[1];
    if (stationId) {
      const group = await findGroup(db, Number(stationId));
      if (!group) {
        const station = await stationIdOfPlatform(db, Number(stationId));
        return station === null ? 'not-found' : { redirect: `/station/${station}` };
      }
      const lineRows = await findLinesOfGroups(db, [group.id]);
      const lineNames = lineRows.map((line) => line.name);
      const lines =
        lineNames.length > 3
          ? `${lineNames.slice(0, 3).join('、')}など${lineNames.length}路線`
          : lineNames.join('、');
      return {
        title: `${group.name}駅 | ${SITE}`,
        description: summarize(
          `${group.name}駅（${group.prefectureName}）${lines ? `：${lines}` : ''}。` +
            `投稿${group.postCount}件・行きたい${group.wantCount}人。駅周辺のスポットや写真、イベントを${SITE}でチェックしましょう。`,
        ),
        url: `${publicUrl}/station/${group.id}`,
        type: 'website',
        image: cardImage(
          publicUrl,
          ogImagePath('station', group.id),
          `${group.name}駅の駅スタンプと路線`,
        ),
        structuredData: stationStructuredData({
          ...group,
          url: `${publicUrl}/station/${group.id}`,
        }),
      };
    }
    const lineId = LINE_PATH.exec(pathname)?.[1];
    if (lineId) {
      const line = await findLineSummary(db, Number(lineId));
      if (!line) return 'not-found';
      return {
        title: `${line.name}の駅一覧 | ${SITE}`,
        description: summarize(
          `${line.name}${line.companyName ? `（${line.companyName}）` : ''}の${line.openStations}駅を、路線に沿った順に地図と一覧で。各駅の投稿や写真を${SITE}でチェックしましょう。`,
        ),
        url: `${publicUrl}/line/${line.id}`,
        type: 'website',
        image: null,
      };
    }
    const listId = LIST_PATH.exec(pathname)?.[1];
    if (listId) {
      // A private list has no preview: to a crawler it does not exist, as to any visitor.
      const list = await findListPreview(db, listId.toLowerCase());
      if (!list) return 'not-found';
      const url = `${publicUrl}/list/${list.id}`;
      const elements = await listElements(db, publicUrl, list.id);
      return {
        title: `${list.title} | ${SITE}`,
        description: summarize(
          `${list.user.name}さんのリスト（${list.item_count}件）。${list.description}`,
        ),
        url,
        type: 'article',
        image: cardImage(
          publicUrl,
          ogImagePath('list', list.id),
          `「${list.title}」の項目の地図（${list.item_count}件）`,
        ),
        structuredData: listStructuredData(
          { url, title: list.title, description: list.description, itemCount: list.item_count },
          elements,
        ),
      };
    }
    const userId = PROFILE_PATH.exec(pathname)?.[1];
    if (userId) {
      const user = await repository.findUserPreview(db, userId.toLowerCase());
      if (!user) return 'not-found';
      return {
        title: `${user.name}さんのプロフィール | ${SITE}`,
        description:
          summarize(user.bio) || `${user.name}さんの${SITE}での投稿、行きたい駅やスポットです。`,
        url: profileUrl(publicUrl, user.id),
        type: 'profile',
        image: previewImage(publicUrl, user, `${user.name}さんのアイコン`),
      };
    }
    return null;
  };
}
