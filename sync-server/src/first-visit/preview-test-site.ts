/**
 * The first-look tests' site (never imported by the app): the real app over a web root holding a minimal
 * index.html with the shell's marker and a Vite manifest naming the route chunks the test needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PREVIEW_MARKER } from '../lib/page-hints';
import { createTestApp, type TestApp } from '../test/harness';

export const PREVIEW_TEST_HTML =
  '<!doctype html><html><head><title>DigQuest</title></head>' +
  `<body><div id="boot-shell" aria-hidden="true"><div>header</div>${PREVIEW_MARKER}</div><div id="root"></div></body></html>`;

/** A manifest's route chunk, loaded after the entry. */
export const routeChunk = (file: string) => ({ file, isDynamicEntry: true, imports: ['index.html'] });

/** The first look the page carries, or null. */
export function previewOf(page: string): string | null {
  return /<div id="boot-preview"[\s\S]*<\/div>(?=<\/div><div id="root">)/.exec(page)?.[0] ?? null;
}

export const modulePreloads = (page: string) => page.match(/<link rel="modulepreload"[^>]*>/g) ?? [];

export interface PreviewSite {
  t: TestApp;
  webDir: string;
  close(): Promise<void>;
}

/** Starts the app over a fresh web root with `chunks` (source path → file) beside the entry. */
export async function startPreviewSite(label: string, chunks: Record<string, string>): Promise<PreviewSite> {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), `digquest-${label}-`));
  const manifest = {
    'index.html': { file: 'assets/index-e1.js', isEntry: true },
    ...Object.fromEntries(Object.entries(chunks).map(([source, file]) => [source, routeChunk(file)])),
  };
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(path.join(webDir, 'index.html'), PREVIEW_TEST_HTML);
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const t = await createTestApp({ WEB_DIR: webDir });
  return {
    t,
    webDir,
    close: async () => {
      await t.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    },
  };
}
