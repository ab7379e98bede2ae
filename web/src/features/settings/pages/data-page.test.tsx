// @vitest-environment jsdom
/**
 * /settings/data against the real server in process (docs/export.md): "Download my data" makes the
 * member's export and hands its URL to the browser's download, reusing it until a new one is asked for;
 * "Import from a DigQuest export" brings another account's finds, photos and spots in as the member's own,
 * and a second import of the same file adds nothing; a file that is not a ZIP is refused before sending.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@web/db/database';
import {
  appFetch,
  createTestApp,
  member,
  serverRows,
  signedIn,
  type Member,
  type TestApp,
} from '@web/sync/test-utils';
import {
  findPayload,
  jpegBytes,
  mutation,
  newUid,
  push,
  putBlob,
} from '../../../../../sync-server/src/sync/test-fixtures';
import { createSpot, permissionBody } from '../../../../../sync-server/src/features/locations/test-fixtures';
import { yourDataTexts } from '../model/your-data';
import { DataPage } from './data-page';


let t: TestApp;
let exporter: Awaited<ReturnType<typeof signedIn>>;
let me: Member;
let n = 0;
let online = true;

/**
 * The page's fetch over the in-process app. Only the transport is adapted: jsdom's File and AbortSignal are
 * not the classes Node's Request takes, so a File body travels as its bytes and the signal stays here.
 */
function pageFetch(cookie: () => string) {
  const inner = appFetch(t, cookie);
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!online) throw new TypeError('Failed to fetch');
    const { signal: _signal, body, ...rest } = init;
    const bytes = body instanceof Blob ? new Uint8Array(await body.arrayBuffer()) : body;
    return inner(String(input), { ...rest, body: bytes });
  };
}

beforeAll(async () => {
  t = await createTestApp();
  exporter = await signedIn(t, 'exporting_member');
  // The find as a device sends it (photo bytes, then the record): jsdom's FormData cannot carry a REST upload.
  const sha = String((await putBlob(t, exporter.client, await jpegBytes(7))).json?.sha256);
  await push(exporter.client, [
    mutation(
      'finds',
      'create',
      newUid(),
      findPayload(sha, { title: 'Hammered penny', description: 'Edward I, clipped' }),
    ),
  ]);
  await createSpot(exporter.client, { name: 'Glebe field', ...permissionBody });
}, 30_000);
afterAll(() => t.close());

beforeEach(async () => {
  n += 1;
  online = true;
  me = await member(t, `data_member${n}`);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    pageFetch(() => me.cookie),
  );
  await db.open();
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show() {
  render(
    <MemoryRouter initialEntries={['/settings/data']}>
      <DataPage />
    </MemoryRouter>,
  );
}

/** The exporting member's archive, as their browser would save it. */
async function exportedFile(): Promise<File> {
  const res = await appFetch(t, () => exporter.client.cookie)('/api/me/export');
  expect(res.status).toBe(200);
  return new File([new Uint8Array(await res.arrayBuffer())], 'digquest-export.zip', {
    type: 'application/zip',
  });
}

const findsOf = async (userId: number) =>
  (await serverRows(t, `SELECT title FROM finds WHERE user_id = ${userId}`)).map((row) => row.title);

describe('/settings/data', () => {
  it('prepares the export and offers it under its file name; a new one can be asked for once', async () => {
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: yourDataTexts.downloadButton }));
    expect(await screen.findByText(/Your export is ready \(/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: yourDataTexts.saveAgain });
    expect(link).toHaveAttribute('href', '/api/me/export');
    expect(link.getAttribute('download')).toMatch(
      new RegExp(`^digquest-export-${me.user.username}-\\d{4}-\\d\\d-\\d\\d\\.zip$`),
    );
    expect(screen.getByText(yourDataTexts.reused)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: yourDataTexts.makeNew }));
    await waitFor(() => expect(screen.queryByText(yourDataTexts.reused)).not.toBeInTheDocument());
    expect(await screen.findByText(/Your export is ready \(/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: yourDataTexts.makeNew })).not.toBeInTheDocument();
  });

  it('imports another account’s export as the member’s own, and a second import adds nothing', async () => {
    const file = await exportedFile();
    show();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(yourDataTexts.chooseFile), file);
    await user.click(screen.getByRole('button', { name: yourDataTexts.importButton }));
    expect(await screen.findByText('Imported 1 find, 1 photo and 1 spot.')).toBeInTheDocument();
    expect(await findsOf(me.user.id)).toEqual(['Hammered penny']);
    const [spot] = await serverRows(
      t,
      `SELECT l.name, p.landowner_name FROM locations l JOIN location_permissions p ON p.location_id = l.id WHERE l.user_id = ${me.user.id}`,
    );
    expect(spot).toMatchObject({ name: 'Glebe field', landowner_name: 'Mr Jones' });

    await user.click(screen.getByRole('button', { name: yourDataTexts.importButton }));
    expect(
      await screen.findByText(/^Imported 0 finds, 0 photos and 0 spots\. 3 records were already here/),
    ).toBeInTheDocument();
    expect(await findsOf(me.user.id)).toEqual(['Hammered penny']);
  });

  it('refuses a file that is not a ZIP before sending it, keeping the choice', async () => {
    show();
    // The picker's filter can be switched to "All files"; the page checks the bytes itself.
    const user = userEvent.setup({ applyAccept: false });
    const text = new File(['name,lat,lon\n'], 'spots.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText(yourDataTexts.chooseFile), text);
    await user.click(screen.getByRole('button', { name: yourDataTexts.importButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(yourDataTexts.notZip);
    expect(await findsOf(me.user.id)).toEqual([]);
  });

  it('shows the server’s reason when the export cannot be made (signed out on the server)', async () => {
    me = { ...me, cookie: '' };
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: yourDataTexts.downloadButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Sign in/);
  });

  it('offline: says so and waits for signal', async () => {
    online = false;
    show();
    expect(await screen.findByText(yourDataTexts.offline)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: yourDataTexts.downloadButton })).toBeDisabled();
    expect(screen.getByRole('button', { name: yourDataTexts.importButton })).toBeDisabled();
  });

  it('signed out: asks the visitor to sign in', async () => {
    await db.session.clear();
    show();
    expect(await screen.findByText(yourDataTexts.signedOut)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: yourDataTexts.downloadButton })).not.toBeInTheDocument();
  });
});
