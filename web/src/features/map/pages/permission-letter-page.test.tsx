// @vitest-environment jsdom
/**
 * The permission letter (docs/permissions.md "The letter"): read from the device, filled from the record —
 * landowner, land with its grid reference and plan, days, notice, crops or livestock, excluded areas, the
 * finds agreement and the Treasure Act note, the dates, three signature blocks — with A4 print CSS and a
 * Print button; refused to another member and to a visitor.
 */
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toGridRef } from '@schema/contracts/grid/coordinates';
import { permissionEdgeMessages as pm } from '@schema/contracts/permission-edges-constants';
import type { SelfUser } from '@schema/contracts/users';
import { setCurrentUser } from '@web/db/current-user';
import { db, type LocalLocation } from '@web/db/database';
import { LETTER_TEXTS } from '../components/spots/permission-letter';
import { LETTER_PRINT_CSS, PermissionLetterPage } from './permission-letter-page';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const ring = (w: number, s: number, d: number): Array<[number, number]> => [
  [w, s],
  [w + d, s],
  [w + d, s + d],
  [w, s + d],
  [w, s],
];
const stored: LocalLocation = {
  id: 12,
  uid: 'spot-uid',
  userId: me.id,
  username: me.username,
  name: 'Manor Farm top field',
  description: null,
  latitude: 52.6543,
  longitude: 1.2345,
  type: 'Field',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: true,
  isGroupDig: false,
  isShared: false,
  created_at: '',
  updated_at: '',
  landownerName: 'Mr Jones',
  landownerContact: '01603 000000',
  permissionGranted: '2026-03-03',
  permissionExpires: '2027-03-02',
  permissionNotes: null,
  permissionBoundary: { type: 'Polygon', coordinates: [ring(1.23, 52.65, 0.01)] },
  permissionExclusions: {
    type: 'MultiPolygon',
    coordinates: [[ring(1.232, 52.652, 0.001)], [ring(1.236, 52.656, 0.001)]],
  },
  permissionDays: ['sat', 'sun'],
  permissionNotice: '24 hours by phone',
  permissionCropsNotes: 'Winter wheat: stubble only',
  agreementFindsSplit: 'Sold finds: half each',
  agreementTreasureSplit: null,
  agreementLandownerSees: 'Every find',
};

function open(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/map/spots/:id/letter" element={<PermissionLetterPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await db.locations.clear();
  await db.locations.put(stored);
});

describe('the permission letter', () => {
  it('the owner gets the letter filled from the record, by id or uid, with a Print button and A4 print CSS', async () => {
    await setCurrentUser(me);
    open('/map/spots/12/letter');
    const letter = await screen.findByRole('article', { name: LETTER_TEXTS.title });
    const text = letter.textContent ?? '';
    for (const expected of [
      'Mr Jones',
      '01603 000000',
      'Manor Farm top field',
      toGridRef(stored) ?? 'no grid reference',
      'Saturday, Sunday',
      '24 hours by phone',
      'Winter wheat: stubble only',
      LETTER_TEXTS.exclusions(2),
      'Sold finds: half each',
      'Every find',
      pm.treasureActNote,
      '3 March 2026',
      '2 March 2027',
      'relic_hunter',
    ])
      expect(text).toContain(expected);
    // The Treasure split was left empty: a line to fill in by hand, not the suggestion.
    expect(text).not.toContain('50/50');
    const plan = within(letter).getByRole('img', { name: LETTER_TEXTS.planCaption });
    expect(plan.querySelectorAll('path')).toHaveLength(3);
    for (const signer of LETTER_TEXTS.signers)
      expect(within(letter).getByRole('heading', { level: 3, name: signer })).toBeInTheDocument();
    expect(LETTER_PRINT_CSS).toMatch(/@page\s*\{\s*size:\s*A4;\s*margin:/);
    expect(LETTER_PRINT_CSS).toMatch(
      /header, footer, nav, \[data-no-print\] \{ display: none !important; \}/,
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const button = screen.getByRole('button', { name: 'Print' });
    expect(button.closest('[data-no-print]')).not.toBeNull();
    await userEvent.setup().click(button);
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('opens by uid too', async () => {
    await setCurrentUser(me);
    open('/map/spots/spot-uid/letter');
    expect(await screen.findByRole('article', { name: LETTER_TEXTS.title })).toHaveTextContent('Mr Jones');
  });

  it('another member is told only the owner can print it', async () => {
    await setCurrentUser({ ...me, id: 8, username: 'digger' });
    open('/map/spots/12/letter');
    expect(await screen.findByText(pm.letterNotYours)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
    expect(document.body).not.toHaveTextContent('Mr Jones');
  });

  it('a visitor is asked to sign in', async () => {
    await setCurrentUser(null);
    open('/map/spots/12/letter');
    expect(await screen.findByText(pm.letterSignIn)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fmap%2Fspots%2F12%2Fletter');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
