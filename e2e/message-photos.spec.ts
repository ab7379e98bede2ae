/**
 * A photo in a message, in Chromium (issue 25; docs/product/social.md "Messages"; docs/privacy.md "Message
 * photos"): Alice, offline, attaches a photo from her device to a message to Bob; it shows in her thread
 * from the device with 'Sending…', and once she is back online goes up privately, then 'Sent'. Bob sees
 * it in his thread; a visitor with the photo's address gets nothing. No request leaves for another host.
 * Screenshots (phone and desktop) are attached to the test output.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { signUp, uniqueName, waitForServiceWorker, watchForeignRequests } from './support';

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const myId = async (page: Page): Promise<number> => {
  const body: unknown = await (await page.request.get('/api/auth/user')).json();
  const id = typeof body === 'object' && body !== null && 'id' in body ? body.id : null;
  if (typeof id !== 'number') throw new Error('not signed in');
  return id;
};

const messageItem = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

/** A phone photo: a gradient with a camera name and a GPS position in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = 120 + ((i % width) % 100);
    pixels[i * 3 + 1] = 90 + (Math.floor(i / width) % 80);
    pixels[i * 3 + 2] = 60;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 37/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '1/1 17/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

test('a member attaches a photo offline; once online, the other member sees it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const foreign = watchForeignRequests(page.context(), baseURL ?? '');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const alice = uniqueName('alice');
  await signUp(page, alice);
  await waitForServiceWorker(page);

  const bobContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  foreign.push(...watchForeignRequests(bobContext, baseURL ?? ''));
  const bobPage = await bobContext.newPage();
  await bobPage.goto('/');
  await signUp(bobPage, uniqueName('bob'));
  const bobId = await myId(bobPage);

  await page.goto(`/social?tab=messages&with=${bobId}`);
  await expect(page.getByText('No messages yet. Say hello!')).toBeVisible();

  // Offline: the photo is kept on the device with the queued message and shown from there.
  await page.context().setOffline(true);
  await page.getByLabel('Attach photo').setInputFiles({
    name: 'stubble-field.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(),
  });
  await expect(page.getByTestId('attached-photo')).toBeVisible();
  await page.getByLabel('Write a message…').fill('Look what turned up on the stubble');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = messageItem(page, 'turned up on the stubble');
  await expect(mine.getByTestId('delivery')).toHaveText('Sending…');
  await expect(mine.getByRole('img', { name: 'Photo in a message' })).toHaveAttribute('src', /^blob:/);
  await shot(page, testInfo, 'message-photo-offline-phone');

  await page.context().setOffline(false);
  await expect(mine.getByTestId('delivery')).toHaveText('Sent', { timeout: 30_000 });

  // Bob's device pulls the message; its photo comes from the private address, for him.
  await bobPage.goto(`/social?tab=messages&with=${await myId(page)}`);
  const received = messageItem(bobPage, 'turned up on the stubble');
  const photo = received.getByRole('img', { name: 'Photo in a message' });
  await expect(photo).toBeVisible({ timeout: 40_000 });
  await expect(photo).toHaveAttribute('src', /^\/api\/social\/messages\/photos\/p-[0-9a-f]{64}-thumb\.webp$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(bobPage, testInfo, 'message-photo-received-desktop');

  // Nobody else: a visitor (another browser, no session) is refused the same address.
  const src = (await photo.getAttribute('src')) ?? '';
  const stranger = await browser.newContext();
  expect((await stranger.request.get(`${baseURL}${src}`)).status()).toBe(401);
  await stranger.close();

  expect(foreign).toEqual([]);
  await bobContext.close();
});
