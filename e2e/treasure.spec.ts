/**
 * Recording a find for the FLO and the Treasure clock in Chromium (issue 28; docs/find-recording.md,
 * docs/treasure.md): a find logged offline with recording details, judged possible Treasure by the
 * assistant with its deadline shown offline, synced, then marked reported on a second device — and the FLO
 * pack made from it, read back, its record sheet and labels printed to screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays, daysLeft, treasureDeadline, ukDate } from '../schema/contracts/treasure';
import { logIn, signUp, uniqueName, waitForServiceWorker } from './support';

const PASSWORD = 'field-walker-1';

async function photo() {
  const buffer = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 201, g: 160, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  return { name: 'stater.jpg', mimeType: 'image/jpeg', buffer };
}

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

/** The day the find's page and the server count from: the UK calendar (the tests run on UTC). */
const today = () => ukDate(new Date());

test('a find recorded offline, judged possible Treasure with its deadline, synced and reported on a second device', async ({
  page,
  context,
  browser,
}, testInfo) => {
  // Two devices, two syncs, a report and two printed sheets: under the default 60 s on a quiet machine,
  // 80 s at load average 12.
  test.setTimeout(120_000);
  const username = uniqueName('stater');
  await page.goto('/');
  await waitForServiceWorker(page);
  await signUp(page, username, PASSWORD);
  await page.goto('/finds');
  await expect(page.getByRole('heading', { level: 1, name: 'Treasure Finds Gallery' })).toBeVisible();

  // In the field, no signal: the find with its recording details.
  await context.setOffline(true);
  const title = `Gold stater ${Date.now()}`;
  await page.getByRole('button', { name: 'Share Your Find' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Location').fill('Ploughed field near Alton, Hampshire');
  await dialog.getByLabel('Period (optional)').selectOption({ label: 'Iron Age (800 BC–AD 42)' });
  await dialog.getByLabel('Photo').setInputFiles(await photo());
  await dialog.getByText('Recording details').click();
  await dialog.getByLabel('Object type').fill('coin');
  await dialog.getByLabel('Primary material').selectOption('gold');
  await dialog.getByLabel('Weight (g)').fill('6.12');
  await dialog.getByLabel('Diameter (mm)').fill('18');
  await dialog.getByLabel('Notes for the FLO').fill('Found with a second stater 2 m away');
  await expect(dialog.getByLabel('Found on')).toHaveValue(today());
  await dialog.getByRole('button', { name: 'Share Find' }).click();
  await expect(dialog.getByRole('heading', { name: 'Add Another Find?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, title).getByText('Waiting to sync')).toBeVisible();

  // Its page, still offline: the details in words and the Treasure assistant.
  await card(page, title).getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Gold, 6\.12 g/)).toBeVisible();
  await expect(page.getByText('Found with a second stater 2 m away')).toBeVisible();
  await page.getByRole('button', { name: 'Could this be Treasure?' }).click();
  const assistant = page.getByRole('dialog');
  await assistant.getByLabel('Where was it found?').selectOption('england');
  await assistant.getByLabel('What metal is it?').selectOption('gold');
  await assistant.getByLabel('How old is it likely to be?').selectOption('prehistoric');
  // A single gold coin is not Treasure; two from the same place are.
  await expect(assistant.getByLabel('It is a coin')).toBeChecked();
  await assistant.getByLabel('How many coins came from the same place, this one included?').fill('2');
  await expect(assistant.getByText('It may be Treasure')).toBeVisible();
  await expect(assistant.getByText('This is guidance, not legal advice', { exact: false })).toBeVisible();
  const deadline = treasureDeadline(today());
  await assistant.getByRole('button', { name: 'Mark as possible Treasure' }).click();
  await expect(
    page.getByText('Marked as possible Treasure. The app will remind you before the deadline.').first(),
  ).toBeVisible();
  await expect(assistant.getByText('This find is already marked as possible Treasure.')).toBeVisible();
  await assistant.getByRole('button', { name: 'Done' }).click();
  const treasure = page.getByRole('region', { name: 'Treasure' });
  await expect(treasure.getByText('Possible Treasure, not reported yet.')).toBeVisible();
  await expect(treasure.getByText(`${daysLeft(deadline, today())} days left`)).toBeVisible();

  // Signal again: it syncs; the server holds the details and the clock (owner only).
  await context.setOffline(false);
  await page.goto('/finds');
  await expect(card(page, title).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  let stored: Record<string, unknown> | undefined;
  await expect
    .poll(
      async () => {
        const mine = await page.request.get(`/api/finds?q=${encodeURIComponent(title)}`);
        [stored] = (await mine.json()) as Record<string, unknown>[];
        return stored?.treasureStatus;
      },
      { timeout: 20_000 },
    )
    .toBe('possible');
  expect(stored).toMatchObject({
    objectType: 'coin',
    primaryMaterial: 'gold',
    weightGrams: 6.12,
    diameterMm: 18,
    foundOn: today(),
    treasureStatus: 'possible',
    treasureDeadline: deadline,
  });

  // A second device: the reporting list, marked reported there.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/');
  await logIn(phone, username, PASSWORD);
  await phone.goto('/finds/reporting');
  const list = phone.getByRole('list', { name: 'Finds to report' });
  const row = list.getByRole('listitem').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText(`${daysLeft(deadline, today())} days left`)).toBeVisible();
  await row.getByRole('button', { name: 'Mark as reported' }).click();
  const report = phone.getByRole('dialog');
  await report.getByLabel('Reported to (for example your FLO or the coroner)').fill('Hampshire FLO');
  await report.getByRole('button', { name: 'Save' }).click();
  await expect(report.getByText('Please enter the day it was reported')).toBeVisible();
  await report.getByLabel('Day it was reported').fill(addDays(today(), 0));
  await report.getByLabel('Reference (if you were given one)').fill('HAMP-2026-14');
  await report.getByRole('button', { name: 'Save' }).click();
  await expect(phone.getByText('No finds waiting to be reported')).toBeVisible();
  await expect
    .poll(
      async () => {
        const res = await phone.request.get(`/api/finds/${String(stored?.id)}`);
        return ((await res.json()) as { treasureStatus?: string }).treasureStatus;
      },
      { timeout: 20_000 },
    )
    .toBe('reported');

  // The FLO pack from the second device: the ZIP read back, its printouts looked at.
  await phone.goto('/finds/pack');
  await phone.getByLabel(new RegExp(title)).check();
  const downloading = phone.waitForEvent('download');
  await phone.getByRole('button', { name: 'Make FLO pack' }).click();
  const download = await downloading;
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const csv = strFromU8(zip['finds.csv'] ?? new Uint8Array());
  expect(csv).toContain(title);
  expect(csv).toContain(',reported,');
  const folder = testInfo.outputPath('flo-pack');
  for (const [name, bytes] of Object.entries(zip)) {
    if (name.endsWith('/')) continue;
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), bytes);
  }
  for (const sheet of ['record-sheet', 'labels']) {
    const print = await other.newPage();
    await print.emulateMedia({ media: 'print' });
    await print.goto(`file://${path.join(folder, `${sheet}.html`)}`);
    await expect(print.getByText(title).first()).toBeVisible();
    await print.screenshot({ path: testInfo.outputPath(`${sheet}.png`), fullPage: true });
    await print.close();
  }
  await other.close();

  // Back on the first device: the find reads reported once it syncs.
  await page.goto(`/finds/${String(stored?.id)}`);
  await expect(
    page.getByRole('region', { name: 'Treasure' }).getByText('Reported as possible Treasure.'),
  ).toBeVisible({ timeout: 20_000 });
});
