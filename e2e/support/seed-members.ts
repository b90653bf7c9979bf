import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '../../apps/api/src/db/schema/index.js';
import { insertUser, updateUser } from '../../apps/api/src/modules/auth/auth.repository.js';
import { hashPassword, setPasswordHashMemory } from '../../apps/api/src/modules/auth/passwords.js';
import { MEMBERS, memberStatePath, type MemberKey } from './roster.js';

/**
 * Writes the journeys' members (roster.ts), confirmed, into the PGlite folder the server will
 * open. Their hashes are made at a low cost: verifying reads the cost from the hash, so their
 * logins work on the production-configured server and cost it next to nothing.
 */
export async function seedMembers(pgDir: string): Promise<void> {
  const client = await PGlite.create({ dataDir: pgDir });
  const db = drizzle(client, { schema });
  setPasswordHashMemory(64);
  try {
    for (const member of Object.values(MEMBERS)) {
      const user = await insertUser(db, {
        name: member.name,
        email: member.email,
        passwordHash: await hashPassword(member.password),
      });
      await updateUser(db, user.id, { emailVerifiedAt: new Date() });
      // Granted as `npm run admin -- grant-moderator` would (docs/moderation.md#moderators).
      if ('moderator' in member)
        await db
          .update(schema.users)
          .set({ role: 'moderator' })
          .where(eq(schema.users.id, user.id));
    }
  } finally {
    await client.close();
  }
}

interface SavedCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/** One `Set-Cookie` header as Playwright's `addCookies` takes it. */
function parseSetCookie(header: string, host: string): SavedCookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const split = pair.indexOf('=');
  const cookie: SavedCookie = {
    name: pair.slice(0, split),
    value: pair.slice(split + 1),
    domain: host,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    const name = key.toLowerCase();
    if (name === 'path') cookie.path = value;
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'secure') cookie.secure = true;
    else if (name === 'max-age') cookie.expires = Math.floor(Date.now() / 1000) + Number(value);
    else if (name === 'samesite')
      cookie.sameSite = (value.charAt(0).toUpperCase() + value.slice(1).toLowerCase()) as
        'Strict' | 'Lax' | 'None';
  }
  return cookie;
}

/** Signs every member in once through the API and saves their cookies (members.ts reads them). */
export async function saveMemberStates(baseUrl: string, stateDir: string): Promise<void> {
  const host = new URL(baseUrl).hostname;
  let client = 0;
  for (const [key, member] of Object.entries(MEMBERS) as [
    MemberKey,
    (typeof MEMBERS)[MemberKey],
  ][]) {
    client += 1;
    const response = await fetch(`${baseUrl}/api/v2/auth/login`, {
      method: 'POST',
      // Each member from an address of their own, as separate people would be.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `127.0.9.${client}` },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    if (response.status !== 200) throw new Error(`login of ${key} failed: ${response.status}`);
    const cookies = response.headers.getSetCookie().map((header) => parseSetCookie(header, host));
    await fs.writeFile(memberStatePath(stateDir, key), JSON.stringify({ cookies }));
  }
}
