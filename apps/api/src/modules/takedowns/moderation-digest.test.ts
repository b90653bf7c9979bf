import { REPORT_OVERDUE_DAYS } from '@ekispot/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { mailOutbox, moderationDigests, users } from '../../db/schema/index.js';
import { sendModerationDigest } from './takedowns.service.js';
import { buildReports, buildTakedownRequests } from '../../../test/factories.js';

const origin = 'http://localhost:3000';
const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let people: { id: string; email: string }[] = [];

/** Two moderators, a suspended moderator and a member. */
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  people = await createAuthClient(ctx, origin).members('digest', 4);
  await ctx.db
    .update(users)
    .set({ role: 'moderator' })
    .where(
      inArray(
        users.id,
        people.slice(0, 3).map((person) => person.id),
      ),
    );
  await ctx.db
    .update(users)
    .set({ suspendedUntil: new Date('2999-01-01T00:00:00Z') })
    .where(eq(users.id, people[2]!.id));
});
afterAll(async () => {
  await ctx?.close();
});

const digest = (now: string) =>
  sendModerationDigest({ db: ctx.db, publicUrl: origin }, new Date(now));
const digestMails = () =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.category, 'essential'))
    .then((rows) => rows.filter((row) => row.subject.includes('対応待ち')));

async function openReport(createdAt: Date, targetId: string, reporter = 3) {
  await buildReports(ctx.db, [
    {
      reporterId: people[reporter]!.id,
      targetKind: 'post',
      targetId,
      reason: 'spam',
      createdAt,
    },
  ]);
}

async function openTakedown(confirmedAt: Date, n: number) {
  await buildTakedownRequests(ctx.db, [
    {
      receiptNumber: `DGST-000${n}`,
      url: `${origin}/list/0190a000-0000-7000-8000-00000000d00${n}`,
      targetKind: 'list',
      targetId: `0190a000-0000-7000-8000-00000000d00${n}`,
      relationship: 'self',
      reason: 'privacy',
      details: '削除してください。',
      email: `digest-requester-${n}@example.jp`,
      tokenHash: `digest-token-${n}`,
      tokenExpiresAt: confirmedAt,
      status: 'open',
      createdAt: confirmedAt,
      confirmedAt,
    },
  ]);
}

describe('the moderators’ daily digest', () => {
  it('is sent once per Japan day after 09:00, only with something open, only to moderators', async () => {
    // Nothing open: nothing sent, and the day stays unclaimed.
    expect(await digest('2030-01-11T01:00:00Z')).toEqual({ sent: 0, skipped: 'nothing-open' });
    expect(await ctx.db.select().from(moderationDigests)).toHaveLength(0);

    const morning = new Date('2030-01-11T00:30:00Z'); // 09:30 JST
    await openReport(
      new Date(morning.getTime() - 10 * DAY_MS),
      '0190a000-0000-7000-8000-00000000a001',
    );
    await openReport(
      new Date(morning.getTime() - 9 * DAY_MS),
      '0190a000-0000-7000-8000-00000000a001',
      2,
    );
    await openReport(new Date(morning.getTime() - DAY_MS), '0190a000-0000-7000-8000-00000000a002');
    await openTakedown(new Date(morning.getTime() - REPORT_OVERDUE_DAYS * DAY_MS), 1);
    await openTakedown(new Date(morning.getTime() - 2 * DAY_MS), 2);

    // 08:30 JST: too early.
    expect(await digest('2030-01-10T23:30:00Z')).toEqual({ sent: 0, skipped: 'before-hour' });
    expect(await digestMails()).toHaveLength(0);

    // 09:30 JST: two instances at once, one mail per moderator in all.
    const [first, second] = await Promise.all([
      digest(morning.toISOString()),
      digest(morning.toISOString()),
    ]);
    expect([first, second].map((result) => result.sent).sort()).toEqual([0, 2]);
    const mails = await digestMails();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
      [people[0]!.email, people[1]!.email].sort(),
    );
    const mail = mails[0]!;
    expect(mail.subject).toBe('【えきスポ】対応待ち：報告3件・削除の申し出2件（1月11日）');
    expect(mail.textBody).toContain(
      `報告：2件の対象に3件（うち${REPORT_OVERDUE_DAYS}日以上待っているもの 1件）`,
    );
    expect(mail.textBody).toContain(
      `削除の申し出：2件（うち${REPORT_OVERDUE_DAYS}日以上待っているもの 1件）`,
    );
    expect(mail.textBody).toContain('・投稿（報告2件、10日）');
    expect(mail.textBody).toContain(
      `・${origin}/list/0190a000-0000-7000-8000-00000000d001（${REPORT_OVERDUE_DAYS}日）`,
    );
    expect(mail.textBody).toContain(`${origin}/moderation`);
    expect(await ctx.db.select().from(moderationDigests)).toEqual([
      expect.objectContaining({ day: '2030-01-11' }),
    ]);

    // Later the same Japan day (19:00 JST): already sent.
    expect(await digest('2030-01-11T10:00:00Z')).toEqual({ sent: 0, skipped: 'already-sent' });
    expect(await digestMails()).toHaveLength(2);

    // The next Japan day, from 09:00 JST: sent again.
    expect(await digest('2030-01-12T00:00:00Z')).toEqual({ sent: 2, day: '2030-01-12' });
    expect(await digestMails()).toHaveLength(4);
  });
});
