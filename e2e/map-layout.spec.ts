/**
 * The map a detectorist uses in the field (docs/map.md "The screen", "Where the map opens"), in Chromium: on
 * a phone (390 × 844) the map fills the window under the header with its controls over it — search, filter
 * chips in one row, the menu, Find My Location, the layers control holding the legend, one Add New Spot —
 * and the spots in view in a bottom sheet that peeks with its count and works by keyboard; on a desktop the
 * list is a side panel beside the map. A member whose seven spots are near Dorking opens on them, then on
 * the last view; an info window is never under an overlay or the map's edge; axe finds nothing in light or
 * dark. Screenshots are kept in the test output (test-results/…/map-*.png).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiMember, axeAudit } from './page-checks';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DORKING = [
  [51.2325, -0.3316],
  [51.2412, -0.3521],
  [51.2201, -0.3105],
  [51.255, -0.337],
  [51.2288, -0.295],
  [51.215, -0.36],
  [51.247, -0.305],
] as const;

// axe is injected as a script; the app's CSP (rightly) allows none but its own.
test.use({ bypassCSP: true });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'laid out').not.toBeNull();
  return b!;
}

/** A member with seven spots near Dorking, made through the API (the page's own cookies). */
async function dorkingMember(page: Page) {
  await page.goto('/');
  await apiMember(page);
  for (const [i, [latitude, longitude]] of DORKING.entries()) {
    const res = await page.request.post('/api/locations', {
      data: { name: `Dorking field ${i + 1}`, latitude, longitude, type: i === 0 ? 'Roman Site' : 'Field' },
    });
    expect(res.ok()).toBe(true);
  }
}

/** The sheet's peek: the disclosure button at the top of the map's panel. */
const peek = (page: Page) => page.getByRole('region', { name: 'Map panel' }).getByRole('button').first();

