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

  it('keeps the Japanese default messages', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    const result = z.string().safeParse(1);
    expect(result.error?.issues[0]?.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});
