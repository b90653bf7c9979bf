import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { blocks } from '../../db/schema/index.js';

/** Whether `blockerId` has blocked `blockedId`. */
export async function isBlocked(
  db: Database,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return row !== undefined;
}
