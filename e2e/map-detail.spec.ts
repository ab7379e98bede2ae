/**
 * The detailed map (docs/map.md, "The detailed map"). With MAP_PMTILES_URL set to the project's test
 * archive (one made-up town over Lancaster, zoom 0–15; scripts/make-test-detail-archive.ts) on a second
 * server started here, the map at zoom 14 over the town draws its streets, park and footpaths from
 * `/tiles/detail/14/…` on our own origin. On the usual test server, which has no detailed map, the map
 * says plainly where the outline map ends instead of showing a blank plane. Screenshots are kept in the
 * test output (map-detail-z14.png, map-outline-ends.png).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makeTestDetailArchive, TEST_TOWN } from '../scripts/make-test-detail-archive';
import { watchForeignRequests } from './support';

const DETAIL_PORT = Number(process.env.E2E_DETAIL_PORT ?? 4183);
const detailBase = `http://localhost:${DETAIL_PORT}`;
const OUTLINE_ENDS = /The outline map ends here/;
/** Protomaps' park green, light and dark (the outline map has no green at all). */
const PARK = [0x9c, 0xd3, 0xb4];
const DARK_PARK = [0x19, 0x2a, 0x24];
const townLink = `/map?lat=${TEST_TOWN.center.latitude}&lng=${TEST_TOWN.center.longitude}`;

let server: ChildProcess | undefined;
let dataDir = '';

async function share(png: Buffer, colour: number[]): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (colour.every((c, k) => Math.abs((data[i + k] ?? 0) - c) <= 8)) hits++;
  }
  return hits / (info.width * info.height);
}

async function mapIdle(page: Page) {
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await page.waitForTimeout(2000);
}

test.describe('with a detailed map (MAP_PMTILES_URL)', () => {
  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-e2e-detail-'));
    fs.writeFileSync(path.join(dataDir, 'detail.pmtiles'), makeTestDetailArchive());
    server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/index.ts'], {
      env: {
        ...process.env,
        PORT: String(DETAIL_PORT),
        DATA_DIR: dataDir,
        PUBLIC_URL: detailBase,
        DIGQUESTOR_PASSWORD: 'e2e-official-password',
        LOG_LEVEL: 'warn',
        MAP_PMTILES_URL: 'detail.pmtiles',
      },
      stdio: 'inherit',
    });
    await expect
      .poll(
        () =>
          fetch(`${detailBase}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
  });
  test.afterAll(() => {
    server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('zoom 14 over the town draws streets, the park and footpaths from our own /tiles/', async ({
    page,
    context,
  }, testInfo) => {
    const foreign = watchForeignRequests(context, detailBase);
    const tiles: { url: string; status: number }[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/tiles/detail/')) tiles.push({ url: res.url(), status: res.status() });
    });
    await page.goto(`${detailBase}${townLink}`);
    await mapIdle(page);
    await expect
      .poll(() => tiles.filter((t) => /\/tiles\/detail\/14\/\d+\/\d+\.mvt\?v=/.test(t.url)).length)
      .toBeGreaterThan(0);
    expect(tiles.every((t) => t.url.startsWith(`${detailBase}/tiles/detail/`))).toBe(true);
    expect(tiles.filter((t) => t.status === 200).length).toBeGreaterThan(0);
    await expect(page.getByText(OUTLINE_ENDS)).toHaveCount(0);
    await expect(page.getByText('© OpenStreetMap contributors').first()).toBeAttached();

    const map = page.getByRole('region', { name: 'Detecting map' });
    const shot = await map.screenshot({ path: testInfo.outputPath('map-detail-z14.png') });
    await testInfo.attach('map-detail-z14', { body: shot, contentType: 'image/png' });
    expect(await share(shot, PARK), 'the park drawn').toBeGreaterThan(0.003);
    expect(foreign).toEqual([]);
  });

  test.describe('on a phone in dark mode', () => {
    test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

    test('the detailed map is drawn in the dark style', async ({ page }, testInfo) => {
      await page.goto(`${detailBase}${townLink}`);
      await mapIdle(page);
      const shot = await page
        .getByRole('region', { name: 'Detecting map' })
        .screenshot({ path: testInfo.outputPath('map-detail-z14-dark-phone.png') });
      await testInfo.attach('map-detail-z14-dark-phone', { body: shot, contentType: 'image/png' });
      expect(await share(shot, DARK_PARK), 'the park drawn dark').toBeGreaterThan(0.003);
      expect(await share(shot, PARK), 'no light park').toBeLessThan(0.0005);
    });
  });
});

test('without a detailed map, the map says where the outline map ends, and only beyond zoom 10', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const foreign = watchForeignRequests(context, baseURL!);
  const tiles: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/tiles/')) tiles.push(req.url());
  });
  await page.goto('/map');
  await mapIdle(page);
  await expect(page.getByText(OUTLINE_ENDS)).toHaveCount(0);

  await page.goto(townLink);
  await mapIdle(page);
  await expect(page.getByRole('status').filter({ hasText: OUTLINE_ENDS })).toBeVisible();
  const shot = await page
    .getByRole('region', { name: 'Detecting map' })
    .screenshot({ path: testInfo.outputPath('map-outline-ends.png') });
  await testInfo.attach('map-outline-ends', { body: shot, contentType: 'image/png' });
  expect(tiles).toEqual([]);
  expect(foreign).toEqual([]);
});
