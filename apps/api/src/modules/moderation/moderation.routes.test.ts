import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { reports, users } from '../../db/schema/index.js';
import { runAdminCommand } from './admin-commands.js';
import { adminSocketPath, sendAdminCommand, startAdminSocket } from './admin-socket.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const members: (TestAuth & { id: string; email: string })[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  members.push(...(await accounts.members('moderation', 4)));
});
afterAll(async () => {
  await ctx?.close();
});

const m = (i: number) => members[i]!;
const queue = (auth: TestAuth) => client.json('GET', '/moderation/reports', auth);
const roleOf = async (i: number) =>
  (
    await ctx.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, m(i).id))
  )[0]?.role;

describe('the moderation queue', () => {
  it('is not there (404) for visitors and members, and lists open reports by item for moderators', async () => {
    const notFound = await client.json('GET', '/no-such-route', m(1));
    for (const auth of [{}, m(1)]) {
      const response = await queue(auth);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound.json());
    }

    const post = await client.createdPost(m(2), {
      kind: 'spot',
      title: '報告の多い投稿',
      ...NEAR_TOKYO_STATION,
    });
    const target = { kind: 'post', id: post.id };
    await client.json('POST', '/reports', m(1), { target, reason: 'spam' });
    await client.json('POST', '/reports', m(3), { target, reason: 'harassment' });
    const old = await client.json('POST', '/reports', m(1), {
      target: { kind: 'user', id: m(3).id },
      reason: 'other',
    });
    await ctx.db
      .update(reports)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(reports.id, old.json().data.id as string));

    expect(await runAdminCommand(ctx.db, 'grant-moderator', [m(0).email])).toEqual({
      ok: true,
      output: `${m(0).email} (${
        (
          await ctx.db
            .select()
            .from(users)
            .where(eq(users.id, m(0).id))
        )[0]?.name
      }) is now a moderator`,
    });
    const response = await queue(m(0));
    expect(response.statusCode).toBe(200);
    const items = response.json().data.items as {
      target: { kind: string; id: string };
      reports: number;
      reasons: Record<string, number>;
      author: { id: string } | null;
      overdue: boolean;
      waiting_days: number;
    }[];
    expect(items.map((item) => item.target.kind)).toEqual(['user', 'post']);
    expect(items[0]).toMatchObject({ overdue: true, waiting_days: 8, author: { id: m(3).id } });
    expect(items[1]).toMatchObject({
      target,
      reports: 2,
      reasons: { spam: 1, harassment: 1 },
      author: { id: m(2).id },
      overdue: false,
    });

    await runAdminCommand(ctx.db, 'revoke-moderator', [m(0).email]);
    expect((await queue(m(0))).statusCode).toBe(404);
  });
});

describe('npm run admin', () => {
  it('grants, lists and revokes the role, and refuses what it does not know', async () => {
    expect(await runAdminCommand(ctx.db, 'grant-moderator', ['nobody@example.jp'])).toEqual({
      ok: false,
      output: 'no member has the address nobody@example.jp',
    });
    expect((await runAdminCommand(ctx.db, 'promote', [])).ok).toBe(false);
    expect((await runAdminCommand(ctx.db, 'grant-moderator', [])).ok).toBe(false);
    // Addresses are matched as they are stored, lower-cased.
    await runAdminCommand(ctx.db, 'grant-moderator', [m(1).email.toUpperCase()]);
    expect(await roleOf(1)).toBe('moderator');
    const listed = await runAdminCommand(ctx.db, 'list-moderators', []);
    expect(listed.output.split('\n').map((line) => line.split('\t')[0])).toEqual([m(1).email]);
    await runAdminCommand(ctx.db, 'revoke-moderator', [m(1).email]);
    expect(await roleOf(1)).toBe('member');
  });

  it('reaches the running server through a socket only the data folder’s owner may open', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-admin-'));
    try {
      expect(await sendAdminCommand(dataDir, 'list-moderators', [])).toBeNull();
      const socket = await startAdminSocket({ dataDir, db: ctx.db, log: ctx.app.log });
      try {
        expect((await fs.stat(adminSocketPath(dataDir))).mode & 0o777).toBe(0o600);
        const granted = await sendAdminCommand(dataDir, 'grant-moderator', [m(2).email]);
        expect(granted?.ok).toBe(true);
        expect(await roleOf(2)).toBe('moderator');
        expect(await sendAdminCommand(dataDir, 'list-moderators', [])).toMatchObject({
          ok: true,
          output: expect.stringContaining(m(2).email),
        });
        await sendAdminCommand(dataDir, 'revoke-moderator', [m(2).email]);
        expect(await roleOf(2)).toBe('member');
      } finally {
        await socket.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('makes its socket private from the start, whatever the umask it was started under', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-admin-'));
    const umask = process.umask(0);
    // The socket's mode as it was created: looked at just before the server narrows it.
    const created: number[] = [];
    const realChmod = fs.chmod.bind(fs);
    const chmod = vi.spyOn(fs, 'chmod').mockImplementation(async (file, mode) => {
      created.push((await fs.stat(file)).mode & 0o777);
      await realChmod(file, mode);
    });
    try {
      const socket = await startAdminSocket({ dataDir, db: ctx.db, log: ctx.app.log });
      await socket.close();
      expect(created.map((mode) => mode.toString(8))).toEqual(['700']);
    } finally {
      chmod.mockRestore();
      process.umask(umask);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
