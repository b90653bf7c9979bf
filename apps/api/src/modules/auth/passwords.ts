import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with 2 passes and 1 lane; the memory cost comes from the configuration
 * (`PASSWORD_HASH_MEMORY_KIB`, OWASP's 19 MiB by default and never less in production).
 * Verifying reads the cost from the stored hash, so a hash made at any cost still verifies.
 */
const OPTIONS = { algorithm: 2, timeCost: 2, parallelism: 1 } as const;
let memoryCost = 19_456;
/** A hash to verify against when no user matches (see dummyPasswordHash), per cost. */
let dummyHash: Promise<string> | undefined;

/** Sets the memory cost of new hashes; buildApp calls it with the configured value. */
export function setPasswordHashMemory(kib: number): void {
  if (kib === memoryCost) return;
  memoryCost = kib;
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...OPTIONS, memoryCost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when no user matches, so a login for an unknown address takes
 * as long as one for a known address and reveals nothing. It is made at the current cost,
 * the cost of the members' own hashes.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
}
