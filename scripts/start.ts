/**
 * The build half of `npm start` (docs: README "Quick start"): builds the PWA and the server only when
 * scripts/build-stamp.ts says their sources changed since the last start's build, or there is none; then
 * `npm start` runs the server. An unchanged tree starts at once instead of spending minutes on a build.
 * `npm run build` and `npm run build:server` still build unconditionally.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer } from './build-server';
import { outputMtime, pendingBuilds, readStamp, writeStamp, type BuildTarget } from './build-stamp';

const root = path.resolve(import.meta.dirname, '..');

async function build(target: BuildTarget): Promise<void> {
  if (target.name === 'server') {
    await buildServer();
    return;
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal})`);
}

const pending = pendingBuilds(root);
for (const { target, hash, reason } of pending) {
  console.log(`Building the ${target.name} (${reason})…`);
  await build(target);
  const outputMtimeMs = outputMtime(root, target);
  if (outputMtimeMs === null) throw new Error(`The ${target.name} build wrote no ${target.output}`);
  // Read again: only this target's entry changes.
  writeStamp(root, { ...readStamp(root), [target.name]: { hash, outputMtimeMs } });
}
if (pending.length === 0) console.log('The build is up to date with the sources: starting at once.');
