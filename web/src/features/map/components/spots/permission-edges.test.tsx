// @vitest-environment jsdom
/**
 * The permission record's edges on screen (docs/permissions.md): the form's days, notice, crops or
 * livestock and finds agreement (the Treasure split offered, never filled in; the contract's messages; what
 * was typed kept), queued as a local write with only what changed; the owner's expiry mark and permission tools in a spot's
 * details, Delete boundary queued like any edit; and the expired mark in the list.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  permissionEdgeMessages as pm,
  TREASURE_SPLIT_SUGGESTION,
  type PolygonGeometry,
} from '@schema/contracts/permission-edges';
import type { SelfUser } from '@schema/contracts/users';
import { useToastStore } from '@web/components/ui/toast';
import { setCurrentUser } from '@web/db/current-user';
import { db, type LocalLocation } from '@web/db/database';
import { BOUNDARY_TEXTS } from './boundary-actions';
import { PERMISSION_LABELS as l } from './permission-fields';
import { SpotEditor } from './spot-editor';
import { SpotInfo } from './spot-info';
import { SpotList } from './spot-list';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const field: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [1, 52],
      [1.01, 52],
      [1.01, 52.01],
      [1, 52],
    ],
  ],
};
const spot = (over: Partial<LocalLocation> = {}): LocalLocation => ({
  id: 4,
  uid: 'spot',
  userId: me.id,
  username: me.username,
  name: 'Manor Farm',
  description: null,
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
  ...over,
});

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await Promise.all([db.locations.clear(), db.outbox.clear()]);
  await setCurrentUser(me);
});
afterEach(() => useToastStore.setState({ toasts: [] }));

describe('the form’s permission terms', () => {
  it('days, notice, crops and the finds agreement are saved and queued; a bad one keeps what was typed', async () => {
    const stored = spot({ landownerName: 'Mr Jones' });
    await db.locations.put(stored);
    render(
      <MemoryRouter>
        <SpotEditor
          state={{ mode: 'edit', spot: stored }}
          user={me}
          position={{ latitude: 52, longitude: 1 }}
          onPosition={() => undefined}
          onDone={() => undefined}
        />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const days = screen.getByRole('group', { name: l.days });
    expect(days).toHaveAccessibleDescription('None ticked means any day.');
    await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    const treasure = screen.getByLabelText(l.treasureSplit);
    // Offered, never filled in.
    expect(treasure).toHaveValue('');
    expect(screen.getByText(`Usual: ${TREASURE_SPLIT_SUGGESTION}`)).toBeInTheDocument();
    const notice = screen.getByLabelText(l.notice);
    await user.click(notice);
    await user.paste('x'.repeat(201));
    await user.type(screen.getByLabelText(l.crops), 'Sheep until May');
    await user.type(screen.getByLabelText(l.findsSplit), 'Halves on anything sold');
    await user.type(screen.getByLabelText(l.landownerSees), 'Every find');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(pm.noticeTooLong)).toBeInTheDocument();
    expect(notice).toHaveAttribute('aria-invalid', 'true');
    expect(notice).toHaveValue('x'.repeat(201));
    expect(screen.getByLabelText(l.crops)).toHaveValue('Sheep until May');
    expect(await db.outbox.count()).toBe(0);

    await user.clear(notice);
    await user.type(notice, '24 hours by phone');
    await user.click(screen.getByRole('button', { name: l.useSuggestion }));
    expect(treasure).toHaveValue(TREASURE_SPLIT_SUGGESTION);
    expect(screen.queryByRole('button', { name: l.useSuggestion })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const expected = {
      permissionDays: ['mon', 'sat'],
      permissionNotice: '24 hours by phone',
      permissionCropsNotes: 'Sheep until May',
      agreementFindsSplit: 'Halves on anything sold',
      agreementTreasureSplit: TREASURE_SPLIT_SUGGESTION,
      agreementLandownerSees: 'Every find',
    };
    await waitFor(async () =>
      expect(await db.outbox.toArray()).toEqual([
        expect.objectContaining({ entity: 'locations', op: 'update', uid: 'spot', payload: expected }),
      ]),
    );
  });
});

describe('a spot’s details for its owner', () => {
  const info = (s: LocalLocation, viewerId: number) =>
    render(
      <MemoryRouter>
        <SpotInfo
          spot={s}
          finds={[]}
          isOwner={s.userId === viewerId}
          onEdit={() => undefined}
          onDelete={() => undefined}
          onDraw={() => undefined}
        />
      </MemoryRouter>,
    );

  it('says the permission expired, offers Draw boundary and the letter', () => {
    info(spot({ permissionExpires: '2026-03-03' }), me.id);
    const box = screen.getByLabelText('Spot: Manor Farm');
    expect(box).toHaveTextContent('Permission expired on 3 March 2026');
    expect(within(box).getByRole('button', { name: BOUNDARY_TEXTS.draw })).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: BOUNDARY_TEXTS.remove })).toBeNull();
    expect(within(box).getByRole('link', { name: BOUNDARY_TEXTS.letter })).toHaveAttribute(
      'href',
      '/map/spots/4/letter',
    );
  });

  it('with a boundary: Edit, Add excluded area, and Delete boundary (its areas too), queued', async () => {
    const stored = spot({
      permissionBoundary: field,
      permissionExclusions: { type: 'MultiPolygon', coordinates: [field.coordinates] },
    });
    await db.locations.put(stored);
    info(stored, me.id);
    const user = userEvent.setup();
    const box = screen.getByLabelText('Spot: Manor Farm');
    expect(within(box).getByRole('button', { name: BOUNDARY_TEXTS.edit })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: BOUNDARY_TEXTS.addExclusion })).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: BOUNDARY_TEXTS.remove }));
    const dialog = await screen.findByRole('dialog', { name: BOUNDARY_TEXTS.removeTitle });
    expect(dialog).toHaveTextContent(BOUNDARY_TEXTS.removeWithAreas(1));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(async () =>
      expect(await db.outbox.toArray()).toEqual([
        expect.objectContaining({
          op: 'update',
          uid: 'spot',
          payload: { permissionBoundary: null, permissionExclusions: null },
        }),
      ]),
    );
  });

  it('another member sees no expiry and no permission tools', () => {
    info(spot({ permissionExpires: '2026-03-03' }), 8);
    const box = screen.getByLabelText('Spot: Manor Farm');
    expect(box).not.toHaveTextContent('Permission expired');
    expect(within(box).queryByRole('button', { name: BOUNDARY_TEXTS.draw })).toBeNull();
    expect(within(box).queryByRole('link', { name: BOUNDARY_TEXTS.letter })).toBeNull();
  });
});

describe('the spots list', () => {
  it('marks an expired permission with its date on the UK calendar', () => {
    render(
      <SpotList
        listed={{
          state: 'ready',
          value: [{ spot: spot({ permissionExpires: '2026-06-30' }), distanceKm: 1, from: 'map-centre' }],
        }}
        nearby={false}
        viewerId={me.id}
        pending={new Map()}
        now={new Date('2026-06-30T23:30:00Z')}
        onShow={() => undefined}
        onEdit={() => undefined}
        onDelete={() => undefined}
      />,
    );
    expect(screen.getByText('Permission expired on 30 June 2026')).toBeInTheDocument();
  });
});
