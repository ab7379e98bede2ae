/**
 * `npm start` builds only when it must (scripts/build-stamp.ts): no build yet, sources changed since the
 * stamped build, or the output replaced by a build that wrote no stamp; an unchanged tree starts at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_TARGETS,
  buildReason,
  hashInputs,
  outputMtime,
  pendingBuilds,
  readStamp,
  STAMP_FILE,
  writeStamp,
  type BuildTarget,
} from './build-stamp';

const TARGETS: readonly BuildTarget[] = [
  { name: 'web', inputs: ['package-lock.json', 'shared', 'web'], output: 'dist/web/index.html' },
  { name: 'server', inputs: ['package-lock.json', 'shared', 'server'], output: 'dist/server/index.js' },
];

let root = '';
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const pending = () => pendingBuilds(root, TARGETS).map(({ target, reason }) => [target.name, reason]);

/** What start.ts does after building a target. */
function buildAndStamp(name: BuildTarget['name']): void {
  const target = TARGETS.find((t) => t.name === name);
  if (!target) throw new Error(name);
  const hash = hashInputs(root, target.inputs);
  write(target.output, `built from ${hash}`);
  const outputMtimeMs = outputMtime(root, target);
  if (outputMtimeMs === null) throw new Error('no output');
  writeStamp(root, { ...readStamp(root), [name]: { hash, outputMtimeMs } });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-stamp-'));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('shared/contracts.ts', 'export const A = 1;');
  write('web/src/main.tsx', 'render();');
  write('web/src/main.test.tsx', 'test();');
  write('server/index.ts', 'listen();');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start: build or start at once', () => {
  it('builds what has no build yet, then nothing while the sources stay as they were', () => {
    expect(pending()).toEqual([
      ['web', 'no build yet'],
      ['server', 'no build yet'],
    ]);
    buildAndStamp('web');
    buildAndStamp('server');
    expect(pending()).toEqual([]);
  });

  it('rebuilds the target whose sources changed; a shared file or the lock file changes both', () => {
    buildAndStamp('web');
    buildAndStamp('server');
    write('web/src/main.tsx', 'render(<App />);');
    expect(pending()).toEqual([['web', 'the sources changed']]);
    buildAndStamp('web');
    write('server/routes.ts', 'route();'); // a new file
    expect(pending()).toEqual([['server', 'the sources changed']]);
    buildAndStamp('server');
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(pending().map(([name]) => name)).toEqual(['web', 'server']);
    buildAndStamp('web');
    buildAndStamp('server');
    fs.rmSync(path.join(root, 'shared/contracts.ts'));
    expect(pending().map(([name]) => name)).toEqual(['web', 'server']);
  });

  it('ignores tests and dot-files, which change no build', () => {
    buildAndStamp('web');
    buildAndStamp('server');
    write('web/src/main.test.tsx', 'test("more");');
    write('web/.eslintcache', 'x');
    expect(pending()).toEqual([]);
  });

  it('rebuilds when another build replaced the output, or the stamp is missing or unreadable', () => {
    buildAndStamp('web');
    buildAndStamp('server');
    // `npm run build` writes the output but no stamp: which sources it used is unknown.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'dist/web/index.html'), later, later);
    expect(pending()).toEqual([['web', 'another build replaced it']]);
    write(STAMP_FILE, 'not json');
    expect(pending()).toEqual([
      ['web', 'no record of the sources it was built from'],
      ['server', 'no record of the sources it was built from'],
    ]);
  });

  it('judges an entry by hash and output time alone', () => {
    const entry = { hash: 'abc', outputMtimeMs: 5 };
    expect(buildReason(entry, 'abc', 5)).toBeNull();
    expect(buildReason(entry, 'abd', 5)).toBe('the sources changed');
    expect(buildReason(entry, 'abc', 6)).toBe('another build replaced it');
    expect(buildReason(undefined, 'abc', 5)).toBe('no record of the sources it was built from');
    expect(buildReason(entry, 'abc', null)).toBe('no build yet');
  });

  it("names inputs that exist in this repository, the lock file among each target's", () => {
    const repo = path.resolve(import.meta.dirname, '..');
    for (const target of BUILD_TARGETS) {
      expect(target.inputs).toContain('package-lock.json');
      for (const input of target.inputs) expect(fs.existsSync(path.join(repo, input)), input).toBe(true);
    }
  });
});
