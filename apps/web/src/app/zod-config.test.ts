import { describe, expect, it } from 'vitest';

describe('zod under the CSP', () => {
  it('builds and runs schemas without ever asking for eval (new Function)', async () => {
    const RealFunction = globalThis.Function;
    const constructed: unknown[][] = [];
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        constructed.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      await import('./zod-config');
      const { z } = await import('zod');
      const schema = z.object({ name: z.string().min(1), age: z.number().int() });
      expect(schema.parse({ name: '駅', age: 3 })).toEqual({ name: '駅', age: 3 });
      expect(schema.safeParse({ name: '' }).success).toBe(false);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(constructed).toEqual([]);
  });

  it('gives our Japanese default messages (packages/shared/src/zod-japanese.ts)', async () => {
    await import('./zod-messages');
    const { z } = await import('zod');
    expect(z.object({ title: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      '値を入力してください。',
    );
    expect(z.string().max(30).safeParse('x'.repeat(31)).error?.issues[0]?.message).toBe(
      '30文字以内で入力してください。',
    );
  });
});
