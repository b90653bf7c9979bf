import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { blocks, mutes } from './schema/index.js';

/**
 * Who stands in a block or mute relation to a member, as one subquery for the lists that leave
 * them out (timelines, comments, lists, member lists, notifications; docs/people.md#blocks).
 *
 * The subquery is uncorrelated: PostgreSQL reads the member's few blocks and mutes once per
 * query and checks each row against a hash of them. The correlated form (`not exists … where
 * blocked_id = row.author`) re-scans both tables for every row read; on the embedded database
 * each re-scan asks the file system for the table's size, which made a page of notifications
 * cost 600 such calls (docs/benchmarks.md#notifications).
 */
export type Relation =
  /** Members `member` blocked. */
  | 'blocked'
  /** Members who blocked `member`. */
  | 'blockedBy'
  /** Members `member` muted. */
  | 'muted'
  /** Members who muted `member`. */
  | 'mutedBy';

function idsOf(relation: Relation, member: SQLWrapper): SQL {
  switch (relation) {
    case 'blocked':
      return sql`select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${member}`;
    case 'blockedBy':
      return sql`select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${member}`;
    case 'muted':
      return sql`select ${mutes.mutedId} from ${mutes} where ${mutes.muterId} = ${member}`;
    case 'mutedBy':
      return sql`select ${mutes.muterId} from ${mutes} where ${mutes.mutedId} = ${member}`;
  }
}

/**
 * `column` (a member id that is never null) is none of the members related to `member` in
 * these ways. `member` is a member id (bound as a uuid) or an SQL expression.
 */
export function notRelatedTo(
  column: SQLWrapper,
  member: string | SQLWrapper,
  relations: readonly Relation[],
): SQL {
  const id = typeof member === 'string' ? sql`${member}::uuid` : member;
  const ids = sql.join(
    relations.map((relation) => idsOf(relation, id)),
    sql` union all `,
  );
  return sql`${column} not in (${ids})`;
}
