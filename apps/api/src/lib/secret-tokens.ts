import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque secrets (session tokens, mail-link tokens): 32 random bytes, base64url. Only the
 * SHA-256 hash is stored, so a database leak gives no usable token; a hash lookup is
 * constant-time with respect to the secret, so no timing comparison is needed.
 */
export function createSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
