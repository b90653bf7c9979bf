import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Ranking scores kept incrementally (docs/rankings.md): one row per board, period, period start
 * and member, moved by the same transaction as the like, want, comment, follow or post that
 * changes it. A ranking page reads one index range; nothing is recounted per request.
 */
export const rankingScores = pgTable(
  'ranking_scores',
  {
    /** 'impact' (影響度数) or 'posts' (投稿数). */
    board: text('board').$type<'impact' | 'posts'>().notNull(),
    /** 'week', 'month' or 'all'. */
    period: text('period').$type<'week' | 'month' | 'all'>().notNull(),
    /** The Japan date the period starts on (a Monday, a 1st; 1970-01-01 for all time). */
    startsOn: date('starts_on').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
    /** When the score last rose: ties are ordered by who got there first. */
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.board, table.period, table.startsOn, table.userId] }),
    index('ranking_scores_order_idx').on(
      table.board,
      table.period,
      table.startsOn,
      table.score.desc(),
      table.achievedAt,
      table.userId,
    ),
    index('ranking_scores_user_idx').on(table.userId),
    check('ranking_scores_board_check', sql`${table.board} in ('impact', 'posts')`),
    check('ranking_scores_period_check', sql`${table.period} in ('week', 'month', 'all')`),
  ],
);

/**
 * How many members hold each score on a board (migration 0007): kept by statement triggers on
 * `ranking_scores`, whatever writes them, so a member's rank is a sum over the distinct scores
 * above theirs (docs/rankings.md#own-rank).
 */
export const rankingScoreCounts = pgTable(
  'ranking_score_counts',
  {
    board: text('board').$type<'impact' | 'posts'>().notNull(),
    period: text('period').$type<'week' | 'month' | 'all'>().notNull(),
    startsOn: date('starts_on').notNull(),
    score: integer('score').notNull(),
    members: integer('members').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'ranking_score_counts_pk',
      columns: [table.board, table.period, table.startsOn, table.score],
    }),
  ],
);
