import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver } from '../../test/test-app.js';

/** node-postgres answers `{ rows }` (the handle's type covers PGlite as well). */
const rowsOf = <Row>(result: unknown) => result as { rows: Row[] };

/**
 * A PostgreSQL connection cut while a transaction holds it (a restart, an administrator, the
 * client's own `query_timeout`): the transaction fails and the pool carries on, and the
 * process lives (an unheard `error` event of the client would end it, database.ts).
 */
describe.runIf(testDriver === 'postgres')('a connection cut while in use', () => {
  it('fails its transaction, not the process, and the pool carries on', async () => {
    const database = await createTestDatabase();
    try {
      const cut = database.db.transaction(async (tx) => {
        const { rows } = rowsOf<{ pid: number }>(
          await tx.execute(sql`select pg_backend_pid() as pid`),
        );
        await database.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
        // Let the client hear the server's farewell between statements.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`select 1`);
      });
      await expect(cut).rejects.toThrow();
      const { rows } = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
