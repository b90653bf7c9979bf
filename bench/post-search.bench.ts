import { extractHashtags, normalizeSearchText, searchTokens } from '@ekispot/shared';
import type { RunningServer } from './lib/server.js';
import { onBothDatabases } from './lib/seeded.js';
import { createSessions, idsOf, seedUsers, type Query } from './lib/sessions.js';

/**
 * Post search at scale (docs/search.md, docs/benchmarks.md#post-search): 100,000 posts of
 * Japanese text with tags by 2,000 members over 30 days, indexed as the server indexes them
 * (the same shared folding and tokens, written in batches as the start-up backfill writes them).
 * Measures the index build, the per-post cost of tokenising, search latency at 10 concurrent
 * searches (p50, p95, p99) for a visitor and a member, and 「いま話題のタグ」 one at a time.
 */

const POSTS = Number(process.env.BENCH_SEARCH_POSTS ?? 100_000);
const USERS = 2_000;
const CONCURRENT = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const BATCH = 1_000;

const STATIONS = [
  '新宿',
  '渋谷',
  '東京',
  '大阪',
  '京都',
  '博多',
  '札幌',
  '仙台',
  '名古屋',
  '金沢',
  '松本',
  '高山',
  '函館',
  '鎌倉',
  '小樽',
  '長崎',
  '熊本',
  '広島',
  '岡山',
  '富山',
];
const THINGS = [
  '駅弁',
  '紅葉',
  '桜',
  'ラーメン',
  'カフェ',
  '夜景',
  '温泉',
  '朝市',
  '鉄橋',
  '車両基地',
  'ホームの端',
  '駅舎',
  '海鮮丼',
  'そば',
  'ソフトクリーム',
  '足湯',
  '花火',
  '雪景色',
  '展望台',
  '古い町並み',
];
const PHRASES = [
  'を見に行きました',
  'がとてもきれいでした',
  'がおすすめです',
  'を食べました',
  'の写真を撮りました',
  'が名物です',
  'で一休みしました',
  'に寄り道しました',
];
const EXTRAS = [
  '改札を出てすぐ。',
  '週末は混みます。',
  '雨の日も楽しめます。',
  '乗り換えの合間にどうぞ。',
  '地元の人に教えてもらいました。',
  'ライトアップは夜まで。',
  '',
];
const TAGS = [
  '紅葉',
  '駅弁',
  '桜',
  '鉄道写真',
  '乗り鉄',
  '夜景',
  'ご当地グルメ',
  '温泉',
  '秘境駅',
  'tokyo',
  '北海道',
  '九州',
  '絶景',
  'カフェ巡り',
  '撮り鉄',
];

/** A deterministic pseudo-random sequence (the same posts every run). */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

