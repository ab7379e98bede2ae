/**
 * Whether `npm start` must build (scripts/start.ts): each build — the PWA into dist/web (about 2.5 minutes on
 * two cores) and the server into dist/server — is stamped in dist/build-stamp.json with a hash of the files
 * it is made from and the time of the output it wrote. A start builds only what has no build yet, whose
 * sources changed since, or whose output another build replaced (`npm run build` writes no stamp, so its
 * sources are unknown); otherwise it starts at once.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface BuildTarget {
  name: 'web' | 'server';
  /** Files and folders, relative to the repository, whose content the build depends on. */
  inputs: readonly string[];
  /** A file every build of the target writes, relative to the repository. */
  output: string;
}

/** What a build depends on besides its own folders: the packages installed, the compiler settings. */
const SHARED_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'schema'];

export const BUILD_TARGETS: readonly BuildTarget[] = [
  {
    name: 'web',
    // Tailwind reads class names from the whole tree (the server's first-visit pages among them), so
    // server code counts too.
    inputs: [
      ...SHARED_INPUTS,
      'web',
      'public',
      'sync-server/src',
      'vite.config.ts',
      'scripts/vite-build-plugins.ts',
    ],
    output: 'dist/web/index.html',
  },
  {
    name: 'server',
    inputs: [...SHARED_INPUTS, 'sync-server/src', 'sync-server/migrations', 'scripts/build-server.ts'],
    output: 'dist/server/index.js',
  },
];

export const STAMP_FILE = 'dist/build-stamp.json';

export interface StampEntry {
  /** hashInputs of the sources the build was made from, taken before it started. */
  hash: string;
  /** The output's modification time right after that build. */
  outputMtimeMs: number;
}
export type BuildStamp = Partial<Record<BuildTarget['name'], StampEntry>>;

/** Tests, dot-files and installed packages change no build. */
const ignored = (name: string) =>
  name.startsWith('.') || name === 'node_modules' || /\.test\.tsx?$/.test(name);

function listFiles(root: string, relative: string, into: string[]): void {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    into.push(relative);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(full)) {
    if (!ignored(entry)) listFiles(root, path.posix.join(relative, entry), into);
  }
}

/** One hash over the paths and contents of every file under `inputs` (sorted, so the order of listing is moot). */
export function hashInputs(root: string, inputs: readonly string[]): string {
  const files: string[] = [];
  for (const input of inputs) listFiles(root, input, files);
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the target must be built, or null when its build is current. */
export function buildReason(
  stamped: StampEntry | undefined,
  sourceHash: string,
  outputMtimeMs: number | null,
): string | null {
  if (outputMtimeMs === null) return 'no build yet';
  if (!stamped) return 'no record of the sources it was built from';
  if (stamped.outputMtimeMs !== outputMtimeMs) return 'another build replaced it';
  if (stamped.hash !== sourceHash) return 'the sources changed';
  return null;
}

export function outputMtime(root: string, target: BuildTarget): number | null {
  return fs.statSync(path.join(root, target.output), { throwIfNoEntry: false })?.mtimeMs ?? null;
}

const isEntry = (value: unknown): value is StampEntry =>
  typeof value === 'object' &&
  value !== null &&
  'hash' in value &&
  typeof value.hash === 'string' &&
  'outputMtimeMs' in value &&
  typeof value.outputMtimeMs === 'number';

/** The stamp as the last start wrote it; an unreadable or foreign file counts as none. */
export function readStamp(root: string): BuildStamp {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return {};
  }
  const stamp: BuildStamp = {};
  if (typeof value !== 'object' || value === null) return stamp;
  for (const target of BUILD_TARGETS) {
    const entry: unknown = Reflect.get(value, target.name);
    if (isEntry(entry)) stamp[target.name] = entry;
  }
  return stamp;
}

export function writeStamp(root: string, stamp: BuildStamp): void {
  fs.mkdirSync(path.dirname(path.join(root, STAMP_FILE)), { recursive: true });
  fs.writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** The targets start.ts must build, each with its reason, in BUILD_TARGETS order. */
export function pendingBuilds(
  root: string,
  targets: readonly BuildTarget[] = BUILD_TARGETS,
): { target: BuildTarget; hash: string; reason: string }[] {
  const stamp = readStamp(root);
  return targets.flatMap((target) => {
    const hash = hashInputs(root, target.inputs);
    const reason = buildReason(stamp[target.name], hash, outputMtime(root, target));
    return reason ? [{ target, hash, reason }] : [];
  });
}
