/**
 * The engine projects' lists (projects.ts) name files that exist, and nothing is left out: every test runs
 * in the sqlite project or, PostgreSQL-only, in the postgres one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_FREE_TESTS, POSTGRES_ONLY_TESTS, POSTGRES_TESTS, runsOnPostgres } from './projects';

const root = path.resolve(import.meta.dirname, '../../..');

describe('test projects', () => {
  it('name only test files that exist', () => {
    const named = [
      ...ENGINE_FREE_TESTS,
      ...POSTGRES_ONLY_TESTS,
      ...POSTGRES_TESTS.filter((p) => !p.includes('*')),
    ];
    for (const file of named) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it('run the PostgreSQL-only tests on PostgreSQL, and the engine-free ones once', () => {
    for (const file of POSTGRES_ONLY_TESTS) expect(runsOnPostgres(file), file).toBe(true);
    for (const file of ENGINE_FREE_TESTS) expect(runsOnPostgres(file), file).toBe(false);
  });
});
