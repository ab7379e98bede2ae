/**
 * Password hashes (docs/decisions/0001-scrypt-passwords.md): scrypt at the production cost outside the test runner, the cost
 * written into each hash so verification follows it.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, TEST_PASSWORD_HASH_COST, verifyPassword } from './password';

describe('password hashes', () => {
  it('the server hashes at N=2^15, r=8, p=1 (32 MiB) when it is not under the test runner', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const m = await import('./sync-server/src/lib/auth/password.ts'); process.stdout.write((await m.hashPassword('x')).split('$').slice(0, 4).join('$'));",
      ],
      { env: { ...process.env, VITEST: '' }, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('scrypt$32768$8$1');
    expect(PASSWORD_HASH_COST).toEqual({ N: 32768, r: 8, p: 1 });
  });

  it('a hash at the production cost verifies, and the wrong password does not', async () => {
    const stored = await hashPassword('correct horse', PASSWORD_HASH_COST);
    expect(stored.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
  });

  it("under the test runner, hashes are cheap but verify the same way; the form's text is NFKC-normalised", async () => {
    const stored = await hashPassword('ﬁnd');
    expect(stored.startsWith(`scrypt$${TEST_PASSWORD_HASH_COST.N}$8$1$`)).toBe(true);
    expect(await verifyPassword('find', stored)).toBe(true);
    expect(await verifyPassword('fine', stored)).toBe(false);
  });

  it('refuses a stored value that is not a scrypt hash', async () => {
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
