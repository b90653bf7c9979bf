import { createHash, randomBytes } from 'node:crypto';

export type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Signs seeded members in without the login route (argon2 would dominate the seeding): one
 * session row per member, stored as the server stores them (SHA-256 of the token,
 * apps/api/src/lib/secret-tokens.ts). Returns the Bearer tokens in the order given.
 */
export async function createSessions(query: Query, userIds: readonly string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  for (let start = 0; start < userIds.length; start += 1000) {
    const values = userIds
      .slice(start, start + 1000)
      .map((id, i) => {
        const hash = createHash('sha256')
          .update(tokens[start + i]!)
          .digest('hex');
        return `(gen_random_uuid(), '${id}', '${hash}', now() + interval '1 day')`;
      })
      .join(',');
    await query(`insert into auth_tokens (id, user_id, token_hash, expires_at) values ${values}`);
  }
  return tokens;
}

/** Members numbered 1…n by creation (newest first), as the seeds below make them. */
export async function seedUsers(query: Query, count: number, prefix: string) {
  await query(`
    insert into users (id, name, email, password_hash, email_verified_at, created_at)
    select gen_random_uuid(), '${prefix}' || g, '${prefix}' || g || '@example.jp', 'x', now(),
           now() - g * interval '1 second'
    from generate_series(1, ${count}) g`);
  await query(`create temporary table numbered as
    select id, row_number() over (order by created_at desc) as rn from users`);
  await query('create index on numbered (rn)');
}

export async function idsOf(query: Query, from: number, to: number): Promise<string[]> {
  const result = await query(
    `select id from numbered where rn between ${from} and ${to} order by rn`,
  );
  return result.rows.map((row) => String(row.id));
}

/**
 * One request at a time (no queueing behind the load generator's other connections): the
 * latency a single reader sees, p50 and p99 over `count` requests.
 */
export async function sequentialLatency(url: string, token: string, count = 100) {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 10) / 10;
  return { p50_ms: at(0.5), p99_ms: at(0.99) };
}
