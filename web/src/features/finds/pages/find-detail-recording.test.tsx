// @vitest-environment jsdom
/**
 * The recording details on a find's page (docs/find-recording.md), from the find as this device holds
 * it, offline: in plain words for everyone; the notes for the FLO, who may see the spot, and the exact spot
 * with its grid reference and accuracy for the finder only; the shared grid square for anyone else.
 */
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalFind } from '@web/db/database';
import { FindDetailPage } from './find-detail-page';

const self = (id: number, username: string): SelfUser => ({
  id,
  username,
  email: `${username}@example.com`,
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
});
const finder = self(51, 'wilts_digger');
const neighbour = self(52, 'next_field');

const find: LocalFind = {
  id: 12,
  uid: '0192f000-0000-7000-8000-000000000012',
  userId: finder.id,
  username: finder.username,
  title: 'Strap end',
  description: '',
  location: 'Wiltshire, UK',
  period: 'Medieval',
  imageUrl: '/uploads/s.webp',
  thumbUrl: '/uploads/s-thumb.webp',
  likes: 0,
  commentCount: 0,
  created_at: '2026-03-12T10:00:00Z',
  latitude: 51.5,
  longitude: -1.8,
  objectType: null,
  quantity: 1,
  primaryMaterial: 'copper alloy',
  secondaryMaterial: null,
  weightGrams: 4.52,
  lengthMm: 23,
  widthMm: 18,
  thicknessMm: null,
  diameterMm: null,
  completeness: 'Incomplete',
  dateFromYear: 1200,
  dateToYear: 1300,
  discoveryMethod: 'Metal detector',
  depthBand: '10-20',
  landUse: 'pasture',
  foundOn: '2026-03-12',
  positionSource: 'gps',
  positionAccuracyM: 8,
  pasRecordId: 'WILT-123ABC',
  floNotes: 'Near the hedge line.',
  findspotPrecision: '4',
  treasureStatus: 'none',
};
const WORDS =
  'Copper alloy, 4.52 g, 23 × 18 mm, Incomplete, AD 1200–1300, found 12 March 2026 at 10–20 cm in pasture, by metal detector';

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  await db.open();
  await Promise.all([db.finds, db.outbox, db.pins, db.users].map((table) => table.clear()));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openAs(viewer: SelfUser, shown: LocalFind) {
  await db.session.put({ key: 'current', user: viewer, checkedAt: '' });
  await db.finds.put(shown);
  render(
    <MemoryRouter initialEntries={[`/finds/${shown.uid}`]}>
      <Routes>
        <Route path="/finds/:id" element={<FindDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  // The comment box shows once the signed-in member is read: from then on the page knows who is looking.
  await screen.findByRole('textbox');
  return screen.getByRole('region', { name: 'Recording details' });
}

describe('a find page: recording details', () => {
  it('the finder: the details in plain words, the notes for the FLO, the spot with its grid reference and accuracy', async () => {
    const section = await openAs(finder, find);
    expect(section).toHaveTextContent(WORDS);
    expect(section).toHaveTextContent('PAS record IDWILT-123ABC');
    expect(section).toHaveTextContent('Notes for the FLONear the hedge line.');
    expect(section).toHaveTextContent('Who may see where it was found1 km square (4-figure grid reference)');
    expect(
      await screen.findByText(/Find spot: 51\.500000, -1\.800000 · SU \d{5} \d{5} ± 8 m/),
    ).toBeInTheDocument();
  });

  it('another member: the details and the shared grid square; never the notes, the exact spot or its accuracy', async () => {
    const seen: LocalFind = { ...find, publicGridRef: 'SU 14 84' };
    for (const key of ['latitude', 'longitude', 'floNotes', 'positionAccuracyM', 'treasureStatus'] as const)
      delete seen[key];
    const section = await openAs(neighbour, seen);
    expect(section).toHaveTextContent(WORDS);
    expect(section).not.toHaveTextContent('Notes for the FLO');
    expect(section).not.toHaveTextContent('Who may see');
    expect(screen.getByText('Found in grid square SU 14 84 (1 km square)')).toBeInTheDocument();
    expect(screen.queryByText(/Find spot:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/± \d+ m/)).not.toBeInTheDocument();
  });
});
