/**
 * Every page of the app (web/src/app/routes.tsx) passes axe — every WCAG 2.x A and AA rule and axe's best
 * practices (AXE_AUDIT_TAGS) — in the light and the dark theme, with a community's worth of records on it:
 * finds and forum posts with comments and likes, an event with an attendee, a story, a group with a
 * discussion, messages both ways, follows, a shared spot, a route and the achievements these earn. One
 * browser session per theme; the violations of every page are gathered and reported together.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { axeAudit, jpeg } from './page-checks';
import { uniqueName } from './support';

// axe is injected as a script; the app's CSP (rightly) allows none but its own.
test.use({ bypassCSP: true });

const PASSWORD = 'field-walker-1';
const FIELD = { latitude: 52.6455, longitude: 0.6871 };

interface Community {
  me: { id: number; username: string };
  friend: { id: number; username: string };
  find: { id: number; title: string };
  post: { id: number; title: string; comment: string };
  event: { id: number; title: string };
  story: { id: number; content: string };
  group: { id: number; name: string; comment: string };
  message: string;
}

async function ok<T = unknown>(answer: ReturnType<APIRequestContext['post']>): Promise<T> {
  const res = await answer;
  const text = await res.text();
  expect(res.ok(), `${res.url()}: ${res.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

async function register(request: APIRequestContext, prefix: string) {
  const username = uniqueName(prefix);
  const user = await ok<{ id: number }>(
    request.post('/api/users/register', {
      data: { username, email: `${username}@example.com`, password: PASSWORD },
    }),
  );
  return { id: user.id, username };
}

async function postFind(request: APIRequestContext, n: number, title: string) {
  return ok<{ id: number }>(
    request.post('/api/finds', {
      multipart: {
        image: { name: `find-${n}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(n) },
        title,
        description: 'Found on the stubble after the rain, six inches down.',
        location: 'Swaffham, Norfolk',
        period: 'Roman',
      },
    }),
  );
}

/** Two members and everything a member meets on the pages, written through the API. */
async function seedCommunity(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const mine = await playwright.request.newContext({ baseURL });
  const theirs = await playwright.request.newContext({ baseURL });
  const me = await register(mine, 'axeme');
  const friend = await register(theirs, 'axefriend');
  for (const [from, to] of [
    [mine, friend.id],
    [theirs, me.id],
  ] as const)
    await ok(from.post('/api/social/follow', { data: { targetUserId: to, action: 'follow' } }));

  const findTitle = `Denarius of Hadrian ${me.username}`;
  const find = await postFind(mine, 1, findTitle);
  await postFind(theirs, 2, `Buckle plate ${friend.username}`);
  await ok(theirs.post(`/api/finds/${find.id}/like`));
  await ok(theirs.post(`/api/finds/${find.id}/comments`, { data: { content: 'What a find, well done!' } }));

  const postTitle = `Cut halfpenny on stubble ${me.username}`;
  const post = await ok<{ id: number }>(
    mine.post('/api/posts', {
      data: { title: postTitle, categoryId: 1, content: 'Edward I, cut half. Any thoughts on the mint?' },
    }),
  );
  const postComment = 'Looks like London to me.';
  await ok(theirs.post('/api/comments', { data: { postId: post.id, content: postComment } }));
  await ok(theirs.post(`/api/posts/${post.id}/like`));
  await ok(
    theirs.post('/api/posts', {
      data: { title: 'Beach finds at low tide', categoryId: 1, content: 'Two buttons.' },
    }),
  );

  const eventTitle = `Club dig at Walton ${me.username}`;
  const event = await ok<{ id: number }>(
    mine.post('/api/events', {
      data: {
        title: eventTitle,
        description: 'Bring a spade and a pinpointer.',
        location: 'Walton-on-the-Naze',
        eventDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      },
    }),
  );
  await ok(theirs.post(`/api/events/${event.id}/join`));
  await ok(theirs.post(`/api/events/${event.id}/comments`, { data: { content: 'Count me in.' } }));

  const storyText = `Detecting got me outdoors again after a hard winter. ${me.username}`;
  const story = await ok<{ id: number }>(
    mine.post('/api/stories', { data: { content: storyText, yearsDetecting: 6 } }),
  );
  await ok(theirs.post(`/api/stories/${story.id}/like`));
  await ok(theirs.post(`/api/stories/${story.id}/comments`, { data: { content: 'Thank you for sharing.' } }));

  const groupName = `Norfolk Night Owls ${me.username}`;
  const group = await ok<{ id: number }>(
    mine.post('/api/groups', {
      data: {
        name: groupName,
        description: 'Dusk digs on the permission fields.',
        location: 'Norfolk',
        isPrivate: false,
      },
    }),
  );
  await ok(theirs.post(`/api/groups/${group.id}/join`));
  const groupComment = 'Saturday at the usual field?';
  await ok(theirs.post(`/api/groups/${group.id}/comments`, { data: { content: groupComment } }));
  await ok(mine.post(`/api/groups/${group.id}/comments`, { data: { content: 'Yes, from six.' } }));

  const message = 'Fancy a dig on Sunday?';
  await ok(theirs.post('/api/social/messages', { data: { receiverId: me.id, content: message } }));
  await ok(
    mine.post('/api/social/messages', { data: { receiverId: friend.id, content: 'Sunday suits me.' } }),
  );

  await ok(
    mine.post('/api/locations', {
      data: { name: 'Stubble field by the church', ...FIELD, type: 'Field', isShared: true },
    }),
  );
  await ok(
    mine.post('/api/routes', {
      data: {
        name: 'Breckland Axe Trail',
        startLat: FIELD.latitude,
        startLng: FIELD.longitude,
        endLat: FIELD.latitude + 0.01,
        endLng: FIELD.longitude + 0.01,
        waypoints: [],
        estimatedDuration: 30,
        difficulty: 'easy',
        terrainType: 'Heathland',
        historicalPeriods: ['Bronze Age'],
        isPublic: true,
      },
    }),
  );
  await Promise.all([mine.dispose(), theirs.dispose()]);
  return {
    me,
    friend,
    find: { id: find.id, title: findTitle },
    post: { id: post.id, title: postTitle, comment: postComment },
    event: { id: event.id, title: eventTitle },
    story: { id: story.id, content: storyText },
    group: { id: group.id, name: groupName, comment: groupComment },
    message,
  } satisfies Community;
}

