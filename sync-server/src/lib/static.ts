/**
 * Serves the built PWA: hashed assets cached for a year (immutable), index.html, the service worker and
 * the manifest never cached, and index.html for any other path that could be an app route (the SPA's
 * router decides, its "Page Not Found" included). A path that names a file is a 404 when the file is
 * missing (isFilePath): `/robots.txt` and `/favicon.ico` are real files, and a probe for `/wp-login.php`
 * or an old release's chunk must not get the app's HTML with a 200.
 *
 * Text files are sent pre-compressed when the browser accepts it: the build writes a Brotli (`.br`) and a
 * gzip (`.gz`) copy next to each (scripts/vite-build-plugins.ts), so nothing is compressed per request.
 * Brotli is preferred, then gzip, then the file itself; such answers carry `Vary: Accept-Encoding`. The
 * copies, source maps (kept out of the web root by the build, refused here in any case) and dot-files such
 * as the build manifest (`.vite/`) are never served, and a missing `/assets/` file is a 404, not the app's HTML.
 *
 * An app path with first-visit hints (page-hints.ts) gets index.html with them in its `<head>`: that page
 * differs from the built file, so it is compressed here, per request, rather than sent from a copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppEnv } from '../env';
import { acceptedQuality } from './compression';
import {
  buildChunks,
  buildRouteChunks,
  hintTags,
  injectIntoHead,
  injectPreview,
  type PageHints,
  type PageHintSource,
} from './page-hints';

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.pbf': 'application/x-protobuf',
};
/** Pre-compressed copies, best first: the suffix the build gives them and their Content-Encoding. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
const COPY_TIME_SLACK_MS = 2000;
const compressors = {
  br: (bytes: Buffer) =>
    // A middling quality: the page is a few KB and is compressed on every first visit.
    promisify(brotliCompress)(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (bytes: Buffer) => promisify(gzip)(bytes),
} satisfies Record<(typeof ENCODINGS)[number]['encoding'], (bytes: Buffer) => Promise<Buffer>>;
/** Never sent: compressed copies (only as an encoding of their file), source maps. */
const NOT_SERVED = /\.(br|gz|map)$/i;
/**
 * Top-level folders that hold only files: the build's (`assets/`, and `icons/`, `images/`, `screenshots/`
 * from public/) and the server's own (`uploads/`, `avatars/`, features/media). No app route starts with one
 * (web/src/app/routes.tsx).
 */
const FILE_FOLDERS = new Set(['assets', 'icons', 'images', 'screenshots', 'uploads', 'avatars']);
/** A last segment such as `robots.txt` or `index-abc123.js`; app routes (`/finds/42`) have none. */
const FILE_EXTENSION = /\.[a-z0-9]+$/i;

/** Whether the path names a file rather than an app route: a missing one is a 404, not the app. */
function isFilePath(urlPath: string): boolean {
  const segments = urlPath.split('/').filter(Boolean);
  return FILE_FOLDERS.has(segments[0] ?? '') || FILE_EXTENSION.test(segments.at(-1) ?? '');
}

/** The file's modification time, or null when there is no such file. */
function fileTime(file: string): number | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.mtimeMs : null;
  } catch {
    return null;
  }
}

function isFile(file: string): boolean {
  return fileTime(file) !== null;
}

/** The best encoding the browser accepts among `offered`, Brotli first at equal quality; null for none. */
function chooseEncoding<T extends (typeof ENCODINGS)[number]>(
  acceptEncoding: string | undefined,
  offered: T[],
) {
  return (
    offered
      .map((variant) => ({ ...variant, q: acceptedQuality(acceptEncoding, variant.encoding) }))
      .filter((variant) => variant.q > 0)
      // Stable sort: at equal quality the server's order (Brotli first) decides.
      .sort((a, b) => b.q - a.q)[0] ?? null
  );
}

