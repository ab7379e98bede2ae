/**
 * `npm run screenshots:make` (needs a build): the manifest's screenshots in public/screenshots/, shown by the
 * browser's install dialog. Serves the built app with the real server over a temporary data directory filled
 * by the demo seed, opens the finds gallery in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
 * at a phone's size (390×844, `narrow`) and a laptop's (1280×800, `wide`), and saves each as WebP under
 * MAX_BYTES. The sizes must match the manifest's `screenshots` in vite.config.ts. Commit the files.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';

const SHOTS = [
  { file: 'finds-narrow.webp', width: 390, height: 844, mobile: true },
  { file: 'finds-wide.webp', width: 1280, height: 800, mobile: false },
] as const;
/** Each file is fetched by every install dialog: keep them small. */
const MAX_BYTES = 150 * 1024;

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public/screenshots');
if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.error('screenshots: no build in dist/web; run `npm run build` first.');
  process.exit(1);
}
const port = 4187;
const origin = `http://127.0.0.1:${port}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-screenshots-'));
const env = {
  ...process.env,
  DATA_DIR: workDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: origin,
  LOG_LEVEL: 'warn',
  DEMO_PASSWORD: 'screenshots-demo',
  DIGQUESTOR_PASSWORD: 'screenshots-official',
};

const seed = spawnSync(process.execPath, ['--import', 'tsx', 'sync-server/src/seed/demo.ts'], {
  cwd: root,
  env,
  stdio: 'pipe',
});
if (seed.status !== 0) throw new Error(`seed:demo failed:\n${seed.stderr.toString()}`);
const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/index.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  await waitForServer(`${origin}/api/health`);
  fs.mkdirSync(outDir, { recursive: true });
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      isMobile: shot.mobile,
      hasTouch: shot.mobile,
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${origin}/finds`);
    await settle(page);
    const png = await page.screenshot({ type: 'png' });
    const { bytes, quality } = await smallWebp(png);
    fs.writeFileSync(path.join(outDir, shot.file), bytes);
    console.log(
      `wrote public/screenshots/${shot.file} (${shot.width}×${shot.height}, quality ${quality}, ${Math.round(bytes.length / 1024)} KB)`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
}

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url}`);
}

/** Waits until the demo finds are shown with their photos loaded and nothing is moving. */
async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('main img').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('main img')).every((img) => (img as HTMLImageElement).complete),
  );
  await page.waitForTimeout(500);
}

/** The best WebP quality that stays under MAX_BYTES. */
async function smallWebp(png: Buffer): Promise<{ bytes: Buffer; quality: number }> {
  for (let quality = 80; quality >= 40; quality -= 5) {
    const bytes = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
    if (bytes.length <= MAX_BYTES) return { bytes, quality };
  }
  throw new Error(`a screenshot does not fit in ${MAX_BYTES} bytes even at quality 40`);
}
