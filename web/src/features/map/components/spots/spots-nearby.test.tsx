// @vitest-environment jsdom
/**
 * Nearby Locations online (docs/map.md "Spots on the map") against the real server in process: a shared
 * spot the device has never pulled — outside its window — is read with `near=` and listed by distance;
 * another member's private spot is not; when the server cannot be reached the list says so and shows what
 * the device holds.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfUser } from '@schema/contracts/users';
import { db } from '@web/db/database';
import { forgetRemoteLists } from '@web/sync/remote-lists';
import { createTestApp, signedIn, type TestApp } from '@web/sync/test-utils';
import { MapShellContext, type MapShellApi } from '../map-shell-context';
import { useSpots } from '../../hooks/use-spots';
import { NEARBY_NOTES, SPOT_LINK_MISSING, SpotsPanel } from './spots-panel';

let t: TestApp;
/** The server's ids of the spots made in beforeAll, by name. */
const ids: Record<string, number> = {};
const london = { latitude: 51.5074, longitude: -0.1278 };

beforeAll(async () => {
  t = await createTestApp();
  const other = await signedIn(t, 'riverwalker');
  const spot = (name: string, isShared: boolean, latitude: number) =>
    other.client.post('/api/locations', { name, type: 'Beach', latitude, longitude: -0.1, isShared });
  for (const res of [
    await spot('Bankside foreshore', true, 51.508),
    await spot('Secret creek', false, 51.509),
    await spot('Far estuary', true, 51.9),
  ]) {
    if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
    const created = res.json as { id: number; name: string };
    ids[created.name] = created.id;
  }
});
afterAll(() => t.close());

let online = true;
beforeEach(async () => {
  online = true;
  forgetRemoteLists();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return t.app.request(input, init);
  });
  await db.open();
  await Promise.all([db.locations.clear(), db.pins.clear(), db.outbox.clear()]);
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const shell: MapShellApi = {
  view: { center: london, zoom: 12, bounds: { west: -0.3, east: 0.1, south: 51.4, north: 51.6 } },
  me: london,
  flyTo: () => undefined,
};

function Panel({
  user,
  onSelect = () => undefined,
}: {
  user: SelfUser | null;
  onSelect?: (uid: string) => void;
}) {
  const spots = useSpots();
  return (
    <MapShellContext.Provider value={shell}>
      <SpotsPanel
        spots={spots}
        filters={{ filter: 'nearby', onlyMine: false, radiusKm: 10 }}
        user={user}
        editor={null}
        draft={null}
        onDraft={() => undefined}
        onEditorDone={() => undefined}
        onSelect={onSelect}
        onEdit={() => undefined}
        onDelete={() => undefined}
      />
    </MapShellContext.Provider>
  );
}

const names = () =>
  within(screen.getByRole('region', { name: /Nearby spots/ }))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('Nearby Locations online', () => {
  it('reads the shared spots within the radius from the server, never another member’s private one', async () => {
    render(
      <MemoryRouter>
        <Panel user={null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(names()).toEqual(['Bankside foreshore']), { timeout: 5000 });
    // A visitor gets the spot rounded to about 1 km (docs/privacy.md).
    expect(await db.locations.toArray()).toEqual([
      expect.objectContaining({ name: 'Bankside foreshore', latitude: 51.51, approximate: true }),
    ]);
    expect(screen.getByRole('region', { name: /Nearby spots/ })).toHaveTextContent(
      'About 51.51000, -0.10000',
    );
  });

  it('says so when the server cannot be reached, and lists what the device holds', async () => {
    vi.stubGlobal('fetch', async () => new Response('down', { status: 503 }));
    render(
      <MemoryRouter>
        <Panel user={null} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(NEARBY_NOTES.error, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(names()).toEqual([]);
  });
});

describe('a link to a spot', () => {
  it('/map?spot={id} opens a shared spot the device did not hold, and selects it', async () => {
    const onSelect = vi.fn();
    render(
      <MemoryRouter initialEntries={[`/map?spot=${ids['Far estuary']}`]}>
        <Panel user={null} onSelect={onSelect} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(onSelect).toHaveBeenCalledOnce(), { timeout: 5000 });
    const [uid] = onSelect.mock.calls[0] ?? [];
    expect(await db.locations.get(String(uid))).toMatchObject({
      name: 'Far estuary',
      id: ids['Far estuary'],
    });
  });

  it('another member’s private spot, like a deleted one, is not found', async () => {
    for (const id of [ids['Secret creek'], 999_999]) {
      const { unmount } = render(
        <MemoryRouter initialEntries={[`/map?spot=${id}`]}>
          <Panel user={null} />
        </MemoryRouter>,
      );
      expect(await screen.findByText(SPOT_LINK_MISSING, {}, { timeout: 5000 })).toBeInTheDocument();
      unmount();
    }
    expect((await db.locations.toArray()).map((l) => l.name)).not.toContain('Secret creek');
  });
});
