/**
 * Permission expiry reminders (docs/permissions.md "Expiry reminders"): a spot whose permission has an
 * expiry date queues reminders 30, 7 and 1 days before it at 09:00 UK time; moving the date replaces them;
 * clearing it or deleting the spot drops them; a reminder that runs notifies the spot's owner once, and only
 * while the spot still holds that expiry. On the engine the run names (DB_ENGINE).
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, locationPermissions, notifications } from '@schema/db/tables';
import { addDays, ukDate } from '@schema/contracts/treasure-dates';
import type { Location } from '@schema/contracts/locations';
import { instantAt } from '../../delivery/local-time';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { EXPIRY_BODY, expiryReminderDates, expiryTitle } from './permission-reminders';
import { createSpot, permissionBody } from './test-fixtures';

let t: TestApp;
let owner: { client: TestClient; user: { id: number } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t, 'landholder');
});
afterAll(() => t.close());

const today = () => ukDate(new Date());
const uk = (day: string, time: string) => new Date(instantAt(day, time, 'Europe/London'));

const waiting = async (spotId: number) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(and(like(jobs.dedupeKey, `permission-expiry:${spotId}:%`), eq(jobs.state, 'queued')))
  ).sort((a, b) => a.runAt.localeCompare(b.runAt));

const dayOf = (key: string | null) => (key ?? '').split(':')[3];

const remindersOf = async (spotId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.entity, 'locations'), eq(notifications.entityId, spotId)));

const spotExpiring = (permissionExpires: string): Promise<Location> =>
  createSpot(owner.client, { ...permissionBody, permissionGranted: today(), permissionExpires });

describe('scheduling', () => {
  it('an expiry date queues three reminders at 09:00 UK time, 30, 7 and 1 days before it', async () => {
    const expires = addDays(today(), 60);
    const spot = await spotExpiring(expires);
    const queued = await waiting(spot.id);
    expect(queued.map((job) => dayOf(job.dedupeKey))).toEqual([
      addDays(expires, -30),
      addDays(expires, -7),
      addDays(expires, -1),
    ]);
    expect(queued.map((job) => job.runAt)).toEqual(
      expiryReminderDates(expires).map((day) => uk(day, '09:00').toISOString()),
    );
  });

  it('moving the expiry replaces them; an edit of anything else leaves them; clearing it drops them', async () => {
    const spot = await spotExpiring(addDays(today(), 60));
    const later = addDays(today(), 90);
    await owner.client.put(`/api/locations/${spot.uid}`, { permissionExpires: later });
    expect((await waiting(spot.id)).map((job) => dayOf(job.dedupeKey))).toEqual(expiryReminderDates(later));
    await owner.client.put(`/api/locations/${spot.uid}`, {
      name: 'Renamed field',
      permissionNotice: 'A week',
    });
    expect(await waiting(spot.id)).toHaveLength(3);
    await owner.client.put(`/api/locations/${spot.uid}`, { permissionExpires: '' });
    expect(await waiting(spot.id)).toHaveLength(0);
  });

  it('deleting the spot drops what waits; days already past are not queued', async () => {
    const spot = await spotExpiring(addDays(today(), 60));
    await owner.client.del(`/api/locations/${spot.uid}`);
    expect(await waiting(spot.id)).toHaveLength(0);
    const soon = await spotExpiring(addDays(today(), 5));
    expect((await waiting(soon.id)).map((job) => dayOf(job.dedupeKey))).toEqual([addDays(today(), 4)]);
  });
});

describe('sending', () => {
  it('each reminder notifies the owner once, in plain words, linking to the spot', async () => {
    const expires = addDays(today(), 40);
    const spot = await spotExpiring(expires);
    await t.runJobs(uk(addDays(expires, -7), '10:00'));
    const sent = await remindersOf(spot.id);
    // Both were due by then: the worker may run them in either order.
    expect(sent.map((n) => [n.kind, n.userId, n.title, n.body, n.url]).sort()).toEqual(
      [30, 7]
        .map((days) => [
          'permission-expiry',
          owner.user.id,
          expiryTitle(spot.name, days),
          EXPIRY_BODY,
          `/map?spot=${spot.uid}`,
        ])
        .sort(),
    );
    // Run again: nothing new. The last one says tomorrow.
    await t.runJobs(uk(addDays(expires, -7), '11:00'));
    expect(await remindersOf(spot.id)).toHaveLength(2);
    await t.runJobs(uk(addDays(expires, -1), '10:00'));
    const last = (await remindersOf(spot.id)).map((n) => n.title);
    expect(last).toHaveLength(3);
    expect(last).toContain(`Your permission for “${spot.name}” expires tomorrow`);
  });

  it('a reminder whose expiry was changed behind its back sends nothing', async () => {
    const expires = addDays(today(), 40);
    const spot = await spotExpiring(expires);
    // As if another server wrote the record while the job was already queued.
    await t.db
      .update(locationPermissions)
      .set({ expiresOn: addDays(expires, 365) })
      .where(eq(locationPermissions.locationId, spot.id));
    await t.runJobs(uk(addDays(expires, -1), '10:00'));
    expect(await remindersOf(spot.id)).toHaveLength(0);
  });
});
