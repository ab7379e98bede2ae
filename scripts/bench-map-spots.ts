/**
 * The spots part of `npm run bench:map` (docs/map.md "Spots on the map", "Importing KML, KMZ, KMI and
 * GPX"):
 *   - first render of /map with 5,000 of the member's own spots on the device: MapLibre's load, its first
 *     idle, and the first idle after the 5,000 spots were handed to the map (clustered), with the main
 *     thread's long tasks until then;
 *   - a 5,000-placemark KML (Google My Maps shaped: folders, HTML descriptions, ExtendedData): parse time
 *     in Node, then in the app — from choosing the file to the preview, parsed in the Web Worker — with the
 *     main thread's long tasks meanwhile. Saving it is measured in scripts/bench-map-import.ts.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { strToU8 } from 'fflate';
import { SESSION_COOKIE } from '../sync-server/src/lib/auth/session';
import type { TestApp } from '../sync-server/src/test/harness';
import { parseFileBytes } from '../web/src/features/map/model/import/read';

export const SPOTS = 5000;
const TYPES = ['Roman Site', 'Beach', 'Field', 'Woodland', 'Park', 'Farmland', 'Historical Site', 'Other'];

/** A deterministic scatter over Great Britain. */
function position(i: number) {
  const a = Math.sin(i * 12.9898) * 43758.5453;
  const b = Math.sin(i * 78.233) * 12543.123;
  return { latitude: 50.6 + (a - Math.floor(a)) * 6.8, longitude: -4.8 + (b - Math.floor(b)) * 6.3 };
}

