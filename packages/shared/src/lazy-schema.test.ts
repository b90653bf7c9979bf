import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { stationDetailSchema, stationSummarySchema } from './stations.js';

const buildStation = () =>
  z.object({
    id: z.number().int(),
    name: z.string().min(1),
    lines: z.array(z.object({ id: z.number().int(), name: z.string() })),
  });

describe('lazySchema', () => {
  it('builds the schema once, the first time it is read', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return buildStation();
    });
    expect(builds).toBe(0);
    schema.parse({ id: 1, name: '東京', lines: [] });
    schema.safeParse({});
    expect(builds).toBe(1);
  });

  it('parses and fails as the schema it stands for', () => {
    const eager = buildStation();
    const lazy = lazySchema(buildStation);
    const good = { id: 1130101, name: '東京', lines: [{ id: 11302, name: '山手線' }] };
    const bad = { id: 1.5, name: '', lines: 'x' };
    expect(lazy.parse(good)).toEqual(eager.parse(good));
    expect(lazy.safeParse(bad).error?.issues).toEqual(eager.safeParse(bad).error?.issues);
  });

  it('offers the schema’s fields and methods, instanceof and in', () => {
    const lazy = lazySchema(buildStation);
    expect(Object.keys(lazy.shape)).toEqual(['id', 'name', 'lines']);
    expect(lazy instanceof z.ZodObject).toBe(true);
    expect('shape' in lazy).toBe(true);
    const extended = lazy.extend({ closed: z.boolean() });
    expect(extended.parse({ id: 1, name: '東京', lines: [], closed: false })).toMatchObject({
      closed: false,
    });
    expect(lazy.pick({ name: true }).parse({ name: '東京', id: 'ignored' })).toEqual({
      name: '東京',
    });
  });

  it('works as a part of other schemas, lazy or not', () => {
    const station = lazySchema(buildStation);
    const page = lazySchema(() =>
      z.object({ items: z.array(station), next: z.string().nullable() }),
    );
    const plain = z.object({ station: station.optional() });
    expect(
      page.parse({ items: [{ id: 1, name: '東京', lines: [] }], next: null }).items,
    ).toHaveLength(1);
    expect(plain.parse({})).toEqual({});
    expect(() => plain.parse({ station: { id: 'x' } })).toThrow();
  });

  it('gives the same JSON Schema as the schema built at once', () => {
    const eager = z.object({ station: buildStation(), note: z.string().optional() });
    const part = lazySchema(buildStation);
    const lazy = lazySchema(() => z.object({ station: part, note: z.string().optional() }));
    expect(z.toJSONSchema(lazy)).toEqual(z.toJSONSchema(eager));
  });

  it('keeps the contracts’ derived schemas working (extend of a lazy schema)', () => {
    const summary = {
      id: 1130101,
      name: '東京',
      prefecture: { id: 13, name: '東京都' },
      lat: 35.68,
      lng: 139.76,
      lines: [],
      closed: false,
      closed_on: null,
    };
    expect(stationSummarySchema.parse(summary)).toEqual(summary);
    expect(stationDetailSchema.safeParse(summary).success).toBe(false);
  });
});

/**
 * A call made while a module loads (outside any function): `z.object(…)`, `textSchema(…)`,
 * `pageSchema(…)`, `fooSchema.extend(…)`. Inside `lazySchema(() => …)` or any function it runs
 * later, on first use.
 */
function callsAtLoad(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (callee !== 'lazySchema' && /^z\.|Schema$|Schema\./.test(callee)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${path.basename(file)}:${line + 1} ${callee}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the shared contracts', () => {
  it('build no schema while their modules load', () => {
    const dir = import.meta.dirname;
    const files = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => path.join(dir, name));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(callsAtLoad)).toEqual([]);
  });
});
