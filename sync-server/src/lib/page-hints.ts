/**
 * Resource hints for a page's first visit (docs/architecture.md "First paint"): `<link>` tags the server
 * adds to index.html's `<head>` so the browser asks for the route's code and its first photo at once,
 * instead of after the entry script, the route's chunk and the data in turn. This module knows the build
 * (Vite's manifest) and the HTML; which page needs what is decided by its caller (first-visit/hints.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

/** A photo the page will show first, asked for as its `<img>` would (same srcset and sizes). */
export interface ImageHint {
  href: string;
  srcset?: string | undefined;
  sizes?: string | undefined;
}

export interface PageHints {
  /** Source paths of dynamic entries as the manifest names them, e.g. `src/features/finds/index.ts`. */
  modules: string[];
  images: ImageHint[];
  /** The page's first look for the static shell (first-visit/*-preview.ts); empty or absent for none. */
  preview?: string;
  /** The preview is a layout shell, not records: the route's code is still hinted (the app draws it). */
  shell?: boolean;
  /** Chunk URLs to hint as they are (the route's chunks from `.vite/route-chunks.json`), with `modules`. */
  files?: string[];
}

/**
 * The hints for an app path and its query, or null when it has none (the page is served as built).
 */
export type PageHintSource = (urlPath: string, query: URLSearchParams) => Promise<PageHints | null>;

/** Where index.html's static shell takes a page's first look (web/index.html). */
export const PREVIEW_MARKER = '<!-- first-visit-preview -->';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY_KEY = 'index.html';

function isManifest(value: unknown): value is Manifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (chunk: unknown) =>
        typeof chunk === 'object' && chunk !== null && 'file' in chunk && typeof chunk.file === 'string',
    )
  );
}

/** Every chunk `key` loads, itself first, following static imports (what Vite's preload helper fetches). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * A JSON file the build writes, parsed by `parse` on first use and again whenever a new build replaces it
 * (its modification time changes); null while there is no such file.
 */
function readBuildFile<T>(file: string, parse: (parsed: unknown) => T): () => T | null {
  let loaded: { time: number; value: T } | null = null;
  return () => {
    let time: number;
    try {
      time = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.time !== time) loaded = { time, value: parse(JSON.parse(fs.readFileSync(file, 'utf8'))) };
    return loaded.value;
  };
}

/**
 * The URLs of the chunks a dynamic entry loads, minus the entry's own (index.html preloads those already).
 * Read from `<webDir>/.vite/manifest.json`, again whenever a new build replaces it; an empty list when
 * there is no manifest, so a missing build never yields a preload of a file that does not exist.
 */
export function buildChunks(webDir: string): (source: string) => string[] {
  const read = readBuildFile(path.join(webDir, '.vite', 'manifest.json'), (parsed): Manifest =>
    isManifest(parsed) ? parsed : {},
  );
  return (source) => {
    const manifest = read();
    if (!manifest?.[source]) return [];
    const loadedByEntry = closure(manifest, ENTRY_KEY);
    return [...closure(manifest, source)]
      .filter((key) => !loadedByEntry.has(key))
      .flatMap((key) => (manifest[key] ? [`/${manifest[key].file}`] : []));
  };
}

/** Only chunk URLs of the build are ever hinted. */
function isChunkList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((f) => typeof f === 'string' && f.startsWith('/assets/'));
}

/** A route path of the build's list ('/events/:id'): each `:name` segment matches any one segment. */
function routeMatches(pattern: string, urlPath: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = urlPath.split('/').filter(Boolean);
  return (
    want.length === got.length && want.every((segment, i) => segment.startsWith(':') || segment === got[i])
  );
}

/**
 * The chunks the page at `urlPath` needs beyond the entry's, from `<webDir>/.vite/route-chunks.json`
 * (written by the build, scripts/vite-build-plugins.ts `routeChunks`), read again whenever a new build
 * replaces it. A route of fixed segments wins over one with a parameter (`/events/create` over
 * `/events/:id`); the catch-all `/*` is never matched, nor is anything without a build.
 */
export function buildRouteChunks(webDir: string): (urlPath: string) => string[] {
  const parameters = (pattern: string) => pattern.split(':').length;
  const read = readBuildFile(path.join(webDir, '.vite', 'route-chunks.json'), (parsed) =>
    Object.entries(typeof parsed === 'object' && parsed !== null ? parsed : {})
      .flatMap(([pattern, files]: [string, unknown]): [string, string[]][] =>
        isChunkList(files) ? [[pattern, files]] : [],
      )
      .sort((a, b) => parameters(a[0]) - parameters(b[0])),
  );
  return (urlPath) => read()?.find(([pattern]) => routeMatches(pattern, urlPath))?.[1] ?? [];
}

/** Text for an HTML attribute value in double quotes. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function tag(attributes: Record<string, string | undefined>): string {
  const parts = Object.entries(attributes).flatMap(([name, value]) =>
    value === undefined ? [] : [value === '' ? name : `${name}="${escapeAttribute(value)}"`],
  );
  return `<link ${parts.join(' ')} />`;
}

/** The `<link>` tags: photos first (the page's largest paint), then the route's modules. */
export function hintTags(hints: PageHints, chunksOf: (source: string) => string[]): string[] {
  const images = hints.images.map((image) =>
    tag({
      rel: 'preload',
      as: 'image',
      href: image.href,
      imagesrcset: image.srcset,
      imagesizes: image.srcset ? image.sizes : undefined,
      fetchpriority: 'high',
    }),
  );
  // crossorigin as Vite writes its own modulepreload links: the same request as the import's. Low
  // priority: fetched early, but after what the first paint needs (the stylesheet, the entry) and the photo.
  const modules = [...new Set([...hints.modules.flatMap(chunksOf), ...(hints.files ?? [])])].map((href) =>
    tag({ rel: 'modulepreload', crossorigin: '', href, fetchpriority: 'low' }),
  );
  return [...images, ...modules];
}

/** The page with the tags at the end of its `<head>`; unchanged when there are none or no `</head>`. */
export function injectIntoHead(html: string, tags: readonly string[]): string {
  const end = html.indexOf('</head>');
  if (tags.length === 0 || end === -1) return html;
  return `${html.slice(0, end)}\n${tags.map((t) => `    ${t}\n`).join('')}  ${html.slice(end)}`;
}

/** The page with its first look in the static shell; unchanged when there is none or no marker. */
export function injectPreview(html: string, preview: string | undefined): string {
  if (!preview || !html.includes(PREVIEW_MARKER)) return html;
  // A function, so `$` in a record's text is never read as a replacement pattern.
  return html.replace(PREVIEW_MARKER, () => preview);
}
