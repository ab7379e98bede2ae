/**
 * `npm run build:server` — the production server as plain JavaScript: sync-server/src/index.ts and the code
 * it imports (sync-server, schema) bundled by esbuild into dist/server/index.js and the chunks it loads beside
 * it, which `npm start` runs with `node`. Packages stay in node_modules and load from there as usual: native
 * ones (sharp, better-sqlite3) cannot be bundled, and the ones loaded on first use (sharp, file-type, Stripe, nodemailer, the avatar
 * style) must stay separate imports to load late. The SQL migrations are copied next to the bundle, where
 * lib/db.ts looks first. `npm run dev` and the tests keep running the TypeScript through tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = path.join(root, 'dist/server');

/**
 * Builds into outDir (replacing it) and returns the entry file. outDir must be inside the repository:
 * the bundle's package imports resolve from node_modules above it.
 */
export async function buildServer(outDir = SERVER_OUT_DIR): Promise<string> {
  const outfile = path.join(outDir, 'index.js');
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['sync-server/src/index.ts'],
    outdir: outDir,
    // server.ts, which index.ts imports only once the allocator settings are in place, goes in a chunk of
    // its own: bundled into index.js, its package imports would load even in a process about to restart.
    splitting: true,
    // Beside index.js: the code finds the migrations next to its own file (lib/db.ts).
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Resolves our `@schema/*` paths from tsconfig.json; every package import stays an import.
    tsconfig: 'tsconfig.json',
    packages: 'external',
    // Stack traces can be read against the TypeScript (`node --enable-source-maps`); never served.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'sync-server/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await buildServer();
  const kib = Math.round(fs.statSync(outfile).size / 1024);
  console.log(`${path.relative(root, outfile)}  ${kib} KiB, migrations beside it`);
}
