/**
 * Built archives on disk (docs/export.md): `<DATA_DIR>/exports/<userId>-<stamp>.zip`, written under a
 * temporary name and renamed when whole, kept 24 hours so an interrupted download resumes (Range) or a
 * retry gets the same file without building again. A new build removes the member's previous file, and
 * every export older than 24 hours; one build per member at a time in this process.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_WINDOW_MS } from '@schema/contracts/my-data';
import type { Config } from '../../lib/config';

export interface ExportFile {
  file: string;
  /** When it was built (ms), from its name. */
  builtAt: number;
  size: number;
}

export const exportsDir = (config: Config) => path.join(config.dataDir, 'exports');

const NAME = /^(\d+)-(\d+)\.zip$/;

async function listExports(dir: string): Promise<{ name: string; userId: number; builtAt: number }[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = NAME.exec(name);
    return match ? [{ name, userId: Number(match[1]), builtAt: Number(match[2]) }] : [];
  });
}

/** The member's archive built within the last 24 hours, if any. */
export async function currentExport(
  config: Config,
  userId: number,
  now = Date.now(),
): Promise<ExportFile | null> {
  const dir = exportsDir(config);
  const mine = (await listExports(dir))
    .filter((e) => e.userId === userId && now - e.builtAt < EXPORT_WINDOW_MS)
    .sort((a, b) => b.builtAt - a.builtAt)[0];
  if (!mine) return null;
  const file = path.join(dir, mine.name);
  try {
    return { file, builtAt: mine.builtAt, size: (await fs.stat(file)).size };
  } catch {
    return null;
  }
}

/** Removes the member's earlier archives, and anyone's (or any unfinished one) older than 24 hours. */
export async function removeOldExports(
  config: Config,
  userId: number,
  keep: string | null,
  now = Date.now(),
) {
  const dir = exportsDir(config);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if (file === keep) continue;
    const match = NAME.exec(name);
    let old = false;
    try {
      old = now - (await fs.stat(file)).mtimeMs >= EXPORT_WINDOW_MS;
    } catch {
      continue;
    }
    if (old || (match && Number(match[1]) === userId)) await fs.rm(file, { force: true });
  }
}

const building = new Map<string, Promise<ExportFile>>();

/**
 * Builds the member's archive (`write` fills the file it is given), at most one at a time per member and
 * data directory: a second request while one builds waits for it and gets the same file.
 */
export function buildOnce(
  config: Config,
  userId: number,
  write: (file: string) => Promise<void>,
): Promise<ExportFile> {
  const key = `${config.dataDir}|${userId}`;
  const running = building.get(key);
  if (running) return running;
  const job = (async () => {
    const dir = exportsDir(config);
    await fs.mkdir(dir, { recursive: true });
    const builtAt = Date.now();
    const file = path.join(dir, `${userId}-${builtAt}.zip`);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await write(temp);
      await fs.rename(temp, file);
    } finally {
      await fs.rm(temp, { force: true });
    }
    await removeOldExports(config, userId, file, builtAt);
    return { file, builtAt, size: (await fs.stat(file)).size };
  })().finally(() => building.delete(key));
  building.set(key, job);
  return job;
}
