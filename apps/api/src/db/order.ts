import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * Newest (largest) first, as the indexes are built: drizzle's `.desc()` on an index column
 * writes `DESC NULLS LAST`, while a bare `desc` in a query means nulls first to PostgreSQL, and
 * an index in the other null order cannot give the rows in order — the query would read and sort
 * every row instead (docs/conventions.md#api-modules).
 */
export const descending = (column: SQLWrapper) => sql`${column} desc nulls last`;
