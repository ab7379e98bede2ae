/**
 * The organiser attends their own event (docs/product/events.md "States"): counted from the moment the
 * event is created, listed first as its organiser, never offered a join of their own, and unable to leave
 * (409) — through REST and through sync push alike, on the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages } from '@schema/contracts/events';
import { createTestApp, type TestApp } from '../../test/harness';
import { pullAll, signedIn, type TestClient } from '../../sync/test-fixtures';
import { createEvent, errorOf } from './test-fixtures';

let t: TestApp;
let organiser: { client: TestClient; user: { id: number; username: string } };
let guest: { client: TestClient; user: { id: number; username: string } };

beforeAll(async () => {
  t = await createTestApp();
  organiser = await signedIn(t, 'organiser');
  guest = await signedIn(t, 'guest');
});
afterAll(() => t.close());

describe('the organiser of an event', () => {
  it('is counted from creation: "1 person", and the anonymous list names them first as organiser', async () => {
    const event = await createEvent(organiser.client);
    expect(event.attendeeCount).toBe(1);
    expect((await t.client().get(`/api/events/${event.id}`)).json.attendeeCount).toBe(1);
    const status = await organiser.client.get(`/api/events/${event.id}/attendees`);
    expect(status.json).toEqual([
      expect.objectContaining({ id: organiser.user.id, username: 'organiser', isOrganizer: true }),
    ]);
    await guest.client.post(`/api/events/${event.id}/join`);
    const list = (await t.client().get(`/api/events/${event.id}/attendees`)).json as Array<{
      id: number;
      isOrganizer: boolean;
    }>;
    expect(list.map((a) => [a.id, a.isOrganizer])).toEqual([
      [organiser.user.id, true],
      [guest.user.id, false],
    ]);
    expect((await t.client().get(`/api/events/${event.id}`)).json.attendeeCount).toBe(2);
  });

  it('joining again changes nothing; leaving is refused with 409 and the count stays', async () => {
    const event = await createEvent(organiser.client);
    const again = await organiser.client.post(`/api/events/${event.id}/join`);
    expect(again.json).toEqual({ isAttending: true, attendeeCount: 1 });
    expect(errorOf(await organiser.client.del(`/api/events/${event.id}/join`))).toEqual([
      409,
      eventMessages.organiserAttends,
    ]);
    expect((await t.client().get(`/api/events/${event.id}`)).json.attendeeCount).toBe(1);
    // Anyone else may still leave.
    await guest.client.post(`/api/events/${event.id}/join`);
    expect((await guest.client.del(`/api/events/${event.id}/join`)).json).toEqual({
      isAttending: false,
      attendeeCount: 1,
    });
  });

  it("the organiser's devices pull their own attendance with the event", async () => {
    const event = await createEvent(organiser.client);
    const { changes } = await pullAll(organiser.client);
    expect(changes).toContainEqual(expect.objectContaining({ entity: 'event_attendees', uid: event.uid }));
  });
});
