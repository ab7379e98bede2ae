// @vitest-environment jsdom
/**
 * The find form warns when the find spot is inside or near a protected site (docs/protected-areas.md
 * "Warnings"), from the device's own cache: monuments imported into the real server in process, the
 * device's cells filled from it once, then the form used with no signal.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { protectedWarning } from '@schema/contracts/protected-areas';
import { db } from '@web/db/database';
import { refreshProtectedAreas } from '@web/sync/protected-areas/refresh';
import {
  at,
  boxAround,
  feature,
  importMonuments,
  me,
  polygon,
  square,
} from '@web/sync/protected-areas/test-utils';
import { appFetch, createTestApp, type TestApp } from '@web/sync/test-utils';
import { ShareFindDialog } from './share-find-dialog';

let t: TestApp;
const BARROW = feature('1009876', 'Round barrow by the lane', polygon(square(0, 0, 25)));

beforeAll(async () => {
  t = await createTestApp();
  await importMonuments(t, [BARROW]);
  await db.open();
  await refreshProtectedAreas({
    db,
    fetch: appFetch(t, () => ''),
    isOnline: () => true,
    view: boxAround(0, 0, 2_000),
  });
});
afterAll(() => t.close());
afterEach(cleanup);

async function typeSpot(point: [number, number]) {
  render(
    <MemoryRouter>
      <ShareFindDialog user={me} open onOpenChange={() => undefined} />
    </MemoryRouter>,
  );
  const user = userEvent.setup({ applyAccept: false });
  await user.type(await screen.findByLabelText('Latitude'), String(point[1]));
  await user.type(screen.getByLabelText('Longitude'), String(point[0]));
}

describe('the find form and protected sites', () => {
  it('inside a scheduled monument: a warning that says it is an offence', async () => {
    await typeSpot(at(5, 5));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This position is inside Round barrow by the lane (Scheduled monument), a protected site. Detecting or removing objects there without consent is a criminal offence.',
    );
  });

  it('40 m away: how far, and to check the boundary; far away: nothing', async () => {
    await typeSpot(at(0, 65));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This position is 40 m from Round barrow by the lane (Scheduled monument), a protected site.',
    );
    // Moved 900 m north of it: the warning goes.
    const user = userEvent.setup({ applyAccept: false });
    await user.clear(screen.getByLabelText('Latitude'));
    await user.type(screen.getByLabelText('Latitude'), String(at(0, 900)[1]));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says nothing for clear or unknown places', () => {
    expect(protectedWarning({ status: 'clear', areas: [] })).toBeNull();
    expect(protectedWarning({ status: 'no-data', areas: [] })).toBeNull();
  });
});