/** index.html with the page's hints, or null when the path has none (the built file is sent as it is). */
async function hintedPage(
  indexFile: string,
  urlPath: string,
  query: URLSearchParams,
  hintsFor: PageHintSource | undefined,
  chunksOf: (source: string) => string[],
  routeFilesOf: (urlPath: string) => string[],
): Promise<Buffer | null> {
  // Every page's own code is asked for with the entry's (the build's route list); a content page may add
  // its photo and its first look.
  const files = routeFilesOf(urlPath);
  const found = hintsFor ? await hintsFor(urlPath, query) : null;
  if (!found && files.length === 0) return null;
  const hints: PageHints = { ...(found ?? { modules: [], images: [] }), files };
  const html = await fs.promises.readFile(indexFile, 'utf8');
  const previewed = injectPreview(html, hints.preview);
  // Under a first look the page's largest paint is in the HTML: the route's code is left to the entry, so
  // it does not compete with the photo on a slow line (docs/architecture.md "First paint").
  // A layout shell holds no records: the app draws the page, so its code is still asked for at once.
  const tags = hintTags(
    previewed === html || hints.shell ? hints : { ...hints, modules: [], files: [] },
    chunksOf,
  );
  if (tags.length === 0 && previewed === html) return null;
  return Buffer.from(injectIntoHead(previewed, tags));
}

export function serveWebApp(app: Hono<AppEnv>, webDir: string, hintsFor?: PageHintSource): void {
  const root = path.resolve(webDir);
  const indexFile = path.join(root, 'index.html');
  const chunksOf = buildChunks(root);
  const routeFilesOf = buildRouteChunks(root);

  app.get('*', async (c) => {
    let urlPath: string;
    const url = new URL(c.req.url);
    try {
      urlPath = decodeURIComponent(url.pathname);
    } catch {
      // A malformed escape (e.g. "/%E0%A4%A") names no file: let the app's router show its 404.
      urlPath = '/';
    }
    const hidden =
      urlPath.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known') ||
      NOT_SERVED.test(urlPath);
    const candidate = path.resolve(root, `.${urlPath}`);
    const inside = candidate === root || candidate.startsWith(root + path.sep);
    const found = !hidden && inside && isFile(candidate);
    // An old page asking for a hashed file of another release must fail loudly, not parse the app's HTML.
    if (!found && (hidden || isFilePath(urlPath))) return c.text('Not found', 404);

    const file = found ? candidate : indexFile;
    if (!isFile(file)) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    const rel = `/${path.relative(root, file).split(path.sep).join('/')}`;
    const cache = NO_CACHE.has(rel)
      ? 'no-cache'
      : rel.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600';
    const headers: Record<string, string> = {
      'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': cache,
    };

    // A copy older than its file (the file was replaced after the build) would send stale bytes: skip it.
    // The slack covers a plain `cp -r` of the build, which stamps files in whatever order it copies them.
    const acceptEncoding = c.req.header('Accept-Encoding');
    const hinted = found
      ? null
      : await hintedPage(indexFile, urlPath, url.searchParams, hintsFor, chunksOf, routeFilesOf);
    if (hinted) {
      const encoding = chooseEncoding(acceptEncoding, [...ENCODINGS]);
      // A copy into a plain ArrayBuffer, which is what the response body takes (zlib may answer a pooled one).
      const body = new Uint8Array(encoding ? await compressors[encoding.encoding](hinted) : hinted);
      headers['Vary'] = 'Accept-Encoding';
      if (encoding) headers['Content-Encoding'] = encoding.encoding;
      headers['Content-Length'] = String(body.length);
      return c.body(body, 200, headers);
    }
    const modified = (fileTime(file) ?? 0) - COPY_TIME_SLACK_MS;
    const variants = ENCODINGS.filter(({ suffix }) => (fileTime(file + suffix) ?? -Infinity) >= modified);
    if (variants.length > 0) headers['Vary'] = 'Accept-Encoding';
    const chosen = chooseEncoding(acceptEncoding, variants);
    if (chosen) headers['Content-Encoding'] = chosen.encoding;

    const body = await fs.promises.readFile(chosen ? file + chosen.suffix : file);
    headers['Content-Length'] = String(body.length);
    return c.body(body, 200, headers);
  });
}
