import { postSearchQuerySchema } from '@ekispot/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/api/src/db/database.js';
import { searchPosts } from '../apps/api/src/modules/search/search.service.js';
import { getTrendingTags } from '../apps/api/src/modules/search/tags.service.js';
import { indexPost } from '../apps/api/src/modules/search/search-index.service.js';
import { createScratchDatabase } from './lib/postgres.js';
import { QUERIES, seed } from './post-search.bench.js';
import type { Query } from './lib/sessions.js';

/**
 * The post search benchmark without HTTP (`npx tsx bench/post-search-direct.ts`): the same
 * 100,000 posts, searched through the search service on the database directly, for when no
 * build of the app is at hand. 10 searches in flight at a time; trending tags one at a time.
 */

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONCURRENT = 10;

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;
const summary = (times: number[]) => {
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50_ms: percentile(times, 0.5),
    p95_ms: percentile(times, 0.95),
    p99_ms: percentile(times, 0.99),
  };
};

async function run(handle: DatabaseHandle, query: Query) {
  const { db } = handle;
  const seeded = await seed(query);
  const [viewer] = (await query('select id from users order by created_at desc limit 1')).rows;
  const viewerId = String(viewer!.id);
  // Indexing one post as its write pays it (read the text, tokenise, upsert the row), 200 times.
  const writes: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const started = performance.now();
    await indexPost(db, `00000000-0000-7000-8000-${String(i * 7).padStart(12, '0')}`);
    writes.push(performance.now() - started);
  }
  const searches = async (viewer: string | null) => {
    const times: number[] = [];
    const until = performance.now() + DURATION_S * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (performance.now() < until) {
          const q = QUERIES[next++ % QUERIES.length]!;
          const started = performance.now();
          await searchPosts({ db }, viewer, postSearchQuerySchema.parse({ q, limit: '20' }));
          times.push(performance.now() - started);
        }
      }),
    );
    return summary(times);
  };
  await searches(null);
  const trending = async (viewer: string | null) => {
    const times: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const started = performance.now();
      await getTrendingTags({ db }, viewer);
      times.push(performance.now() - started);
    }
    return summary(times);
  };
  return {
    posts: seeded.posts,
    index_build_ms: seeded.indexMs,
    tokens_per_post: seeded.tokensPerPost,
    tokenise_us_per_post: seeded.tokeniseUsPerPost,
    index_write_per_post: summary(writes),
    search_visitor: await searches(null),
    search_member: await searches(viewerId),
    trending_visitor: await trending(null),
    trending_member: await trending(viewerId),
  };
}

const results: Record<string, unknown> = {};
const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (postgresUrl) {
  const scratch = await createScratchDatabase(
    postgresUrl,
    `ekispot_bench_post_search_${process.pid}`,
  );
  const handle = await openPostgres(scratch.url);
  // Seeded on one connection: its temporary tables live there.
  const client = new pg.Client({ connectionString: scratch.url });
  client.on('error', () => {});
  await client.connect();
  try {
    results.postgres = await run(handle, (text) => client.query(text));
    await client.end();
    console.error(JSON.stringify({ postgres: results.postgres }));
  } finally {
    await handle.close();
    await scratch.drop();
  }
}
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const handle = await openPglite(undefined);
  const query: Query = async (text) => {
    const result: unknown = await handle.db.execute(sql.raw(text));
    return { rows: (result as { rows?: Record<string, unknown>[] }).rows ?? [] };
  };
  try {
    results.pglite = await run(handle, query);
  } finally {
    await handle.close();
  }
}
console.log(JSON.stringify(results, null, 2));
