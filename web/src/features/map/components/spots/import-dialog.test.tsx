// @vitest-environment jsdom
/**
 * Import (docs/map.md "Importing KML, KMZ, KMI and GPX"): a file of the wrong type or with nothing usable
 * gets the product's message; a real file shows its preview with the spot already saved unchecked; the
 * chosen spots are saved on the device as private spots, queued for sync, with 'Import Complete' and the
 * counts (the file's unreadable placemark counted as failed).
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importResultText, locationMessages as m } from '@schema/contracts/locations-constants';
import type { SelfUser } from '@schema/contracts/users';
import { useToastStore } from '@web/components/ui/toast';
import { db, type LocalLocation } from '@web/db/database';
import { importMessages } from '../../model/import/messages';
import { exportSpots } from '../../model/spots/export';
import { ImportDialog } from './import-dialog';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const saved: LocalLocation = {
  id: 1,
  uid: 'saved',
  userId: me.id,
  username: me.username,
  name: 'Old Oak',
  description: null,
  latitude: 52.0001,
  longitude: 1,
  type: 'Field',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: false,
  isGroupDig: false,
  isShared: true,
  created_at: '',
  updated_at: '',
};

const KML = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Old Oak</name><Point><coordinates>1,52</coordinates></Point></Placemark>
<Placemark><name>Church meadow</name><description>Pasture</description><Point><coordinates>1.1,52.1</coordinates></Point></Placemark>
<Placemark><name>Ford</name><Point><coordinates>1.2,52.2</coordinates></Point></Placemark>
<Placemark><name>No point</name></Placemark>
</Document></kml>`;

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await Promise.all([db.locations.clear(), db.outbox.clear()]);
  await db.locations.put(saved);
});
afterEach(() => useToastStore.setState({ toasts: [] }));

function renderDialog() {
  let closed = 0;
  render(<ImportDialog open user={me} ownSpots={[saved]} onClose={() => (closed += 1)} />);
  return { user: userEvent.setup({ applyAccept: false }), closed: () => closed };
}

describe('Import', () => {
  it('refuses a file of another type, and one with nothing usable, with the product’s messages', async () => {
    const { user } = renderDialog();
    await user.upload(
      await screen.findByLabelText('File'),
      new File(['x'], 'photo.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${m.importFailedTitle}: ${importMessages.wrongType}`,
    );
    await user.upload(screen.getByLabelText('File'), new File(['<kml><Document/></kml>'], 'empty.kml'));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${m.noLocationsTitle}: ${m.noLocations}`);
    await user.upload(screen.getByLabelText('File'), new File(['<kml><Document>'], 'broken.kml'));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.importInvalidXml);
  });

  it('previews the spots with the saved one unchecked, then saves the chosen ones privately and reports the counts', async () => {
    const { user, closed } = renderDialog();
    await user.upload(await screen.findByLabelText('File'), new File([KML], 'permissions.kml'));
    const list = await screen.findByRole('list', { name: 'Spots in the file' });
    const boxes = within(list).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, true, true]);
    expect(within(list).getByText('Already saved')).toBeInTheDocument();
    expect(screen.getByText('1 could not be read and will be counted as failed')).toBeInTheDocument();
    await user.click(within(list).getByRole('checkbox', { name: /Ford/ }));
    await user.click(screen.getByRole('button', { name: 'Import 1 spot' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        title: m.importCompleteTitle,
        description: importResultText(1, 1),
      }),
    );
    expect(closed()).toBe(1);
    const imported = (await db.locations.toArray()).filter((s) => s.name === 'Church meadow');
    expect(imported).toEqual([
      expect.objectContaining({
        id: null,
        userId: me.id,
        isShared: false,
        type: 'Other',
        description: 'Pasture',
        latitude: 52.1,
      }),
    ]);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'locations', op: 'create', uid: imported[0]?.uid }),
    ]);
  });

  it('a handheld’s unnamed point gets a name the member can change; a DigQuest export brings back its fields, private', async () => {
    const own: LocalLocation = {
      ...saved,
      uid: 'exported',
      name: 'Shingle bank',
      type: 'Beach',
      terrainType: 'Shingle',
      hasPermission: true,
      isShared: true,
      landownerName: 'Crown Estate',
      permissionGranted: '2024-04-01',
    };
    const exported = exportSpots([own], 'gpx', true).replace(
      '</gpx>',
      '<wpt lat="52.3" lon="1.3"><name>1</name></wpt></gpx>',
    );
    const { user } = renderDialog();
    await user.upload(await screen.findByLabelText('File'), new File([exported], 'walk.gpx'));
    const name = await screen.findByRole('textbox', { name: 'Name of spot 2' });
    expect(name).toHaveValue('walk 1');
    await user.clear(name);
    await user.type(name, 'Be');
    expect(screen.getByText(m.nameTooShort)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 spots' })).toBeDisabled();
    await user.type(name, 'll pit');
    await user.click(screen.getByRole('button', { name: 'Import 2 spots' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: m.importCompleteTitle }),
    );
    const rows = await db.locations.toArray();
    expect(rows.find((s) => s.name === 'Bell pit')).toMatchObject({ type: 'Other', latitude: 52.3 });
    expect(rows.find((s) => s.name === 'Shingle bank' && s.uid !== 'exported')).toMatchObject({
      type: 'Beach',
      terrainType: 'Shingle',
      hasPermission: true,
      landownerName: 'Crown Estate',
      permissionGranted: '2024-04-01',
      isShared: false,
    });
  });
});