let community: Promise<Community> | undefined;

/** One stop of the tour: a path, and what shows once the page has drawn its records. */
interface Stop {
  path: string;
  ready: (page: Page, c: Community) => ReturnType<Page['getByText']>;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const main = (page: Page) => page.locator('#main');
const anyH1 = (page: Page) => main(page).locator('h1').first();

function signedInStops(c: Community): Stop[] {
  return [
    {
      path: '/',
      ready: (page) => page.getByRole('region', { name: 'Recent Treasures' }).getByText(c.find.title),
    },
    { path: '/finds', ready: (page) => main(page).getByRole('heading', { name: c.find.title }) },
    { path: `/finds/${c.find.id}`, ready: (page) => main(page).getByText('What a find, well done!') },
    { path: '/forum', ready: (page) => main(page).getByRole('heading', { name: c.post.title }) },
    { path: `/forum/post/${c.post.id}`, ready: (page) => main(page).getByText(c.post.comment) },
    { path: '/map', ready: (page) => h1(page, 'Detecting Map') },
    { path: '/events', ready: (page) => main(page).getByText(c.event.title) },
    { path: `/events/${c.event.id}`, ready: (page) => main(page).getByText('Count me in.') },
    { path: '/events/create', ready: (page) => anyH1(page) },
    { path: `/events/${c.event.id}/edit`, ready: (page) => main(page).getByRole('textbox').first() },
    { path: '/wellbeing', ready: (page) => main(page).getByText(c.story.content).first() },
    {
      path: `/wellbeing/stories/${c.story.id}`,
      ready: (page) => main(page).getByText('Thank you for sharing.'),
    },
    { path: '/ar-routes', ready: (page) => h1(page, 'AR Route Recommendations') },
    {
      path: '/social',
      ready: (page) => main(page).getByRole('tabpanel').getByText(c.friend.username).first(),
    },
    {
      path: '/social?tab=connections',
      ready: (page) => main(page).getByRole('tabpanel').getByText(c.friend.username).first(),
    },
    { path: '/social?tab=groups', ready: (page) => main(page).getByRole('tabpanel').getByText(c.group.name) },
    {
      path: '/social?tab=messages',
      ready: (page) => main(page).getByRole('list', { name: 'Conversations' }),
    },
    {
      path: `/social?tab=messages&with=${c.friend.id}`,
      ready: (page) => main(page).getByRole('list', { name: 'Messages' }).getByText('Sent').first(),
    },
    { path: `/users/${c.me.id}`, ready: (page) => h1(page, c.me.username) },
    { path: `/users/${c.friend.id}`, ready: (page) => h1(page, c.friend.username) },
    { path: `/groups/${c.group.id}`, ready: (page) => main(page).getByText(c.group.comment) },
    { path: '/achievements', ready: (page) => anyH1(page) },
    { path: '/settings/storage', ready: (page) => anyH1(page) },
    { path: '/profile/edit', ready: (page) => anyH1(page) },
    { path: '/legal', ready: (page) => anyH1(page) },
    { path: '/guides', ready: (page) => anyH1(page) },
    { path: '/equipment', ready: (page) => anyH1(page) },
    { path: '/diggers-match', ready: (page) => anyH1(page) },
    { path: '/verify-email', ready: (page) => anyH1(page) },
    { path: '/reset-password', ready: (page) => anyH1(page) },
    { path: '/no/such/page', ready: (page) => h1(page, '404 - Page Not Found') },
  ];
}

/** Waits for the page's records, then for its lazy parts: no skeleton or spinner left in the main area. */
async function settle(page: Page, ready: ReturnType<Page['getByText']>): Promise<void> {
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await expect(main(page).locator('.animate-pulse, [role="status"]:has-text("Loading")')).toHaveCount(0);
}

async function audit(page: Page, where: string, found: string[]): Promise<void> {
  for (const violation of await axeAudit(page))
    found.push(
      `${where}: ${violation.id} (${violation.nodes.length})\n    ${violation.nodes.join('\n    ')}`,
    );
}

async function tour(page: Page, context: BrowserContext, c: Community): Promise<string[]> {
  const found: string[] = [];
  // Signed out: the home page and the Sign in and Sign up dialogs.
  await page.goto('/');
  await settle(page, page.getByRole('region', { name: 'Recent Treasures' }).getByText(c.find.title));
  await audit(page, '/ (signed out)', found);
  for (const [button, title] of [
    ['Sign in', 'Sign in'],
    ['Sign up', 'Join Our Community'],
  ] as const) {
    await page.getByRole('banner').getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: title }).first()).toBeVisible();
    await audit(page, `/ (${button} dialog)`, found);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await ok(
    context.request.post('/api/users/login', { data: { username: c.me.username, password: PASSWORD } }),
  );
  for (const stop of signedInStops(c)) {
    await page.goto(stop.path);
    await settle(page, stop.ready(page, c));
    if (stop.path === '/ar-routes') {
      const allow = page.getByRole('button', { name: 'Allow location' });
      if (await allow.isVisible()) await allow.click();
      await expect(main(page).getByRole('heading', { name: 'Breckland Axe Trail' })).toBeVisible();
    }
    if (stop.path === '/') {
      // The map and wellbeing sections load as they scroll into view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.locator('#wellbeing')).toBeVisible();
    }
    await audit(page, stop.path, found);
  }
  return found;
}

for (const theme of ['light', 'dark'] as const)
  test(`every page passes axe in the ${theme} theme`, async ({ page, context, playwright, baseURL }) => {
    test.setTimeout(6 * 60_000);
    community ??= seedCommunity(playwright, baseURL!);
    const c = await community;
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: FIELD.latitude + 0.002, longitude: FIELD.longitude });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/');
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
    else await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect((await tour(page, context, c)).join('\n')).toBe('');
  });
