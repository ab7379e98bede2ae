/**
 * Attendance under concurrency (docs/product/events.md "Rules and messages"): the attendee count is the
 * server's, moved in the transaction of the attendance row behind it, so concurrent joins can neither lose
 * nor double a count — on either engine (DB_ENGINE). The organiser attends from the event's creation, so
 * every count here is the joins plus one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { createEvent } from './test-fixtures';

let t: TestApp;
let organiser: TestClient;
let members: TestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  organiser = (await signedIn(t, 'organiser')).client;
  members = [];
  for (let i = 0; i < 20; i++) members.push((await signedIn(t, `member${i}`)).client);
});
afterAll(() => t.close());

const storedCount = async (id: number) =>
  Number((await t.sql('SELECT attendee_count AS n FROM events WHERE id = ?', id))[0]?.n);
const attendanceRows = async (id: number) =>
  Number((await t.sql('SELECT count(*) AS n FROM event_attendees WHERE event_id = ?', id))[0]?.n);

describe('concurrent joins', () => {
  it('20 different members joining at once: exactly 20, and the organiser', async () => {
    const event = await createEvent(organiser);
    const answers = await Promise.all(members.map((m) => m.post(`/api/events/${event.id}/join`)));
    expect(answers.map((a) => a.status)).toEqual(members.map(() => 200));
    expect(await storedCount(event.id)).toBe(21);
    expect(await attendanceRows(event.id)).toBe(21);
    expect((await t.client().get(`/api/events/${event.id}`)).json.attendeeCount).toBe(21);
    const counts = answers.map((a) => a.json.attendeeCount as number).sort((a, b) => a - b);
    expect(counts[counts.length - 1]).toBe(21);
  });

  it('one member joining 20 times at once (join and attend mixed): exactly 1, and the organiser', async () => {
    const event = await createEvent(organiser);
    const [member] = members;
    if (!member) throw new Error('no member');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        member.post(`/api/events/${event.id}/${i % 2 ? 'attend' : 'join'}`),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.json.isAttending === true)).toBe(true);
    expect(await storedCount(event.id)).toBe(2);
    expect(await attendanceRows(event.id)).toBe(2);
  });

  it('joins and leaves of 20 members interleaved: the count is the rows that remain', async () => {
    const event = await createEvent(organiser);
    await Promise.all(members.map((m) => m.post(`/api/events/${event.id}/join`)));
    await Promise.all(
      members.map((m, i) =>
        i % 2 ? m.del(`/api/events/${event.id}/join`) : m.post(`/api/events/${event.id}/join`),
      ),
    );
    expect(await storedCount(event.id)).toBe(11);
    expect(await attendanceRows(event.id)).toBe(11);
  });
});
