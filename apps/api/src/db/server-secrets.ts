import { eq } from 'drizzle-orm';
import type { Database } from './database.js';
import { serverSecrets } from './schema/index.js';

/**
 * The secret stored under `name`, or `candidate` stored as it when there is none yet: whichever
 * instance asks first makes it, and every other one reads the same.
 */
export async function findOrStoreServerSecret(
  db: Database,
  name: string,
  candidate: string,
): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: candidate })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server_secrets: the row ${name} just stored is missing`);
  return row.value;
}
