import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Every parameterised query on a PostgreSQL connection as a named prepared statement, so the
 * server parses and plans each query text once per connection instead of on every request.
 *
 * Planning was most of a read's database time: on the member benchmark's data
 * (docs/benchmarks.md#member-reads) a session lookup took 1.1–4.3 ms to plan and 0.05 ms to run,
 * a page of the list timeline 4.4 ms to plan and 5.4 ms to run. The app builds its SQL with
 * drizzle, whose text depends only on the query's shape (values always travel as parameters),
 * so the shapes are few and each is named by a hash of its text. PostgreSQL re-plans a statement
 * by itself when a table it reads changes (a migration), and chooses between a plan for the
 * given values and a generic one as it does for any prepared statement.
 *
 * A connection names at most `MAX_NAMED_PER_CONNECTION` shapes; beyond, queries run unnamed as
 * before (a shape with a variable list of `$n`, repeated with many lengths, cannot fill the
 * server's memory). A query without parameters stays on the simple protocol, which allows
 * several statements in one text. A pooler in between must keep a connection's prepared
 * statements (docs/deploy.md#postgresql).
 */
export const MAX_NAMED_PER_CONNECTION = 1_000;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

const names = new Map<string, string>();

/** The statement name of a query text: the same on every connection and every instance. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < 10_000) names.set(text, name);
  }
  return name;
}

/** Makes `client` send its parameterised queries as named statements (see above). */
export function nameStatementsOf(client: pg.ClientBase): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    if (config && typeof config === 'object') {
      const { text, name } = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : (config as QueryConfigLike).values;
      if (
        typeof text === 'string' &&
        name === undefined &&
        Array.isArray(params) &&
        params.length
      ) {
        const statement = statementName(text);
        if (named.has(statement) || named.size < MAX_NAMED_PER_CONNECTION) {
          named.add(statement);
          return query({ ...config, name: statement }, values, callback);
        }
      }
    }
    return query(config, values, callback);
  };
}
