/**
 * No module of the app, the server or the contracts lies unused: each is imported by another module, a
 * test, a script or a browser test, or is an entry point. A page left behind once the real one replaced it
 * (web/src/features/pages/placeholders.tsx kept "Being built" pages nobody could reach) fails here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, loadCompilerOptions, root, roots, sourceFiles } from './import-graph';

/** Loaded by something other than an import: an HTML page, node, npm scripts, Vitest. */
const ENTRY_POINTS = [
  'web/src/main.tsx',
  'web/src/sw.ts',
  'web/src/test/setup.ts',
  'sync-server/src/index.ts',
  'sync-server/src/seed/make-images.ts',
  'sync-server/src/test/global-setup.ts',
  // Run as a child process by the job queue's kill -9 test (queue-workers.test.ts).
  'sync-server/src/lib/jobs/kill-fixture.ts',
  'schema/contracts/index.ts',
  'schema/db/index.ts',
];
const CHECKED = ['web/src/', 'sync-server/src/', 'schema/'];

describe('unused modules', () => {
  it('every module of web/src, sync-server/src and schema is imported somewhere or is an entry point', () => {
    const files = roots.flatMap((dir) => sourceFiles(path.join(root, dir)));
    const graph = importGraph(files, loadCompilerOptions());
    const imported = new Set([...graph.values()].flat());
    const unused = files
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .filter((file) => CHECKED.some((dir) => file.startsWith(dir)))
      .filter((file) => !/\.test\.tsx?$/.test(file) && !ENTRY_POINTS.includes(file))
      .filter((file) => !imported.has(path.join(root, file)));
    expect(unused).toEqual([]);
  });
});
