import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret: what the member holds (cookie, e-mail link). */
export const newToken = () => randomBytes(32).toString('base64url');
/** What we store: its SHA-256, so a copy of the database opens no session and resets no password. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
