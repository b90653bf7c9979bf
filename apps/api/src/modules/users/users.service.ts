import type {
  Privacy,
  Profile,
  ProfileListPage,
  ProfilePostPage,
  ProfileStampPage,
  ProfileStationPage,
  TabHidden,
  UserPage,
  UserSummary,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { japanDateOf } from '../../lib/japan-time.js';
import * as blocks from '../blocks/blocks.service.js';
import * as lists from '../lists/lists.service.js';
import * as posts from '../posts/posts.service.js';
import { decodeUserCursor, toUserPage } from './user-cursor.js';
import * as stationTabs from './profile-stations.repository.js';
import * as repository from './users.repository.js';
import { USER_MESSAGES as M } from './users.messages.js';

/** People rules (docs/people.md). No Fastify types here. */

/** Follows, blocks and mutes (relations.service.ts), offered with the rest of the people rules. */
export { prepareMemberLeaving, setBlock, setFollow, setMute } from './relations.service.js';

export interface UsersDeps {
  db: Database;
}

interface PageQuery {
  cursor?: string;
  limit: number;
}

async function findUserOr404(db: Database, userId: string) {
  const user = await repository.findUser(db, userId);
  if (!user) throw notFound(M.notFound);
  return user;
}

export async function getProfile(
  deps: UsersDeps,
  userId: string,
  viewerId: string | null,
): Promise<Profile> {
  const user = await findUserOr404(deps.db, userId);
  const own = viewerId === userId;
  const [counts, relation] = await Promise.all([
    repository.countContent(deps.db, userId, viewerId),
    viewerId && !own ? repository.findRelation(deps.db, viewerId, userId) : null,
  ]);
  return {
    id: user.id,
    name: user.name,
    // What the viewer blocked stays out of sight: the name remains, so they know whom.
    bio: relation?.blockedByMe ? '' : user.bio,
    avatar: user.avatarImageId,
    created_at: user.createdAt.toISOString(),
    post_count: counts.postCount,
    follower_count: user.followerCount,
    following_count: user.followingCount,
    stamp_count: counts.stampCount,
    list_count: counts.listCount,
    actions_public: user.actionsPublic,
    followed_by_me: relation?.followedByMe ?? false,
    follows_me: relation?.followsMe ?? false,
    blocked_by_me: relation?.blockedByMe ?? false,
    muted_by_me: relation?.mutedByMe ?? false,
  };
}

/**
 * Why a tab shows nothing to this viewer, or null when it shows its items. A member the
 * viewer blocked shows nothing at all; liked and want tabs follow the owner's choice, and
 * the owner always sees their own.
 */
async function tabAccess(
  db: Database,
  userId: string,
  viewerId: string | null,
  followsPrivacy: boolean,
): Promise<TabHidden> {
  const user = await findUserOr404(db, userId);
  if (viewerId === userId) return null;
  if (viewerId && (await blocks.isBlocked(db, viewerId, userId))) return 'blocked';
  if (followsPrivacy && !user.actionsPublic) return 'private';
  return null;
}

const emptyTab = (hidden: TabHidden) => ({ items: [], next_cursor: null, hidden });

/** Why a profile tab is empty for this viewer, or null (used by the stamp book's summary too). */
export async function findTabHidden(
  db: Database,
  userId: string,
  viewerId: string | null,
): Promise<TabHidden> {
  return tabAccess(db, userId, viewerId, false);
}

export async function listUserPosts(
  deps: UsersDeps,
  userId: string,
  viewerId: string | null,
  query: PageQuery,
): Promise<ProfilePostPage> {
  const hidden = await tabAccess(deps.db, userId, viewerId, false);
  if (hidden) return emptyTab(hidden);
  const page = await posts.listPosts(deps, viewerId, { ...query, user_id: userId });
  return { ...page, hidden: null };
}

export type ReactionTab = 'liked' | 'want-to-participate-events' | 'want-to-visit-spots';

export async function listReactionTab(
  deps: UsersDeps,
  userId: string,
  viewerId: string | null,
  tab: ReactionTab,
  query: PageQuery,
): Promise<ProfilePostPage> {
  const hidden = await tabAccess(deps.db, userId, viewerId, true);
  if (hidden) return emptyTab(hidden);
  const reaction =
    tab === 'liked'
      ? ({ type: 'like' } as const)
      : ({ type: 'want', kind: tab === 'want-to-visit-spots' ? 'spot' : 'event' } as const);
  const page = await posts.listReactedPosts(deps, viewerId, userId, reaction, query);
  return { ...page, hidden: null };
}

export async function listWantedStations(
  deps: UsersDeps,
  userId: string,
  viewerId: string | null,
  query: PageQuery,
): Promise<ProfileStationPage> {
  const hidden = await tabAccess(deps.db, userId, viewerId, true);
  if (hidden) return emptyTab(hidden);
  const rows = await stationTabs.findWantedStations(deps.db, {
    userId,
    after: decodeUserCursor(query.cursor, 'time-station'),
    limit: query.limit + 1,
  });
  const page = toUserPage(rows, query.limit, (row) => ({ key: row.micros, id: String(row.id) }));
  return {
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      prefecture_name: row.prefectureName,
      wanted_at: row.wantedAt.toISOString(),
    })),
    next_cursor: page.nextCursor,
    hidden: null,
  };
}

