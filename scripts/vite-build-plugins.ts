/**
 * Build-time plugins for vite.config.ts: what the production server and `npm run check:bundle` need from a
 * build beyond Vite's own output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { ROUTE_LIST } from '../web/src/app/route-list';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 512;

/**
 * Writes dist/bundle-report.json: chunk file → { module id → [bytes of its code in the chunk, gzip size of
 * that code alone] } for the modules bundled into it (the gzip figure overstates a module's share of its
 * chunk a little, but ranks what makes a chunk heavy). The manifest names only
 * chunks; scripts/check-bundle.ts reads this to say which packages the first load of `/` carries. Written
 * next to the web root (outDir/..), never inside it, so it is not served.
 */
export function bundleReport(): Plugin {
  let outDir = '';
  let report: Record<string, Record<string, [number, number]>> = {};
  return {
    name: 'digquest:bundle-report',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      report = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [
            path.relative(process.cwd(), id).split(path.sep).join('/'),
            [module.renderedLength, module.code ? gzipSync(module.code).length : 0],
          ]),
        );
      }
    },
    writeBundle() {
      fs.writeFileSync(path.join(outDir, '..', 'bundle-report.json'), `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}

/**
 * After everything is written (the service worker included, which vite-plugin-pwa generates in its own
 * closeBundle): moves source maps out of the public web root into `outDir/../sourcemaps` (kept for reading
 * error reports; no browser is ever sent them), then writes a Brotli (`.br`) and a gzip (`.gz`) copy next to
 * every text file, served by sync-server/src/lib/static.ts according to Accept-Encoding.
 */
export function sourcemapsOutAndPrecompress(): Plugin {
  let outDir = '';
  return {
    name: 'digquest:sourcemaps-out-and-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = listFiles(outDir);
        const mapsDir = path.join(outDir, '..', 'sourcemaps');
        fs.rmSync(mapsDir, { recursive: true, force: true });
        for (const file of files.filter((f) => f.endsWith('.map'))) {
          const target = path.join(mapsDir, path.relative(outDir, file));
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.renameSync(file, target);
        }
        const texts = files.filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(texts.map((file) => precompress(file)));
      },
    },
  };
}

async function precompress(file: string): Promise<void> {
  const source = fs.readFileSync(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    return entry.isFile() ? [path.join(entry.parentPath, entry.name)] : [];
  });
}

/**
 * Writes `.vite/route-chunks.json` into the web root, next to Vite's manifest: for each page of
 * web/src/app/route-list.ts with a `module`, the chunks that module needs beyond what the entry loads (the
 * chunk holding it and every chunk it imports statically). The server adds them to a first visit's HTML as
 * `modulepreload` hints (sync-server/src/lib/page-hints.ts), so the page's code downloads with the entry
 * rather than after it. Vite's manifest cannot say this for a feature's index module: bundled into a shared
 * chunk, it has no entry of its own there. A listed module the build cannot place fails the build.
 */
export function routeChunks(): Plugin {
  let root = '';
  return {
    name: 'digquest:route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const chunkOfModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk])));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loadedByEntry = entry ? closure(entry.fileName) : new Set<string>();
      const importer = path.join(root, 'src/app/routes.tsx');
      const routes: Record<string, string[]> = {};
      for (const route of ROUTE_LIST) {
        if (!route.module) continue;
        const resolved = await this.resolve(route.module, importer);
        const chunk = resolved ? chunkOfModule.get(resolved.id) : undefined;
        if (!chunk) this.error(`route-chunks: no chunk holds ${route.module} (route ${route.path})`);
        routes[route.path] = [...closure(chunk.fileName)]
          .filter((fileName) => !loadedByEntry.has(fileName))
          .map((fileName) => `/${fileName}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-chunks.json',
        source: `${JSON.stringify(routes, null, 1)}\n`,
      });
    },
  };
}
