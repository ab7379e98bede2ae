/** The part of http_ece (RFC 8188 content encoding, untyped) the push tests use to read what we sent. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair: the browser's subscription key. */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret (base64url or bytes). */
    authSecret: string | Buffer;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