/** Public lists for everyone; the owner also sees their private ones (lists.service.ts). */
export async function listUserLists(
  deps: UsersDeps,
  userId: string,
  viewerId: string | null,
  query: PageQuery,
): Promise<ProfileListPage> {
  const hidden = await tabAccess(deps.db, userId, viewerId, false);
  if (hidden) return emptyTab(hidden);
  const page = await lists.listMemberLists(deps, userId, viewerId, query);
  return { ...page, hidden: null };
}

export async function listUserStamps(
  deps: UsersDeps,
  userId: string,
  viewerId: string | null,
  query: PageQuery,
): Promise<ProfileStampPage> {
  const hidden = await tabAccess(deps.db, userId, viewerId, false);
  if (hidden) return emptyTab(hidden);
  const rows = await stationTabs.findStampsOf(deps.db, {
    userId,
    after: decodeUserCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = toUserPage(rows, query.limit, (row) => ({ key: row.micros, id: row.id }));
  return {
    items: page.items.map((row) => ({
      id: row.id,
      station: {
        id: row.stationGroupId,
        name: row.stationName,
        prefecture_name: row.prefectureName,
      },
      // Others see the day only (docs/stamps.md#location-privacy).
      collected_on: japanDateOf(row.collectedAt),
      collected_at: viewerId === userId ? row.collectedAt.toISOString() : null,
      ...(row.recordOnly && { record_only: true as const }),
    })),
    next_cursor: page.nextCursor,
    hidden: null,
  };
}

/* ---- Lists of members ---- */

type SummaryRow = Awaited<ReturnType<typeof repository.findDirectory>>[number];

function toSummary(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    avatar: row.avatar,
    follower_count: row.shownFollowerCount,
    followed_by_me: Boolean(row.followedByMe),
  };
}

export async function listDirectory(
  deps: UsersDeps,
  viewerId: string | null,
  query: PageQuery & { q?: string },
): Promise<UserPage> {
  const rows = await repository.findDirectory(deps.db, {
    viewerId,
    q: query.q ? query.q : null,
    after: decodeUserCursor(query.cursor, 'count-uuid'),
    limit: query.limit + 1,
  });
  const page = toUserPage(rows, query.limit, (row) => ({
    key: String(row.followerCount),
    id: row.id,
  }));
  return { items: page.items.map(toSummary), next_cursor: page.nextCursor };
}

export async function listFollows(
  deps: UsersDeps,
  side: 'followers' | 'following',
  userId: string,
  viewerId: string | null,
  query: PageQuery,
): Promise<UserPage> {
  const after = decodeUserCursor(query.cursor);
  await findUserOr404(deps.db, userId);
  const rows = await repository.findFollowPage(deps.db, {
    side,
    userId,
    viewerId,
    after,
    limit: query.limit + 1,
  });
  const page = toUserPage(rows, query.limit, (row) => ({ key: row.micros, id: row.id }));
  return { items: page.items.map(toSummary), next_cursor: page.nextCursor };
}

export async function listBlocksOrMutes(
  deps: UsersDeps,
  kind: 'blocks' | 'mutes',
  userId: string,
  query: PageQuery,
): Promise<UserPage> {
  const rows = await repository.findBlockOrMutePage(deps.db, {
    kind,
    userId,
    after: decodeUserCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = toUserPage(rows, query.limit, (row) => ({ key: row.micros, id: row.id }));
  return { items: page.items.map(toSummary), next_cursor: page.nextCursor };
}

/* ---- Privacy ---- */

export async function setPrivacy(deps: UsersDeps, userId: string, privacy: Privacy) {
  await repository.setActionsPublic(deps.db, userId, privacy.actions_public);
  return privacy;
}
