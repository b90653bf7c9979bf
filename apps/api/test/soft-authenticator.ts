import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for API tests: it answers WebAuthn options as a browser with a
 * platform passkey would (`navigator.credentials.create/get` in their JSON form), with P-256
 * keys it makes itself, so the server's real verification runs on every call. Browser journeys
 * use Chromium's own virtual authenticator instead (e2e/journeys/passkeys.test.ts).
 */

interface Held {
  id: Buffer;
  privateKey: KeyObject;
  x: Buffer;
  y: Buffer;
  userHandle: string;
  signCount: number;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export function createSoftAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const held: Held[] = [];

  function authData(flags: number, count: number, attested?: Held) {
    const head = Buffer.concat([sha256(rpId), Buffer.from([flags]), Buffer.alloc(4)]);
    head.writeUInt32BE(count, 33);
    if (!attested) return head;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(attested.x)],
        [-3, new Uint8Array(attested.y)],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(attested.id.length);
    return Buffer.concat([head, Buffer.alloc(16), length, attested.id, Buffer.from(cose)]);
  }

  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  /** Answers creation options: a new credential, kept here (JSON text, as the web app sends it). */
  function create(options: Record<string, unknown>, { origin: at = origin } = {}): string {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const jwk = publicKey.export({ format: 'jwk' });
    const user = options.user as { id: string };
    const credential: Held = {
      id: randomBytes(16),
      privateKey,
      x: Buffer.from(jwk.x!, 'base64url'),
      y: Buffer.from(jwk.y!, 'base64url'),
      userHandle: user.id,
      signCount: 0,
    };
    held.push(credential);
    // User present, user verified, backup eligible and backed up, attested credential data.
    const data = authData(0x01 | 0x04 | 0x08 | 0x10 | 0x40, 0, credential);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(data)],
      ]) as never,
    );
    return JSON.stringify({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge as string, at)),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
    });
  }

  /** Answers request options with the credential asked for (or the first held). */
  function get(options: Record<string, unknown>, which = 0): string {
    const allowed = (options.allowCredentials as { id: string }[] | undefined) ?? [];
    const credential = allowed.length
      ? held.find((entry) => allowed.some((allow) => allow.id === b64url(entry.id)))
      : held[which];
    if (!credential) throw new Error('no credential for these options');
    credential.signCount += 1;
    const data = authData(0x01 | 0x04 | 0x08 | 0x10, credential.signCount);
    const client = clientData('webauthn.get', options.challenge as string);
    const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
    return JSON.stringify({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(client),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    });
  }

  return { create, get, held };
}