interface Seeded {
  token: string;
  posts: number;
  indexMs: number;
  tokensPerPost: number;
  tokeniseUsPerPost: number;
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const arrayLiteral = (items: string[]) =>
  quote(
    `{${items.map((item) => `"${item.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`,
  );

function makePost(pick: (n: number) => number) {
  const station = STATIONS[pick(STATIONS.length)]!;
  const thing = THINGS[pick(THINGS.length)]!;
  const title = `${station}駅の${thing}`;
  const tags = [TAGS[pick(TAGS.length)]!, ...(pick(3) === 0 ? [TAGS[pick(TAGS.length)]!] : [])];
  const body = `${station}で${thing}${PHRASES[pick(PHRASES.length)]}${EXTRAS[pick(EXTRAS.length)]} ${tags.map((tag) => `#${tag}`).join(' ')}`;
  return { title, body };
}

export async function seed(query: Query): Promise<Seeded> {
  await seedUsers(query, USERS, 'search');
  const users = await idsOf(query, 1, USERS);
  const pick = sequence(49);
  await query('set session_replication_role = replica');
  let indexMs = 0;
  let tokens = 0;
  let tokeniseMs = 0;
  for (let start = 0; start < POSTS; start += BATCH) {
    const posts: string[] = [];
    const documents: string[] = [];
    for (let i = start; i < Math.min(POSTS, start + BATCH); i += 1) {
      const { title, body } = makePost(pick);
      const id = `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`;
      const user = users[pick(USERS)]!;
      // Spread over 30 days, newest first.
      const at = `now() - interval '${Math.round((i * 30 * 86_400) / POSTS)} seconds'`;
      posts.push(
        `(${quote(id)}, ${quote(user)}, 'spot', ${quote(title)}, ${quote(body)}, ${at}, ${at})`,
      );
      const started = performance.now();
      const whole = `${title}\n${body}`;
      const postTokens = searchTokens(whole);
      const row = `(${quote(id)}, ${quote(id)}, ${quote(user)}, ${quote(normalizeSearchText(title))}, ${quote(normalizeSearchText(whole))}, ${arrayLiteral(postTokens)}, ${arrayLiteral(extractHashtags(whole))}, ${at})`;
      tokeniseMs += performance.now() - started;
      tokens += postTokens.length;
      documents.push(row);
    }
    await query(
      `insert into posts (id, user_id, kind, title, body, created_at, updated_at) values ${posts.join(',')}`,
    );
    const started = performance.now();
    await query(
      `insert into search_documents (id, post_id, user_id, title, text, tokens, tags, created_at) values ${documents.join(',')}`,
    );
    indexMs += performance.now() - started;
  }
  await query('set session_replication_role = default');
  await query('analyze');
  const [token] = await createSessions(query, [users[0]!]);
  return {
    token: token!,
    posts: POSTS,
    // The writes of the index plus the tokenising in this process, as the backfill does both.
    indexMs: Math.round(indexMs + tokeniseMs),
    tokensPerPost: Math.round(tokens / POSTS),
    tokeniseUsPerPost: Math.round((tokeniseMs * 1000) / POSTS),
  };
}

export const QUERIES = [
  '駅弁',
  '紅葉',
  '桜',
  '新宿 ラーメン',
  '京都駅の紅葉',
  'さくら',
  'ｻｸﾗ',
  '#絶景',
  '温泉 足湯',
  'tokyo',
  '夜景',
  '秘境駅',
  '海鮮丼',
  'ソフトクリーム',
  '乗り換えの合間',
  '函館 朝市',
];

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;

/** `CONCURRENT` readers, each asking the next query as soon as its answer is in. */
async function concurrentSearches(server: RunningServer, token: string | null) {
  const times: number[] = [];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const until = performance.now() + DURATION_S * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (performance.now() < until) {
        const q = QUERIES[next++ % QUERIES.length]!;
        const started = performance.now();
        const response = await fetch(
          `${server.url}/api/v2/search/posts?q=${encodeURIComponent(q)}&limit=20`,
          { headers },
        );
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`search ${q}: ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50_ms: percentile(times, 0.5),
    p95_ms: percentile(times, 0.95),
    p99_ms: percentile(times, 0.99),
  };
}

async function sequential(url: string, headers: Record<string, string>, count = 50) {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50_ms: percentile(times, 0.5),
    p95_ms: percentile(times, 0.95),
    p99_ms: percentile(times, 0.99),
  };
}

async function measure(server: RunningServer, seeded: Seeded) {
  const member = { authorization: `Bearer ${seeded.token}` };
  await concurrentSearches(server, null); // warm-up
  return {
    ...seeded,
    token: undefined,
    visitor: await concurrentSearches(server, null),
    member: await concurrentSearches(server, seeded.token),
    trending_visitor: await sequential(`${server.url}/api/v2/tags/trending`, {}),
    trending_member: await sequential(`${server.url}/api/v2/tags/trending`, member),
  };
}

export async function benchPostSearch(postgresUrl: string | undefined) {
  return onBothDatabases(postgresUrl, { name: 'post_search', seed, measure });
}
