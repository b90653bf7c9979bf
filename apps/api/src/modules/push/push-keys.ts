import { webcrypto } from 'node:crypto';

/**
 * Whether a browser's push keys can encrypt a push (docs/pwa.md#devices): `p256dh` an
 * uncompressed P-256 point (65 bytes, 0x04 then x and y) that lies on the curve, `auth` a
 * 16-byte secret, both base64url. The shared schema checks their shape; only importing the key
 * tells a point on the curve from 65 bytes that look like one. A key that is not one made every
 * push to it fail before it was sent, and every later push again.
 */

const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

function decoded(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/** The browser's public key is a P-256 point WebCrypto imports. */
export async function isUsableP256dh(p256dh: string): Promise<boolean> {
  const bytes = decoded(p256dh);
  if (!bytes || bytes.length !== P256DH_BYTES || bytes[0] !== 0x04) return false;
  try {
    await webcrypto.subtle.importKey(
      'raw',
      bytes,
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      [],
    );
    return true;
  } catch {
    return false;
  }
}

export function isUsableAuth(auth: string): boolean {
  return decoded(auth)?.length === AUTH_BYTES;
}

/** Both keys usable: what the sender checks before encrypting for a stored subscription. */
export async function areUsableKeys(keys: { p256dh: string; auth: string }): Promise<boolean> {
  return isUsableAuth(keys.auth) && (await isUsableP256dh(keys.p256dh));
}
