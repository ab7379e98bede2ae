// @vitest-environment jsdom
/**
 * Recording details on a find already saved (docs/find-recording.md), through the real writes, offline:
 * Edit sends only what changed — null for an emptied field — and the find on this device changes at once;
 * the Treasure assistant's saves (updateFindRecording) likewise, with the contract's rules across fields.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingMessages } from '@schema/contracts/find-recording';
import { findSyncUpdatePayloadSchema } from '@schema/contracts/finds';
import { treasureDeadline } from '@schema/contracts/treasure';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalFind } from '@web/db/database';
import { forgetPreviousViewer } from '@web/sync/entities';
import { FindRecordingError, updateFindRecording } from '../hooks/find-writes';
import { EditFindDialog } from './edit-find-dialog';

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
});

async function queued() {
  await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  const [mutation] = await db.outbox.toArray();
  if (!mutation) throw new Error('nothing queued');
  return mutation;
}

describe('Edit and the Treasure assistant: recording details on an existing find', () => {
  const saved = (): LocalFind => ({
    id: 31,
    uid: '0192f000-0000-7000-8000-000000000031',
    userId: finder.user.id,
    username: finder.user.username,
    title: 'Buckle',
    description: '',
    location: 'Wiltshire, UK',
    period: 'Medieval',
    imageUrl: '/uploads/b.webp',
    thumbUrl: '/uploads/b-thumb.webp',
    likes: 0,
    commentCount: 0,
    created_at: '2026-03-12T10:00:00Z',
    quantity: 1,
    discoveryMethod: 'Metal detector',
    foundOn: '2026-03-12',
    findspotPrecision: 'hidden',
    treasureStatus: 'none',
    weightGrams: 4.52,
    primaryMaterial: 'silver',
  });

  it('emptying a field sends null for it alone, and the find on this device loses it at once', async () => {
    const find = saved();
    await db.finds.put(find);
    render(
      <MemoryRouter>
        <EditFindDialog find={find} user={finder.user} onClose={() => undefined} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText('Recording details'));
    expect(screen.getByLabelText('Weight (g)')).toHaveValue('4.52');
    await user.clear(screen.getByLabelText('Weight (g)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const mutation = await queued();
    expect(mutation).toMatchObject({ op: 'update', payload: { weightGrams: null } });
    expect(Object.keys(mutation.payload)).toEqual(['weightGrams']);
    expect(findSyncUpdatePayloadSchema.safeParse(mutation.payload).success).toBe(true);
    const local = await db.finds.get(find.uid);
    expect(local?.weightGrams ?? null).toBeNull();
    expect(local).toMatchObject({ primaryMaterial: 'silver', title: 'Buckle' });
  });

  it('updateFindRecording saves the Treasure fields on the device at once (deadline too) and refuses a report with no day', async () => {
    const find = saved();
    await db.finds.put(find);
    await updateFindRecording(finder.user, find, {
      treasureStatus: 'possible',
      treasureRealisedOn: '2026-03-20',
    });
    const local = await db.finds.get(find.uid);
    expect(local).toMatchObject({
      treasureStatus: 'possible',
      treasureRealisedOn: '2026-03-20',
      treasureDeadline: treasureDeadline('2026-03-12', '2026-03-20'),
    });
    const mutation = await queued();
    expect(mutation.payload).toEqual({ treasureStatus: 'possible', treasureRealisedOn: '2026-03-20' });

    const refused = updateFindRecording(finder.user, local ?? find, { treasureStatus: 'reported' });
    await expect(refused).rejects.toBeInstanceOf(FindRecordingError);
    await expect(refused).rejects.toMatchObject({
      problems: [{ field: 'treasureReportedOn', message: recordingMessages.reportedNeedsDate }],
    });
    await updateFindRecording(finder.user, local ?? find, {
      treasureStatus: 'reported',
      treasureReportedOn: '2026-03-21',
      treasureReportedTo: 'Wiltshire FLO',
      treasureReference: 'T2026-42',
    });
    expect(await db.finds.get(find.uid)).toMatchObject({
      treasureStatus: 'reported',
      treasureReference: 'T2026-42',
    });
  });

  it("C11 S16: when someone else signs in on this device, the finder's owner-only details leave it", async () => {
    await db.finds.put({
      ...saved(),
      floNotes: 'Near the hedge line.',
      positionAccuracyM: 8,
      treasureStatus: 'possible',
      treasureRealisedOn: '2026-03-20',
      treasureDeadline: '2026-04-02',
      pasRecordId: 'WILT-123ABC',
    });
    await forgetPreviousViewer(db, finder.user.id + 1);
    const kept = await db.finds.get(saved().uid);
    for (const key of [
      'floNotes',
      'positionAccuracyM',
      'treasureStatus',
      'treasureRealisedOn',
      'treasureDeadline',
    ])
      expect(kept).not.toHaveProperty(key);
    // What every member may see stays.
    expect(kept).toMatchObject({ pasRecordId: 'WILT-123ABC', weightGrams: 4.52 });
  });
});
