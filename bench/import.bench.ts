import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openPostgres } from '../apps/api/src/db/database.js';
import * as schema from '../apps/api/src/db/schema/index.js';
import { ensureStationData } from '../apps/api/src/modules/stations/station-import.service.js';
import { createScratchDatabase } from './lib/postgres.js';

const quiet = { info: () => undefined, warn: () => undefined };

/** Time of the first-start station import (read the bundled 駅データ.jp files, derive readings, write 9,341 stations and 10,993 platforms). */
export async function benchImport(postgresUrl: string | undefined) {
  const results: Record<string, number> = {};

  const client = await PGlite.create();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  const pglite = await ensureStationData(db, quiet);
  results.pglite_ms = pglite.ms;
  await client.close();

  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'ekispot_bench_import');
    const handle = await openPostgres(scratch.url);
    const pgResult = await ensureStationData(handle.db, quiet);
    results.postgres_ms = pgResult.ms;
    await handle.close();
    await scratch.drop();
  }
  return results;
}
