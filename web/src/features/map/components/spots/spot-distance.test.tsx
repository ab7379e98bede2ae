// @vitest-environment jsdom
/**
 * What the spots list's distances are measured from (docs/map.md "Spots on the map"): the member's position
 * once it is known — "4.0 km from you", nearest to them first — else the map's centre, and then it says
 * so ("341 km from map centre"), never a bare "away" that reads as "from me".
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, type LocalLocation } from '@web/db/database';
import { MapShellContext, type MapShellApi } from '../map-shell-context';
import { useSpots } from '../../hooks/use-spots';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { SpotsPanel } from './spots-panel';

const spot = (over: Partial<LocalLocation>): LocalLocation => ({
  id: 1,
  uid: 'u1',
  userId: 8,
  username: 'digger',
  name: 'Stubble field',
  description: null,
  latitude: 51.52,
  longitude: -0.13,
  type: 'Field',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: false,
  isGroupDig: false,
  isShared: true,
  created_at: '',
  updated_at: '',
  ...over,
});

/** The default view: centred in Cumbria, Great Britain in view. */
const view: MapShellApi['view'] = {
  center: { latitude: 54.093409, longitude: -2.89479 },
  zoom: 6,
  bounds: { west: -11, east: 3, south: 49.5, north: 61 },
};

function Harness({ me }: { me: LatLng | null }) {
  const spots = useSpots();
  return (
    <MapShellContext.Provider value={{ view, me, flyTo: () => undefined }}>
      <SpotsPanel
        spots={spots}
        filters={{ filter: null, onlyMine: false, radiusKm: 10 }}
        user={null}
        editor={null}
        draft={null}
        onDraft={() => undefined}
        onEditorDone={() => undefined}
        onSelect={() => undefined}
        onEdit={() => undefined}
        onDelete={() => undefined}
      />
    </MapShellContext.Provider>
  );
}

const rows = async () => {
  const list = await screen.findByRole('region', { name: /Spots in view/ });
  await waitFor(() => expect(within(list).queryAllByRole('listitem')).toHaveLength(2));
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
};

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await db.locations.clear();
  await db.locations.bulkPut([
    spot({ uid: 'london', name: 'Thames foreshore', type: 'Beach' }),
    spot({ uid: 'lakes', name: 'Fell side', latitude: 54.2, longitude: -2.9 }),
  ]);
});

describe('distances in the spots list', () => {
  it("with the member's position known: from them, nearest to them first", async () => {
    render(
      <MemoryRouter>
        <Harness me={{ latitude: 51.52, longitude: -0.072 }} />
      </MemoryRouter>,
    );
    const [first, second] = await rows();
    expect(first).toContain('Thames foreshore');
    expect(first).toContain('Beach · 4.0 km from you');
    expect(second).toContain('Fell side');
    expect(second).toMatch(/Field · [\d,]+ km from you/);
    expect(screen.queryByText(/from map centre/)).toBeNull();
  });

  it('without it: from the map centre, and it says so', async () => {
    render(
      <MemoryRouter>
        <Harness me={null} />
      </MemoryRouter>,
    );
    const [first, second] = await rows();
    expect(first).toContain('Fell side');
    expect(first).toContain('Field · 12 km from map centre');
    expect(second).toContain('Beach · 341 km from map centre');
    expect(screen.queryByText(/from you/)).toBeNull();
  });
});
