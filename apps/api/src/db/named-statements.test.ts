import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver } from '../../test/test-app.js';
import type { DatabaseHandle } from './database.js';
import { statementName } from './named-statements.js';
import { users } from './schema/index.js';

/** node-postgres answers `{ rows }` (the handle's type covers PGlite as well). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** A transaction keeps one connection: what it prepared is in its pg_prepared_statements. */
describe.runIf(testDriver === 'postgres')('named statements on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('prepares a parameterised query once per connection, under the hash of its text', async () => {
    const query = database.db.select({ id: users.id }).from(users).where(eq(users.name, 'x'));
    const text = query.toSQL().sql;
    const prepared = await database.db.transaction(async (tx) => {
      for (const name of ['東京', '新宿', '渋谷'])
        await tx.select({ id: users.id }).from(users).where(eq(users.name, name));
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements`),
      );
    });
    expect(prepared.filter((row) => row.statement === text)).toEqual([
      { name: statementName(text), statement: text },
    ]);
  });

  it('leaves queries without parameters unprepared, so one text may hold several statements', async () => {
    const result = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('select 1; select 2'));
      return rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like ${'select 1; select 2%'}`,
        ),
      );
    });
    expect(result).toEqual([{ n: 0 }]);
  });

  it('answers as an unnamed query would, values included', async () => {
    const rows = rowsOf<{ sum: number; text: string }>(
      await database.db.execute(sql`select ${2}::int + ${3}::int as sum, ${'駅'}::text as text`),
    );
    expect(rows).toEqual([{ sum: 5, text: '駅' }]);
  });
});

describe('statementName', () => {
  it('is the same for the same text and differs for another', () => {
    expect(statementName('select $1')).toBe(statementName('select $1'));
    expect(statementName('select $1')).not.toBe(statementName('select $2'));
    expect(statementName('select $1')).toMatch(/^q_[\w-]{27}$/);
  });
});
