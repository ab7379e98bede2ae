// @vitest-environment jsdom
/**
 * /detecting against the real server in process (docs/permissions.md "Detecting now"): monuments imported
 * as the NHLE, the device's cache filled from the server for the member's permission, then the position
 * moved by a stand-in for the phone's GPS, with no signal: the page tells where the member stands against
 * protected sites and their permission, raises a banner (and a vibration) once per change, says when no
 * data covers the place, logs the checks on the device and asks for the position only on Start.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LngLat } from '@schema/contracts/protected-areas';
import { db } from '@web/db/database';
import { refreshProtectedAreas } from '@web/sync/protected-areas/refresh';
import { appFetch, createTestApp, type TestApp } from '@web/sync/test-utils';
import {
  at,
  feature,
  importMonuments,
  me,
  polygon,
  spotAt,
  square,
} from '@web/sync/protected-areas/test-utils';
import { alertTexts } from '../model/alerts';
import { detectingTexts as txt } from '../model/texts';
import { DetectingPage } from './detecting-page';


let t: TestApp;
/** The permission: 400 m square around the centre, with an excluded 40 m square at (120, 120). */
const FIELD = square(0, 0, 200);
const BARROW = feature('1001234', 'Bowl barrow on Church Farm', polygon(square(-150, -150, 20)));

type Watcher = (position: GeolocationPosition) => void;
let watcher: Watcher | null = null;
const watchPosition = vi.fn((success: Watcher) => {
  watcher = success;
  return 1;
});
const clearWatch = vi.fn(() => {
  watcher = null;
});
const vibrate = vi.fn(() => true);

/** The phone reports a fix at (east, north) metres from the centre, or at a given position. */
function moveTo(point: LngLat, accuracy = 5) {
  const [longitude, latitude] = point;
  watcher?.({
    coords: {
      latitude,
      longitude,
      accuracy,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    },
    timestamp: Date.now(),
  } as GeolocationPosition);
}

beforeAll(async () => {
  t = await createTestApp();
  await importMonuments(t, [BARROW]);
  await db.open();
  await db.session.put({ key: 'current', user: me, checkedAt: '' });
  const spot = spotAt('church-farm', at(0, 0), FIELD);
  await db.locations.put({
    ...spot,
    name: 'Church Farm',
    permissionExclusions: { type: 'MultiPolygon', coordinates: [[square(120, 120, 20)]] },
  });
  // Online once, as after a sync: the cells around the permission come to the device.
  await refreshProtectedAreas({ db, fetch: appFetch(t, () => ''), isOnline: () => true });
  Object.defineProperty(navigator, 'geolocation', {
    value: { watchPosition, clearWatch },
    configurable: true,
  });
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});
afterAll(() => t.close());
afterEach(cleanup);

function show() {
  render(
    <MemoryRouter initialEntries={['/detecting']}>
      <DetectingPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('/detecting', () => {
  it('asks for the position only on Start, then warns once per change as the member walks, offline', async () => {
    const user = show();
    expect(await screen.findByRole('heading', { name: txt.title })).toBeInTheDocument();
    expect(watchPosition).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: txt.start }));
    expect(watchPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent(txt.waiting);

    moveTo(at(0, 0));
    const permission = await screen.findByRole('region', { name: txt.permissionHeading });
    expect(permission).toHaveTextContent('On Church Farm, 200 m from the boundary.');
    const sites = screen.getByRole('region', { name: txt.protectedHeading });
    expect(sites).toHaveTextContent(txt.protectedClear);
    expect(screen.queryByRole('alert')).toBeNull();

    // Towards the barrow: within 50 m plus the accuracy, then inside it.
    moveTo(at(-150, -105));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      alertTexts.near('Bowl barrow on Church Farm', 25),
    );
    expect(vibrate).toHaveBeenCalledTimes(1);
    moveTo(at(-150, -150));
    expect(
      await within(sites).findByText(txt.protectedInside('Bowl barrow on Church Farm')),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(alertTexts.inside('Bowl barrow on Church Farm'));
    expect(vibrate).toHaveBeenCalledTimes(2);
    // Standing still inside: no new alert.
    moveTo(at(-150, -149));
    await screen.findByText('± 5 m');
    expect(vibrate).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: txt.acknowledge }));
    expect(screen.queryByRole('alert')).toBeNull();

    // Into the excluded corner, then out over the boundary.
    moveTo(at(120, 120));
    expect(await screen.findByRole('alert')).toHaveTextContent(alertTexts.enteredExclusion('Church Farm'));
    await user.click(screen.getByRole('button', { name: txt.acknowledge }));
    moveTo(at(260, 0));
    expect(await screen.findByRole('alert')).toHaveTextContent(alertTexts.leftBoundary('Church Farm'));
    expect(permission).toHaveTextContent('Outside your permissions: Church Farm’s boundary is 60 m away.');

    // Stop: the watch ends; the checks stayed on the device.
    await user.click(screen.getByRole('button', { name: txt.stop }));
    expect(clearWatch).toHaveBeenCalled();
    const logged = await db.site_checks.toArray();
    expect(logged.map((c) => [c.protectedStatus, c.permission])).toEqual([
      ['clear', 'inside: Church Farm'],
      ['near', 'inside: Church Farm'],
      ['inside', 'inside: Church Farm'],
      ['clear', 'excluded: Church Farm'],
      ['clear', 'outside: Church Farm'],
    ]);
    expect(await screen.findByText(txt.logCount(5))).toBeInTheDocument();
  });

  it('far from anything the device holds it says no-data, never clear', async () => {
    const user = show();
    await user.click(screen.getByRole('button', { name: txt.start }));
    // 40 km north: England, but no cell the device fetched.
    moveTo(at(0, 40_000));
    const sites = await screen.findByRole('region', { name: txt.protectedHeading });
    expect(sites).toHaveTextContent(txt.protectedNoData);
    await user.click(screen.getByRole('button', { name: txt.stop }));
  });
});
