// @vitest-environment jsdom
/**
 * Share Your Find's recording details (docs/find-recording.md) through the real writes: the form writes to
 * this device's IndexedDB (fake-indexeddb) and queues its mutation, offline — every request fails, so
 * nothing here needs a server. The queued payloads are checked with the contract's sync schemas,
 * the ones the server applies when the device pushes them.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingMessages } from '@schema/contracts/find-recording';
import { findSyncCreatePayloadSchema } from '@schema/contracts/finds';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { localIsoDate } from '../model/recording-details-input';
import { ShareFindDialog } from './share-find-dialog';

const finder: { user: SelfUser } = {
  user: {
    id: 41,
    username: 'flo_friend',
    email: 'flo_friend@example.com',
    avatarUrl: '',
    bio: null,
    created_at: '2024-03-05T10:00:00Z',
    isEmailVerified: true,
  },
};

beforeEach(async () => {
  // Offline: a field without signal.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  await db.open();
  await Promise.all([db.finds, db.outbox, db.blobs, db.pins].map((table) => table.clear()));
  await db.session.put({ key: 'current', user: finder.user, checkedAt: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

const jpeg = () => new File([new Uint8Array(2048)], 'find.jpg', { type: 'image/jpeg' });

async function openShare() {
  render(
    <MemoryRouter>
      <ShareFindDialog user={finder.user} open onOpenChange={() => undefined} />
      <Toaster />
    </MemoryRouter>,
  );
  const user = userEvent.setup({ applyAccept: false });
  await user.type(await screen.findByLabelText('Title'), 'Strap end');
  await user.type(screen.getByLabelText('Location'), 'Wiltshire, UK');
  await user.upload(screen.getByLabelText('Photo'), jpeg());
  return user;
}

type User = Awaited<ReturnType<typeof openShare>>;
const openDetails = (user: User) => user.click(screen.getByText('Recording details'));
const share = (user: User) => user.click(screen.getByRole('button', { name: 'Share Find' }));

async function queued() {
  await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  const [mutation] = await db.outbox.toArray();
  if (!mutation) throw new Error('nothing queued');
  return { mutation, find: await db.finds.get(mutation.uid) };
}

describe('Share Your Find: recording details (docs/find-recording.md)', () => {
  it('offline, the details go into the queued payload and the find on this device', async () => {
    const user = await openShare();
    await openDetails(user);
    await user.type(screen.getByLabelText('Object type'), 'strap end');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.selectOptions(screen.getByLabelText('Primary material'), 'copper alloy');
    await user.type(screen.getByLabelText('Weight (g)'), '4.52');
    await user.type(screen.getByLabelText('Length (mm)'), '23');
    await user.type(screen.getByLabelText('Width (mm)'), '18');
    await user.selectOptions(screen.getByLabelText('Completeness'), 'Incomplete');
    await user.type(screen.getByLabelText('Date from (year)'), '800');
    await user.selectOptions(screen.getByLabelText('Date from: AD or BC'), 'BC');
    await user.type(screen.getByLabelText('Date to (year)'), '42');
    await user.selectOptions(screen.getByLabelText('How it was found'), 'Fieldwalking');
    await user.selectOptions(screen.getByLabelText('Depth'), '10-20');
    await user.selectOptions(screen.getByLabelText('Land use'), 'pasture');
    await user.clear(screen.getByLabelText('Found on'));
    await user.type(screen.getByLabelText('Found on'), '2026-03-12');
    await user.type(screen.getByLabelText('PAS record ID'), 'wilt-123abc');
    await user.type(screen.getByLabelText('Notes for the FLO'), 'Near the hedge line.');
    await user.selectOptions(screen.getByLabelText('Who may see where it was found'), '4');
    await share(user);

    const { mutation, find } = await queued();
    const recorded = {
      objectType: 'strap end',
      quantity: 2,
      primaryMaterial: 'copper alloy',
      weightGrams: 4.52,
      lengthMm: 23,
      widthMm: 18,
      completeness: 'Incomplete',
      dateFromYear: -800,
      dateToYear: 42,
      discoveryMethod: 'Fieldwalking',
      depthBand: '10-20',
      landUse: 'pasture',
      foundOn: '2026-03-12',
      pasRecordId: 'WILT-123ABC',
      floNotes: 'Near the hedge line.',
      findspotPrecision: '4',
      treasureStatus: 'none',
    };
    expect(mutation).toMatchObject({ entity: 'finds', op: 'create', payload: recorded });
    expect(findSyncCreatePayloadSchema.safeParse(mutation.payload).success).toBe(true);
    // The find shows them at once, offline, with none for what was not recorded.
    expect(find).toMatchObject({
      ...recorded,
      secondaryMaterial: null,
      diameterMm: null,
      treasureDeadline: null,
    });
  });

  it('a find logged without details gets the defaults: 1, metal detector, spot hidden, found today, no Treasure', async () => {
    const user = await openShare();
    await share(user);
    const { mutation, find } = await queued();
    const defaults = {
      quantity: 1,
      discoveryMethod: 'Metal detector',
      findspotPrecision: 'hidden',
      foundOn: localIsoDate(),
      treasureStatus: 'none',
    };
    expect(mutation.payload).toMatchObject(defaults);
    expect(mutation.payload).not.toHaveProperty('weightGrams');
    expect(find).toMatchObject({ ...defaults, weightGrams: null, objectType: null, positionSource: null });
  });

  it('the periods show their years; picking one fills an empty date range and leaves a typed one alone', async () => {
    const user = await openShare();
    await openDetails(user);
    const period = screen.getByLabelText('Period (optional)');
    expect(screen.getByRole('option', { name: 'Roman (43–409)' })).toHaveValue('Roman');
    expect(screen.getByRole('option', { name: 'Iron Age (800 BC–AD 42)' })).toHaveValue('Iron Age');
    await user.selectOptions(period, 'Iron Age');
    expect(screen.getByLabelText('Date from (year)')).toHaveValue('800');
    expect(screen.getByLabelText('Date from: AD or BC')).toHaveValue('BC');
    expect(screen.getByLabelText('Date to (year)')).toHaveValue('42');
    expect(screen.getByLabelText('Date to: AD or BC')).toHaveValue('AD');

    await user.clear(screen.getByLabelText('Date from (year)'));
    await user.clear(screen.getByLabelText('Date to (year)'));
    await user.type(screen.getByLabelText('Date from (year)'), '1200');
    await user.selectOptions(screen.getByLabelText('Date from: AD or BC'), 'AD');
    await user.selectOptions(period, 'Roman');
    expect(screen.getByLabelText('Date from (year)')).toHaveValue('1200');
    expect(screen.getByLabelText('Date to (year)')).toHaveValue('');
    await share(user);
    const { mutation } = await queued();
    // The stored period is the period's name, never its label.
    expect(mutation.payload).toMatchObject({ period: 'Roman', dateFromYear: 1200 });
  });

  it("bad values get the contract's messages under their fields, keep what was typed and queue nothing", async () => {
    const user = await openShare();
    await openDetails(user);
    await user.type(screen.getByLabelText('Weight (g)'), '1.234');
    await user.type(screen.getByLabelText('Date from (year)'), '1300');
    await user.type(screen.getByLabelText('Date to (year)'), '1200');
    await user.type(screen.getByLabelText('PAS record ID'), 'abc');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), 'two');
    await share(user);

    expect(await screen.findByText(recordingMessages.weight)).toBeInTheDocument();
    expect(screen.getByText(recordingMessages.dateOrder)).toBeInTheDocument();
    expect(screen.getByText(recordingMessages.pasRecordId)).toBeInTheDocument();
    expect(screen.getByText(recordingMessages.quantity)).toBeInTheDocument();
    expect(screen.getByLabelText('Weight (g)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Weight (g)')).toHaveValue('1.234');
    expect(screen.getByLabelText('PAS record ID')).toHaveValue('abc');
    expect(screen.getByLabelText('Quantity')).toHaveValue('two');
    expect(screen.getByLabelText('Date to (year)')).toHaveAccessibleDescription(recordingMessages.dateOrder);
    expect(await db.outbox.count()).toBe(0);
  });

  it('"Use my location" records gps with the accuracy in whole metres, shown beside it; typing records typed', async () => {
    const getCurrentPosition = (ok: PositionCallback) =>
      ok({
        coords: { latitude: 51.0712345678, longitude: -1.7912345678, accuracy: 8.4 },
      } as GeolocationPosition);
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const user = await openShare();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('GPS, ± 8 m')).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue('51.071235');
    await share(user);
    const { mutation, find } = await queued();
    expect(mutation.payload).toMatchObject({
      positionSource: 'gps',
      positionAccuracyM: 8,
      latitude: 51.071235,
    });
    expect(find).toMatchObject({ positionSource: 'gps', positionAccuracyM: 8 });
  });

  it('a typed position is recorded as typed, with no accuracy', async () => {
    const user = await openShare();
    await user.type(screen.getByLabelText('Latitude'), '51.07');
    await user.type(screen.getByLabelText('Longitude'), '-1.79');
    expect(screen.getByText('Typed in')).toBeInTheDocument();
    await share(user);
    const { mutation } = await queued();
    expect(mutation.payload).toMatchObject({ positionSource: 'typed' });
    expect(mutation.payload).not.toHaveProperty('positionAccuracyM');
  });
});
