import type { Database } from './database.js';

/**
 * A query built once per database handle (drizzle's `.prepare()`), for the reads every request
 * makes: building drizzle's SQL text costs more Node time than PostgreSQL takes to answer a small
 * query, and on PostgreSQL the prepared text is also planned once per connection
 * (db/named-statements.ts). A transaction's handle gets its own.
 */
export function preparedPerDatabase<Prepared>(
  build: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const built = new WeakMap<Database, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