export function myMapsKml(count: number): string {
  const placemarks: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = position(i + 100_000);
    placemarks.push(`<Placemark><name>Permission ${i}</name>
<description><![CDATA[Stubble field<br>Ask at the farm, gate code ${i}]]></description>
<styleUrl>#icon-1899-0288D1</styleUrl>
<ExtendedData><Data name="Landowner"><value>Farmer ${i}</value></Data></ExtendedData>
<Point><coordinates>${p.longitude.toFixed(6)},${p.latitude.toFixed(6)},0</coordinates></Point></Placemark>`);
  }
  const folders: string[] = [];
  for (let f = 0; f < placemarks.length; f += 500)
    folders.push(`<Folder><name>Area ${f / 500}</name>${placemarks.slice(f, f + 500).join('\n')}</Folder>`);
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<name>Permissions</name><Style id="icon-1899-0288D1-normal"><IconStyle><scale>1</scale></IconStyle></Style>
${folders.join('\n')}</Document></kml>`;
}

declare global {
  interface Window {
    dqLongTasks?: Array<{ start: number; duration: number }>;
  }
}

/** Installed before any page script: records the main thread's long tasks (over 50 ms). */
export function watchLongTasks() {
  window.dqLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.dqLongTasks?.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** Long tasks between two moments: how many, the longest, and the blocking time (each one's time over 50 ms). */
export async function longTasks(page: Page, since: number, until: number) {
  const tasks = await page.evaluate(
    ([from, to]) =>
      (window.dqLongTasks ?? []).filter((e) => e.start >= from && e.start <= to).map((e) => e.duration),
    [since, until] as const,
  );
  const blocking = tasks.reduce((n, d) => n + Math.max(0, d - 50), 0);
  return { count: tasks.length, max: Math.max(0, ...tasks), blocking };
}

/**
 * The spots in the page's IndexedDB. It never creates the database (an `upgradeneeded` is aborted) and closes
 * its connection: a connection left open to a database it created would block the app's own upgrade, and
 * every later open would wait behind that upgrade for ever.
 */
export async function countLocalSpots(page: Page): Promise<number> {
  return countLocal(page, 'locations');
}

/** The rows of one of the page's IndexedDB stores (see countLocalSpots). */
export async function countLocal(page: Page, store: 'locations' | 'outbox'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('digquest');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => {
            db.close();
            resolve(0);
          };
        };
        open.onerror = () => resolve(0);
        open.onblocked = () => resolve(0);
      }),
    store,
  );
}

/**
 * A new member (registered through the API: test fixtures import Vitest, which a script cannot) with
 * `count` spots saved on the server, and a browser context signed in as them whose device holds the spots
 * (a first visit syncs them, and installs the service worker). Returns the context and the sync time.
 */
export async function memberWithSpots(
  browser: Browser,
  t: TestApp,
  origin: string,
  username: string,
  count = SPOTS,
): Promise<{ context: BrowserContext; syncMs: number }> {
  const registered = await t.app.request('/api/users/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'field-walker-1' }),
  });
  const setCookie = registered.headers.get('set-cookie') ?? '';
  const token = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  if (!token) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  for (let i = 0; i < count; i++) {
    const res = await t.app.request('/api/locations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, origin },
      body: JSON.stringify({
        name: `Spot ${i}`,
        type: TYPES[i % TYPES.length],
        isGroupDig: i % 37 === 0,
        ...position(i),
      }),
    });
    if (res.status !== 201) throw new Error(`seed: ${res.status} ${await res.text()}`);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: origin }]);
  await context.addInitScript(watchLongTasks);
  const warm = await context.newPage();
  await warm.goto(`${origin}/map`);
  const synced = Date.now();
  while ((await countLocalSpots(warm)) < count) {
    if (Date.now() - synced > 180_000) throw new Error('the spots did not reach the device in 3 minutes');
    await warm.waitForTimeout(500);
  }
  const syncMs = Date.now() - synced;
  await warm.close();
  return { context, syncMs };
}

/**
 * /map open with the member's spots drawn (the first idle after they were handed to the map). On a loaded
 * machine the first idle is sometimes never reported; the page is then loaded again, once.
 */
export async function openMapWithSpots(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage();
  for (let attempt = 1; ; attempt++) {
    await page.goto(`${origin}/map`);
    try {
      await page.waitForFunction(() => performance.getEntriesByName('dq-spots-idle').length > 0, null, {
        timeout: 90_000,
      });
      return page;
    } catch (error) {
      await page.screenshot({ path: `/tmp/bench-map-spots-timeout-${attempt}.png` });
      if (attempt === 2) throw error;
      console.log(`  (the spots were not drawn in 90 s; screenshot in /tmp; loading the page again)`);
    }
  }
}

/** Chooses the 5,000-placemark file in the Import dialog and waits for its preview; returns the times. */
export async function previewImport(page: Page, bytes: Uint8Array): Promise<{ t0: number; t1: number }> {
  // Import sits in the map menu (docs/map.md "The screen"); earlier builds showed it as a button.
  const menu = page.getByRole('button', { name: 'Map menu' });
  if ((await menu.count()) > 0) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Import .kml/.kmi Files' }).click();
  } else await page.getByRole('button', { name: 'Import .kml/.kmi Files' }).click();
  const t0 = await page.evaluate(() => performance.now());
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'permissions.kml', mimeType: 'application/xml', buffer: Buffer.from(bytes) });
  await page.getByRole('button', { name: 'Import 5,000 spots' }).waitFor({ timeout: 120_000 });
  const t1 = await page.evaluate(() => performance.now());
  return { t0, t1 };
}

export async function spotFigures(browser: Browser, t: TestApp, origin: string): Promise<void> {
  const { context, syncMs } = await memberWithSpots(browser, t, origin, 'bench_spotter');
  try {
    console.log(`5,000 spots: synced onto the device in ${(syncMs / 1000).toFixed(1)} s (first visit)`);
    const page = await openMapWithSpots(context, origin);
    const marks = await page.evaluate(() => ({
      load: performance.getEntriesByName('dq-map-load')[0]?.startTime ?? NaN,
      idle: performance.getEntriesByName('dq-map-idle')[0]?.startTime ?? NaN,
      spots: performance.getEntriesByName('dq-spots-idle')[0]?.startTime ?? NaN,
      count: performance.getEntriesByName('dq-spots-idle').map((m) => ('detail' in m ? m.detail : null))[0],
    }));
    const loadTasks = await longTasks(page, 0, marks.spots);
    console.log(
      `first render of /map with ${String(marks.count)} spots on the device (repeat visit, default UK view): ` +
        `load ${marks.load.toFixed(0)} ms, first idle ${marks.idle.toFixed(0)} ms, spots drawn ${marks.spots.toFixed(0)} ms; ` +
        `long tasks until then ${loadTasks.count} (longest ${loadTasks.max.toFixed(0)} ms, blocking ${loadTasks.blocking.toFixed(0)} ms)`,
    );

    const bytes = strToU8(myMapsKml(SPOTS));
    const started = performance.now();
    const outcome = parseFileBytes(bytes.slice().buffer);
    const nodeMs = performance.now() - started;
    if (!outcome.ok || outcome.parsed.items.length !== SPOTS) throw new Error('the bench KML did not parse');
    console.log(
      `5,000-placemark KML (${(bytes.length / 1024 / 1024).toFixed(2)} MB): parsed in Node in ${nodeMs.toFixed(0)} ms`,
    );
    const { t0, t1 } = await previewImport(page, bytes);
    const parseTasks = await longTasks(page, t0, t1);
    console.log(
      `  in the app: file chosen to preview shown ${(t1 - t0).toFixed(0)} ms (parsed in the worker); main thread meanwhile: ` +
        `${parseTasks.count} long tasks, longest ${parseTasks.max.toFixed(0)} ms, blocking ${parseTasks.blocking.toFixed(0)} ms`,
    );
  } finally {
    await context.close();
  }
}