test('on a phone the map fills the screen, opens on the member’s spots, then on the last view', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await dorkingMember(page);
  await page.goto('/map');
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();

  // The seven spots near Dorking are in view (the old fixed view over the Irish Sea showed none).
  await expect(peek(page)).toHaveText(/Spots in view \(7\)/, { timeout: 20_000 });
  await expect(peek(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Map' })).toBeAttached();

  // Full bleed: the map starts under the header and reaches the sheet's peek.
  const map = await box(page.getByRole('region', { name: 'Detecting map' }));
  const header = await box(page.getByRole('banner'));
  expect(map.y).toBeLessThanOrEqual(header.y + header.height + 1);
  expect(map.y + map.height).toBeGreaterThanOrEqual(PHONE.height - 60 - 2);
  expect(map.height).toBeGreaterThan(650);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(PHONE.height);

  // Every control is on the first screen, labelled, and a 44 px target; the chips are one row.
  const controls = [
    page.getByRole('searchbox'),
    page.getByRole('button', { name: 'Search' }),
    page.getByRole('button', { name: 'Map menu' }),
    page.getByRole('button', { name: 'Find My Location' }),
    page.getByRole('button', { name: 'Map layers and legend' }),
    page.getByRole('button', { name: 'Add New Spot' }),
    peek(page),
  ];
  const chips = ['Roman Sites', 'Beaches', 'Permission Granted', 'Group Digs', 'Nearby Locations'].map(
    (name) => page.getByRole('group', { name: 'Filters' }).getByRole('button', { name }),
  );
  for (const control of [...controls, ...chips]) {
    const b = await box(control);
    expect(b.height).toBeGreaterThanOrEqual(44);
    expect(b.width).toBeGreaterThanOrEqual(44);
    expect(b.y + b.height).toBeLessThanOrEqual(PHONE.height);
  }
  const rows = new Set(await Promise.all(chips.map(async (chip) => Math.round((await box(chip)).y))));
  expect(rows.size, 'chips in one row').toBe(1);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: testInfo.outputPath('map-phone.png') });

  // The legend is folded into the layers control until asked for.
  await expect(page.getByRole('heading', { name: 'Location guide' })).toBeHidden();
  await page.getByRole('button', { name: 'Map layers and legend' }).click();
  await expect(page.getByRole('heading', { name: 'Location guide' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map-phone-layers.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Location guide' })).toBeHidden();

  // Import, Export, Save this area and Only my locations are in the menu.
  await page.getByRole('button', { name: 'Map menu' }).click();
  for (const name of ['Import .kml/.kmi Files', 'Export my spots', 'Save this area for offline'])
    await expect(page.getByRole('menuitem', { name })).toBeVisible();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Only my locations' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The menu hands the focus back as it closes: only once it has closed move the focus to the peek.
  await expect(page.getByRole('menuitem', { name: 'Export my spots' })).toBeHidden();

  // The sheet by keyboard: the peek opens it, Escape folds it and gives the focus back.
  await peek(page).focus();
  await expect(peek(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(peek(page)).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('region', { name: /Spots in view/ });
  await expect(list.getByRole('listitem')).toHaveCount(7);
  await page.screenshot({ path: testInfo.outputPath('map-phone-sheet.png') });
  await list.getByRole('button', { name: 'Dorking field 1', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(peek(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(peek(page)).toBeFocused();

  // A spot from the list: the sheet folds and its info window shows whole, clear of the overlays.
  await peek(page).click();
  await list.getByRole('button', { name: 'Dorking field 4', exact: true }).click();
  const info = page.locator('.maplibregl-popup-content');
  await expect(info.getByRole('heading', { name: 'Dorking field 4' })).toBeVisible();
  await expectInView(page, info);
  await page.screenshot({ path: testInfo.outputPath('map-phone-info.png') });

  // Moved elsewhere, the map opens there next time (the last view on this device).
  await page.getByRole('searchbox').fill('Ulverston');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('img', { name: 'Ulverston' })).toBeVisible();
  await expect(peek(page)).toHaveText(/Spots in view \(0\)/, { timeout: 10_000 });
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await expect(peek(page)).toHaveText(/Spots in view \(0\)/, { timeout: 10_000 });
  await page.waitForTimeout(2000);
  await expect(peek(page)).toHaveText(/Spots in view \(0\)/);
});

/** The info window lies inside the map and below the search bar and chips. */
async function expectInView(page: Page, info: Locator) {
  const map = await box(page.getByRole('region', { name: 'Detecting map' }));
  const chips = await box(page.getByRole('group', { name: 'Filters' }));
  await expect
    .poll(async () => {
      const b = await box(info);
      return (
        b.y >= chips.y + chips.height &&
        b.y + b.height <= map.y + map.height &&
        b.x >= map.x &&
        b.x + b.width <= map.x + map.width
      );
    })
    .toBe(true);
}

test('a spot added on a phone opens its info window where nothing covers it', async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await dorkingMember(page);
  await page.goto('/map');
  await expect(peek(page)).toHaveText(/Spots in view \(7\)/, { timeout: 20_000 });
  // The legend is open: the new spot's info window folds it away.
  await page.getByRole('button', { name: 'Map layers and legend' }).click();
  await page.getByRole('button', { name: 'Add New Spot' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Add New Spot' })).toBeFocused();
  await page.getByLabel('Type coordinates').fill('51.2400, -0.3200');
  await page.getByRole('button', { name: 'Use', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill('Ranmore stubble');
  await page.getByLabel('Type', { exact: true }).selectOption('Field');
  await page.getByRole('button', { name: 'Save Spot' }).click();
  await expect(page.getByText('Your detecting spot has been added to the map!').first()).toBeVisible();
  const info = page.locator('.maplibregl-popup-content');
  await expect(info.getByRole('heading', { name: 'Ranmore stubble' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Location guide' })).toBeHidden();
  await expectInView(page, info);
  await page.screenshot({ path: testInfo.outputPath('map-phone-new-spot.png') });
});

test('on a desktop the list is a side panel beside the map', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await dorkingMember(page);
  await page.goto('/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Map' })).toBeVisible();
  const list = page.getByRole('region', { name: /Spots in view/ });
  await expect(list.getByRole('heading', { name: 'Spots in view (7)' })).toBeVisible({ timeout: 20_000 });
  const panel = await box(list);
  const map = await box(page.getByRole('region', { name: 'Detecting map' }));
  expect(panel.x + panel.width).toBeLessThanOrEqual(map.x + 1);
  expect(map.width).toBeGreaterThan(800);
  expect(map.y + map.height).toBeGreaterThanOrEqual(DESKTOP.height - 2);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: testInfo.outputPath('map-desktop.png') });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on /map on a phone (${scheme}), sheet and layers open too`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(PHONE);
    await dorkingMember(page);
    await page.goto('/map');
    await expect(peek(page)).toHaveText(/Spots in view \(7\)/, { timeout: 20_000 });
    expect(await axeAudit(page)).toEqual([]);
    await page.getByRole('button', { name: 'Map layers and legend' }).click();
    await peek(page).click();
    await expect(page.getByRole('region', { name: /Spots in view/ }).getByRole('listitem')).toHaveCount(7);
    expect(await axeAudit(page)).toEqual([]);
  });
}
