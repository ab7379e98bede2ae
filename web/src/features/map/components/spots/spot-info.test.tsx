// @vitest-environment jsdom
/**
 * The info window (docs/map.md "Spots on the map"): name and type, the description cut to 80 characters,
 * lat/lng and grid reference, at most 2 of the member's own finds within 1 km (never another member's,
 * never one further away), and Edit and Delete for the owner alone.
 */
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type LocalFind, type LocalLocation } from '@web/db/database';
import { useOwnFindsNear } from '../../hooks/use-spots';
import { SpotInfo } from './spot-info';

const spot: LocalLocation = {
  id: 4,
  uid: 'spot',
  userId: 7,
  username: 'relic_hunter',
  name: 'Manor Farm',
  description: `${'Stubble after harvest, park by the gate and ask at the farmhouse first. '}Bring a flask.`,
  latitude: 52,
  longitude: 1,
  type: 'Farmland',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: true,
  isGroupDig: false,
  isShared: false,
  created_at: '',
  updated_at: '',
};
const find = (uid: string, userId: number, dLat: number, id: number | null = null): LocalFind => ({
  id,
  uid,
  userId,
  username: 'x',
  title: `Find ${uid}`,
  description: '',
  location: 'Norfolk',
  period: 'Roman',
  imageUrl: '/uploads/x.webp',
  thumbUrl: '/uploads/x-thumb.webp',
  likes: 0,
  commentCount: 0,
  created_at: '2024-03-01T10:00:00Z',
  latitude: 52 + dLat,
  longitude: 1,
});

function Info({ viewerId, onEdit = () => undefined }: { viewerId: number | null; onEdit?: () => void }) {
  const finds = useOwnFindsNear(spot, viewerId);
  return (
    <SpotInfo
      spot={spot}
      finds={finds}
      isOwner={spot.userId === viewerId}
      viewerId={viewerId}
      onEdit={onEdit}
      onDelete={() => undefined}
    />
  );
}

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await db.finds.clear();
  await db.finds.bulkPut([
    find('far', 7, 0.02),
    find('b', 7, 0.005, 12),
    find('a', 7, 0.001),
    find('c', 7, 0.008),
    find('theirs', 8, 0),
  ]);
});

describe('the info window', () => {
  it('the owner sees the trimmed description, where it is, 2 of their finds nearby, Edit and Delete', async () => {
    const onEdit = vi.fn();
    render(
      <MemoryRouter>
        <Info viewerId={7} onEdit={onEdit} />
      </MemoryRouter>,
    );
    const info = screen.getByLabelText('Spot: Manor Farm');
    expect(within(info).getByRole('heading', { name: 'Manor Farm' })).toBeInTheDocument();
    expect(info).toHaveTextContent('Farmland · Permission granted');
    const cut = spot.description?.slice(0, 80).trimEnd();
    expect(within(info).getByText(`${cut}…`)).toBeInTheDocument();
    expect(info).toHaveTextContent('52.00000, 1.00000 · TM 06031 37755');
    const links = await within(info).findAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Find a', '/finds/a'],
      ['Find b', '/finds/12'],
    ]);
    expect(info).toHaveTextContent('Find a (111 m)');
    await userEvent.setup().click(within(info).getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(within(info).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(info).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('another member sees neither the owner’s finds nor Edit and Delete, but can report it', async () => {
    render(
      <MemoryRouter>
        <Info viewerId={8} />
      </MemoryRouter>,
    );
    const info = screen.getByLabelText('Spot: Manor Farm');
    expect(await within(info).findByRole('link', { name: 'Find theirs' })).toBeInTheDocument();
    expect(within(info).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(info).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(info).getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });
});
