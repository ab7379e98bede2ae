/**
 * Serves the built PWA: hashed assets cached for a year (immutable), index.html, the service worker and
 * the manifest never cached, and index.html for any unknown non-API path (the SPA's router decides).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

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
  '.map': 'application/json',
  '.pbf': 'application/x-protobuf',
};

export function serveWebApp(app: Hono<AppEnv>, webDir: string): void {
  const root = path.resolve(webDir);
  const indexFile = path.join(root, 'index.html');

  app.get('*', async (c) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // A malformed escape (e.g. "/%E0%A4%A") names no file: let the app's router show its 404.
      urlPath = '/';
    }
    const candidate = path.resolve(root, `.${urlPath}`);
    const inside = candidate === root || candidate.startsWith(root + path.sep);
    const isFile = inside && fs.existsSync(candidate) && fs.statSync(candidate).isFile();
    const file = isFile ? candidate : indexFile;
    if (!fs.existsSync(file)) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    const rel = `/${path.relative(root, file).split(path.sep).join('/')}`;
    const cache = NO_CACHE.has(rel)
      ? 'no-cache'
      : rel.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600';
    const body = await fs.promises.readFile(file);
    return c.body(body, 200, {
      'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': cache,
    });
  });
}
