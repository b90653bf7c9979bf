import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { takedownRequests } from '../../db/schema/index.js';
import { newReceiptNumber, RECEIPT_ALPHABET, RECEIPT_NUMBER_PATTERN } from './receipt-number.js';
import { insertWithReceiptNumber } from './takedowns.service.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const request = (n: number) => ({
  url: `http://localhost:3000/post/0190a000-0000-7000-8000-00000000f00${n}`,
  targetKind: 'post' as const,
  targetId: `0190a000-0000-7000-8000-00000000f00${n}`,
  relationship: 'self' as const,
  reason: 'privacy' as const,
  details: '削除してください。',
  email: `receipt-${n}@example.jp`,
  tokenHash: `receipt-token-${n}`,
  tokenExpiresAt: new Date(Date.now() + 60_000),
});

describe('受付番号', () => {
  it('is eight characters in two groups, none of them easy to mistake for another', () => {
    const drawn = Array.from({ length: 2000 }, newReceiptNumber);
    for (const number of drawn) expect(number).toMatch(RECEIPT_NUMBER_PATTERN);
    expect(RECEIPT_ALPHABET).not.toMatch(/[0O1IL2Z5S8BQUV]/);
    // Random, not a sequence: 2,000 draws from 22⁸ repeat none.
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('is unique: a number another request has is drawn again', async () => {
    const draws = ['KMXR-4TPA', 'KMXR-4TPA', 'HWC7-9NED'];
    const draw = () => draws.shift() ?? 'unused';
    const first = await ctx.db.transaction((tx) => insertWithReceiptNumber(tx, request(1), draw));
    const second = await ctx.db.transaction((tx) => insertWithReceiptNumber(tx, request(2), draw));
    expect([first.receiptNumber, second.receiptNumber]).toEqual(['KMXR-4TPA', 'HWC7-9NED']);
    const rows = await ctx.db
      .select({ number: takedownRequests.receiptNumber })
      .from(takedownRequests)
      .where(eq(takedownRequests.receiptNumber, 'KMXR-4TPA'));
    expect(rows).toHaveLength(1);
  });
});
