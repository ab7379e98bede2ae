/** Passwords are hashed with scrypt (memory-hard, built into Node): 32 MiB and ~50–100 ms per hash. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

interface HashCost {
  N: number;
  r: number;
  p: number;
}

/** Every hash the server writes. */
export const PASSWORD_HASH_COST: HashCost = { N: 2 ** 15, r: 8, p: 1 };

/**
 * Under the test runner only (Vitest sets VITEST in each of its workers): 1 MiB, ~2 ms. Every test app
 * hashes the official account's password and every test member's, thousands of times in `npm test`, and at
 * ~100 ms each on a two-core machine that was minutes of the suite (docs/testing.md). Verifying reads the
 * cost from the stored hash, so sign-in works the same at either cost; password.test.ts checks the
 * production cost itself.
 */
export const TEST_PASSWORD_HASH_COST: HashCost = { N: 2 ** 10, r: 8, p: 1 };

const cost = process.env.VITEST === 'true' ? TEST_PASSWORD_HASH_COST : PASSWORD_HASH_COST;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$key`: the cost travels with the hash, so it can be raised without a migration. */
export async function hashPassword(password: string, params: HashCost = cost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
