/** The few parts of http_ece (RFC 8188/8291 content encoding) the push tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair (the browser's). */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret: string;
  }
  const ece: { decrypt(body: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
