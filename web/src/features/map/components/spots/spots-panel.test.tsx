// @vitest-environment jsdom
/**
 * The spots under the map (docs/map.md "Spots on the map") on the device, without MapLibre: the list of
 * spots in view nearest first with lat/lng, grid reference, privacy and the permission flag; its loading,
 * empty and error states; Nearby with its radius; Add New Spot from typed coordinates (Save disabled
 * until there are some), the contract's messages, the spot saved and queued with the product's toast; an
 * edit that queues only what changed; and a visitor's disabled buttons with their reason.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import type { SelfUser } from '@schema/contracts/users';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu';
import { useToastStore } from '@web/components/ui/toast';
import { db, type LocalLocation } from '@web/db/database';
import { MapShellContext, type MapShellApi } from '../map-shell-context';
import { searchSpots, useSpots } from '../../hooks/use-spots';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { SpotFilters as Filters } from '../../model/spots/list';
import type { EditorState } from './spot-editor';
import { SpotFilters } from './spot-filters';
import { SPOTS_EMPTY_NEARBY, SPOTS_EMPTY_VIEW } from './spot-list';
import { AddSpotButton, SpotMenuItems } from './spot-tools';
import { SpotsPanel } from './spots-panel';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const spot = (over: Partial<LocalLocation>): LocalLocation => ({
  id: 1,
  uid: 'u1',
  userId: me.id,
  username: me.username,
  name: 'Stubble field',
  description: null,
  latitude: 51.52,
  longitude: -0.13,
  type: 'Field',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: false,
  isGroupDig: false,
  isShared: false,
  created_at: '',
  updated_at: '',
  ...over,
});
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const shell: MapShellApi = {
  view: {
    center: { latitude: 51.5, longitude: -0.12 },
    zoom: 10,
    bounds: { west: -0.6, east: 0.4, south: 51.3, north: 51.7 },
  },
  me: null,
  flyTo: () => undefined,
};

function Harness({ user, startEditing }: { user: SelfUser | null; startEditing?: EditorState }) {
  const spots = useSpots();
  const [filters, setFilters] = useState<Filters>({ filter: null, onlyMine: false, radiusKm: 10 });
  const [editor, setEditor] = useState<EditorState | null>(startEditing ?? null);
  const [draft, setDraft] = useState<LatLng | null>(startEditing?.mode === 'edit' ? startEditing.spot : null);
  return (
    <MapShellContext.Provider value={shell}>
      <AddSpotButton user={user} onAdd={() => setEditor({ mode: 'create' })} />
      {/* The map menu, as MapShell draws it (map-controls.tsx). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger aria-label="Map menu">Menu</DropdownMenuTrigger>
        <DropdownMenuContent>
          <SpotMenuItems
            user={user}
            onImport={() => undefined}
            onExport={() => undefined}
            onlyMine={filters.onlyMine}
            onOnlyMine={(onlyMine) => setFilters((f) => ({ ...f, onlyMine }))}
          />
        </DropdownMenuContent>
      </DropdownMenu>
      <SpotFilters value={filters} onChange={setFilters} />
      <SpotsPanel
        spots={spots}
        filters={filters}
        user={user}
        editor={editor}
        draft={draft}
        onDraft={setDraft}
        onEditorDone={() => setEditor(null)}
        onSelect={() => undefined}
        onEdit={(s) => setEditor({ mode: 'edit', spot: s })}
        onDelete={() => undefined}
      />
    </MapShellContext.Provider>
  );
}

function renderPanel(user: SelfUser | null = me, startEditing?: EditorState) {
  render(
    <MemoryRouter>
      <Harness user={user} {...(startEditing ? { startEditing } : {})} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const listNames = async () =>
  within(await screen.findByRole('region', { name: /Spots in view|Nearby spots/ }))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await Promise.all([db.locations.clear(), db.outbox.clear()]);
});
afterEach(() => useToastStore.setState({ toasts: [] }));

describe('the spots list', () => {
  it('lists the spots in view nearest first, each with lat/lng, grid reference and what it is', async () => {
    await db.locations.bulkPut([
      spot({ uid: 'far', name: 'Riverside', latitude: 51.6, permissionExpires: inFuture(10) }),
      spot({ uid: 'near', name: 'Villa field', type: 'Roman Site', latitude: 51.505, isShared: true }),
      spot({ uid: 'out', name: 'Norfolk beach', type: 'Beach', latitude: 52.9, longitude: 1.3 }),
      spot({
        uid: 'other',
        name: 'Club dig',
        userId: 8,
        username: 'digger',
        isShared: true,
        isGroupDig: true,
        latitude: 51.55,
      }),
    ]);
    renderPanel();
    await waitFor(async () => expect(await listNames()).toEqual(['Villa field', 'Club dig', 'Riverside']));
    expect(screen.getByRole('heading', { level: 2, name: 'Spots in view (3)' })).toBeInTheDocument();
    const villa = screen.getByRole('button', { name: 'Villa field' }).closest('li');
    expect(villa).toHaveTextContent('Roman Site · 888 m from map centre');
    expect(villa).toHaveTextContent('51.50500, -0.13000');
    expect(villa).toHaveTextContent(/TQ \d{5} \d{5}/);
    expect(villa).toHaveTextContent('Shared');
    const river = screen.getByRole('button', { name: 'Riverside' }).closest('li');
    expect(river).toHaveTextContent('Private');
    expect(river).toHaveTextContent(/Permission expires on \d{1,2} \w+ \d{4}, in \d+ days/);
    const other = screen.getByRole('button', { name: 'Club dig' }).closest('li');
    expect(other).toHaveTextContent('by digger');
    expect(other).toHaveTextContent('Group dig');
    expect(within(other ?? document.body).queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('one filter at a time, Nearby with its radius slider, Only my locations, and the empty texts', async () => {
    await db.locations.bulkPut([
      spot({ uid: 'a', name: 'Villa field', type: 'Roman Site', latitude: 51.505 }),
      spot({ uid: 'b', name: 'Foreshore', type: 'Beach', latitude: 51.56, userId: 8, isShared: true }),
    ]);
    const user = renderPanel();
    await waitFor(async () => expect(await listNames()).toHaveLength(2));
    const roman = screen.getByRole('button', { name: 'Roman Sites' });
    await user.click(roman);
    expect(roman).toHaveAttribute('aria-pressed', 'true');
    await waitFor(async () => expect(await listNames()).toEqual(['Villa field']));
    await user.click(screen.getByRole('button', { name: 'Beaches' }));
    expect(roman).toHaveAttribute('aria-pressed', 'false');
    await waitFor(async () => expect(await listNames()).toEqual(['Foreshore']));
    await user.click(screen.getByRole('button', { name: 'Beaches' }));
    await waitFor(async () => expect(await listNames()).toHaveLength(2));
    // Only my locations is in the map menu.
    await user.click(screen.getByRole('button', { name: 'Map menu' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Only my locations' }));
    await waitFor(async () => expect(await listNames()).toEqual(['Villa field']));
    await user.click(screen.getByRole('button', { name: 'Map menu' }));
    const onlyMine = await screen.findByRole('menuitemcheckbox', { name: 'Only my locations' });
    expect(onlyMine).toHaveAttribute('aria-checked', 'true');
    await user.click(onlyMine);
    await user.click(screen.getByRole('button', { name: 'Nearby Locations' }));
    const slider = screen.getByRole('slider', { name: 'Radius: 10 km' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '100');
    expect(slider).toHaveAttribute('step', '1');
    await waitFor(async () => expect(await listNames()).toEqual(['Villa field', 'Foreshore']));
    await user.click(screen.getByRole('button', { name: 'Group Digs' }));
    expect(await screen.findByText(SPOTS_EMPTY_VIEW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nearby Locations' }));
    await db.locations.clear();
    expect(await screen.findByText(SPOTS_EMPTY_NEARBY)).toBeInTheDocument();
  });

  it('a visitor sees the spots but not Only my locations; Add New Spot and Import are disabled with the reason', async () => {
    renderPanel(null);
    expect(screen.getByRole('button', { name: /Add New Spot/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Add New Spot/ })).toHaveAccessibleDescription(
      `${m.signInToAdd}.`,
    );
    // Import and Only my locations are in the map menu.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Map menu' }));
    const importItem = await screen.findByRole('menuitem', { name: /Import/ });
    expect(importItem).toHaveAttribute('aria-disabled', 'true');
    expect(importItem).toHaveAccessibleDescription(`${m.signInToImport}.`);
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Only my locations' })).toBeNull();
    expect(await screen.findByText(SPOTS_EMPTY_VIEW)).toBeInTheDocument();
  });
});

describe('Add New Spot and Edit', () => {
  it('Save is disabled until there are coordinates; typed ones are read; the spot is saved, queued and announced', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: /Add New Spot/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Add New Spot' })).toHaveFocus();
    const save = screen.getByRole('button', { name: 'Save Spot' });
    expect(save).toBeDisabled();
    expect(screen.getByText(m.missingCoordinates)).toBeInTheDocument();
    expect(screen.getByText(m.privateText)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Type coordinates'), 'nowhere');
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByRole('alert')).toHaveTextContent('could not be read');
    await user.clear(screen.getByLabelText('Type coordinates'));
    await user.type(screen.getByLabelText('Type coordinates'), '51°30′N 0°7′12″W');
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByText('51.50000, -0.12000')).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: m.missingInformationTitle,
      description: m.missingInformation,
    });
    expect(screen.getByText(m.nameTooShort)).toBeInTheDocument();
    expect(screen.getByText(m.typeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Thames foreshore');
    await user.selectOptions(screen.getByLabelText('Type'), 'Beach');
    await user.click(screen.getByRole('checkbox', { name: m.sharedLabel }));
    expect(screen.getByText(m.sharedText)).toBeInTheDocument();
    await user.click(screen.getByText(/Permission record/));
    await user.type(screen.getByLabelText('Landowner name'), 'Port of London');
    await user.click(save);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        title: m.addedTitle,
        description: m.added,
      }),
    );
    const [saved] = await db.locations.toArray();
    expect(saved).toMatchObject({
      id: null,
      userId: me.id,
      name: 'Thames foreshore',
      type: 'Beach',
      latitude: 51.5,
      longitude: -0.12,
      isShared: true,
      landownerName: 'Port of London',
    });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'locations', op: 'create', uid: saved?.uid, status: 'pending' }),
    ]);
    await waitFor(async () => expect(await listNames()).toEqual(['Thames foreshore']));
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add New Spot' })).toBeNull();
  });

  it('the owner edits from the list; only what changed is queued', async () => {
    const stored = spot({ uid: 'mine', name: 'Old oak', description: 'Ploughed' });
    await db.locations.put(stored);
    const user = renderPanel(me, { mode: 'edit', spot: stored });
    expect(await screen.findByLabelText('Name')).toHaveValue('Old oak');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Old oak field');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.title).toBe(m.updatedTitle));
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        entity: 'locations',
        op: 'update',
        uid: 'mine',
        payload: { name: 'Old oak field' },
      }),
    ]);
    expect(await db.locations.get('mine')).toMatchObject({ name: 'Old oak field', description: 'Ploughed' });
  });
});

describe('spot names in the search box', () => {
  it('finds own and shared spots by part of the name, ignoring case, at zoom 14', async () => {
    await db.locations.bulkPut([
      spot({ uid: 'a', name: 'Villa field', type: 'Roman Site' }),
      spot({ uid: 'b', name: 'Riverside villa', userId: 8, isShared: true, latitude: 52, longitude: 1 }),
      spot({ uid: 'c', name: 'Foreshore' }),
    ]);
    expect(await searchSpots('VILLA')).toEqual([
      {
        kind: 'spot',
        label: 'Riverside villa',
        detail: 'Field',
        position: { latitude: 52, longitude: 1 },
        zoom: 14,
      },
      {
        kind: 'spot',
        label: 'Villa field',
        detail: 'Roman Site',
        position: { latitude: 51.52, longitude: -0.13 },
        zoom: 14,
      },
    ]);
    expect(await searchSpots('v')).toEqual([]);
    expect(await searchSpots('barrow')).toEqual([]);
  });
});
