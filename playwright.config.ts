/**
 * Browser tests drive the built PWA (`npm run build`) through the real server on a fresh SQLite database,
 * in Debian's Chromium (Playwright cannot download its own browsers here).
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BROWSER_TEST_FLAGS, CHROMIUM_PATH } from './scripts/chromium-flags';

const port = Number(process.env.E2E_PORT ?? 4173);
// Set once by the runner and inherited by its workers, so a spec can load data into the server's database
// (e2e/protected-areas.spec.ts imports monuments with `npm run protected:import`).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `digquest-e2e-${process.pid}`);
export const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...BROWSER_TEST_FLAGS],
    },
  },
  webServer: {
    command: `node -e "require('fs').rmSync('${dataDir}',{recursive:true,force:true})" && npx tsx sync-server/src/index.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DIGQUESTOR_PASSWORD: 'e2e-official-password',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '50',
      // Every browser test signs up and uploads from 127.0.0.1.
      SIGNUP_RATE_LIMIT: '1000',
      UPLOAD_RATE_LIMIT: '1000',
      // e2e/notifications.spec.ts runs a push endpoint on this loopback port (the server refuses it otherwise).
      PUSH_ALLOWED_HOSTS: `127.0.0.1:${port + 2000}`,
    },
  },
});
