/**
 * The event reminder (docs/notifications.md "What notifies"): a job per attendance, due 24 hours before the
 * start (`event-reminder:<eventId>:<userId>`), scheduled on joining, cancelled on leaving, moved with the
 * date; when it runs it reminds only a member who still attends an event that still exists. On the
 * engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '@schema/db/tables';
import { createTestApp, type TestApp } from '../test/harness';
import { createLogger } from '../lib/logger';
import { createEvent, daysFromNow } from '../features/events/test-fixtures';
import { eventReminderJob, reminderKey } from './events';
import { blocks, held, ok, someone } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const jobOf = async (eventId: number, userId: number) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, reminderKey(eventId, userId)))
  )[0];
const dueAt = (eventDate: string) => new Date(Date.parse(eventDate) - DAY).toISOString();

/** Runs the handler as the worker would, at `now`. */
const runReminder = (eventId: number, userId: number, now: Date) =>
  eventReminderJob(
    { eventId, userId },
    {
      db: t.db,
      config: t.config,
      logger: createLogger('silent'),
      mailer: { send: async () => {} },
      jobId: 0,
      attempt: 1,
      now,
    },
  );

describe('scheduling', () => {
  it('joining schedules the reminder 24 hours before the start (the organiser’s too); leaving cancels it', async () => {
    const [organiser, member] = [await someone(t, 'organiser'), await someone(t, 'member')];
    const event = await createEvent(organiser.client, { eventDate: daysFromNow(5) });
    expect(await jobOf(event.id, organiser.user.id)).toMatchObject({
      kind: 'event.reminder',
      state: 'queued',
      runAt: dueAt(event.eventDate),
    });
    await ok(member.client, `/api/events/${event.id}/join`);
    expect(await jobOf(event.id, member.user.id)).toMatchObject({
      runAt: dueAt(event.eventDate),
      payload: { eventId: event.id, userId: member.user.id },
    });
    await member.client.del(`/api/events/${event.id}/join`);
    expect(await jobOf(event.id, member.user.id)).toBeUndefined();
  });

  it('a new date moves every attendee’s reminder; a new description does not touch it', async () => {
    const [organiser, member] = [await someone(t, 'organiser'), await someone(t, 'member')];
    const event = await createEvent(organiser.client, { eventDate: daysFromNow(5) });
    await ok(member.client, `/api/events/${event.id}/join`);
    const moved = daysFromNow(8);
    await organiser.client.put(`/api/events/${event.id}`, { eventDate: moved });
    for (const userId of [organiser.user.id, member.user.id])
      expect((await jobOf(event.id, userId))?.runAt).toBe(dueAt(moved));
    await organiser.client.put(`/api/events/${event.id}`, { description: 'Bring a flask' });
    expect((await jobOf(event.id, member.user.id))?.runAt).toBe(dueAt(moved));
  });

  it('no reminder for an event less than 24 hours away; deleting an event cancels its reminders', async () => {
    const organiser = await someone(t, 'organiser');
    const soon = await createEvent(organiser.client, { eventDate: daysFromNow(0.5) });
    expect(await jobOf(soon.id, organiser.user.id)).toBeUndefined();
    const later = await createEvent(organiser.client, { eventDate: daysFromNow(3) });
    await organiser.client.del(`/api/events/${later.id}`);
    expect(await jobOf(later.id, organiser.user.id)).toBeUndefined();
  });
});

describe('the reminder job', () => {
  it('reminds each attendee when it falls due, once; not one who left; an organiser they blocked changes nothing', async () => {
    const [organiser, member, left, blocker] = [
      await someone(t, 'organiser'),
      await someone(t, 'member'),
      await someone(t, 'left'),
      await someone(t, 'blocker'),
    ];
    const event = await createEvent(organiser.client, { title: 'Dawn dig', eventDate: daysFromNow(4) });
    for (const m of [member, left, blocker]) await ok(m.client, `/api/events/${event.id}/join`);
    await left.client.del(`/api/events/${event.id}/join`);
    await blocks(blocker, organiser);
    const due = new Date(Date.parse(event.eventDate) - DAY + 1000);
    await t.runJobs(due);
    for (const m of [organiser, member, blocker])
      expect(await held(t, m, 'event-reminder')).toEqual([
        expect.objectContaining({
          actorId: null,
          entity: 'events',
          entityId: event.id,
          title: 'Reminder: “Dawn dig” is coming up',
          url: `/events/${event.id}`,
        }),
      ]);
    expect(await held(t, left, 'event-reminder')).toEqual([]);
    // A job run twice (a worker killed after the commit) reminds once.
    await runReminder(event.id, member.user.id, due);
    expect(await held(t, member, 'event-reminder')).toHaveLength(1);
  });

  it('reminds nobody of an event that is gone, that one no longer attends, or that moved later', async () => {
    const [organiser, member] = [await someone(t, 'organiser'), await someone(t, 'member')];
    const event = await createEvent(organiser.client, { eventDate: daysFromNow(4) });
    await ok(member.client, `/api/events/${event.id}/join`);
    const due = new Date(Date.parse(event.eventDate) - DAY + 1000);
    await organiser.client.put(`/api/events/${event.id}`, { eventDate: daysFromNow(6) });
    await runReminder(event.id, member.user.id, due);
    await member.client.del(`/api/events/${event.id}/join`);
    await runReminder(event.id, member.user.id, new Date(Date.parse(daysFromNow(5)) + 1000));
    await organiser.client.del(`/api/events/${event.id}`);
    await runReminder(event.id, organiser.user.id, due);
    for (const m of [organiser, member]) expect(await held(t, m, 'event-reminder')).toEqual([]);
  });
});
