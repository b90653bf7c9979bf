import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.js';
import type { Database, DatabaseHandle } from '../db/database.js';
import {
  isTransientConflict,
  retryTransientConflicts,
  TRANSIENT_CONFLICT_ATTEMPTS,
} from './db-errors.js';

/**
 * PostgreSQL's own errors, raised by the database with the SQLSTATE it gives a deadlock's
 * victim (40P01), through the real driver: the retry sees exactly what a real deadlock gives.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table retry_probe (attempt int not null)`);
});
afterAll(async () => {
  await database?.close();
});

/** Raises inside `on`: the transaction under test, or the database itself. */
const raise = (state: string, on: Pick<Database, 'execute'> = database.db) =>
  on.execute(sql.raw(`do $$ begin raise exception 'probe' using errcode = '${state}'; end $$`));

async function probeRows() {
  // Both drivers answer `execute` with `{ rows }`.
  const result = (await database.db.execute(
    sql`select attempt from retry_probe order by attempt`,
  )) as unknown as { rows: { attempt: number }[] };
  return result.rows.map((row) => row.attempt);
}

describe('retryTransientConflicts', () => {
  it('runs a transaction aborted as a deadlock victim again, and keeps only the last run', async () => {
    await database.db.execute(sql`delete from retry_probe`);
    let attempts = 0;
    const result = await retryTransientConflicts(() =>
      database.db.transaction(async (tx) => {
        attempts += 1;
        await tx.execute(sql`insert into retry_probe values (${attempts})`);
        if (attempts === 1) await raise('40P01', tx);
        return 'done';
      }),
    );
    expect(result).toBe('done');
    expect(attempts).toBe(2);
    // The aborted run wrote nothing.
    expect(await probeRows()).toEqual([2]);
  });

  it('gives up after a few attempts, with the database’s error', async () => {
    let attempts = 0;
    const failing = retryTransientConflicts(async () => {
      attempts += 1;
      await raise('40001');
    });
    await expect(failing).rejects.toSatisfy(isTransientConflict);
    expect(attempts).toBe(TRANSIENT_CONFLICT_ATTEMPTS);
  });

  it('never repeats a transaction that failed for another reason', async () => {
    let attempts = 0;
    const failing = retryTransientConflicts(async () => {
      attempts += 1;
      await raise('23505');
    });
    await expect(failing).rejects.not.toSatisfy(isTransientConflict);
    expect(attempts).toBe(1);
  });
});
