/**
 * The Treasure clock's reminders (docs/treasure.md "Reminders"): marking a find possible Treasure queues its
 * reminders for days 1, 7, 12 and 14 at 09:00 UK time; moving its days replaces them; reporting, clearing
 * or deleting it drops them; a reminder that runs notifies the finder once, with the days left, and only
 * while the find is still possible Treasure. On the engine the run names (DB_ENGINE).
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finds, jobs, notifications } from '@schema/db/tables';
import { addDays, reminderDates, ukDate } from '@schema/contracts/treasure';
import type { Find } from '@schema/contracts/finds';
import { instantAt } from '../../delivery/local-time';
import { createTestApp, type TestApp } from '../../test/harness';
import { findForm, jpegBytes, signedIn, type TestClient } from '../../sync/test-fixtures';
import { reminderTitle, TREASURE_REMINDER_JOB } from './treasure-reminders';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
});
afterAll(() => t.close());

const today = () => ukDate(new Date());

async function logFind(fields: Record<string, string>): Promise<Find> {
  const body = findForm({ title: 'Gold ring' }, await jpegBytes());
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const res = await alice.client.post('/api/finds', body);
  expect(res.status, res.text).toBe(201);
  return res.json as Find;
}

const waiting = async (findId: number) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(and(like(jobs.dedupeKey, `treasure-reminder:${findId}:%`), eq(jobs.state, 'queued')))
  ).sort((a, b) => a.runAt.localeCompare(b.runAt));

const remindersOf = async (findId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.entity, 'finds'), eq(notifications.entityId, findId)));

describe('scheduling', () => {
  it('marking a find possible Treasure queues four reminders at 09:00 UK time on days 1, 7, 12 and 14', async () => {
    const foundOn = today();
    const find = await logFind({ foundOn, treasureStatus: 'possible' });
    const days = reminderDates(foundOn);
    expect(days).toEqual([1, 7, 12, 14].map((n) => addDays(foundOn, n)));
    expect((await waiting(find.id)).map((job) => [job.kind, job.runAt])).toEqual(
      days.map((day) => [TREASURE_REMINDER_JOB, instantAt(day, '09:00', 'Europe/London').toISOString()]),
    );
  });

  it('a find not marked queues none; marking it later does', async () => {
    const find = await logFind({ foundOn: today() });
    expect(await waiting(find.id)).toHaveLength(0);
    await alice.client.patch(`/api/finds/${find.id}`, { treasureStatus: 'possible' });
    expect(await waiting(find.id)).toHaveLength(4);
  });

  it('realising later moves the reminders; an edit of anything else leaves them', async () => {
    const foundOn = today();
    const find = await logFind({ foundOn, treasureStatus: 'possible' });
    const before = (await waiting(find.id)).map((job) => job.id);
    await alice.client.patch(`/api/finds/${find.id}`, { objectType: 'ring' });
    expect((await waiting(find.id)).map((job) => job.id)).toEqual(before);
    const realised = addDays(foundOn, 5);
    await alice.client.patch(`/api/finds/${find.id}`, { treasureRealisedOn: realised });
    expect((await waiting(find.id)).map((job) => (job.dedupeKey ?? '').split(':')[2])).toEqual(
      reminderDates(foundOn, realised),
    );
  });

  it('reporting, clearing or deleting the find drops what waits', async () => {
    const reported = await logFind({ foundOn: today(), treasureStatus: 'possible' });
    await alice.client.patch(`/api/finds/${reported.id}`, {
      treasureStatus: 'reported',
      treasureReportedOn: today(),
    });
    expect(await waiting(reported.id)).toHaveLength(0);
    const cleared = await logFind({ foundOn: today(), treasureStatus: 'possible' });
    await alice.client.patch(`/api/finds/${cleared.id}`, { treasureStatus: 'none' });
    expect(await waiting(cleared.id)).toHaveLength(0);
    const deleted = await logFind({ foundOn: today(), treasureStatus: 'possible' });
    await alice.client.del(`/api/finds/${deleted.id}`);
    expect(await waiting(deleted.id)).toHaveLength(0);
  });

  it('days already past are not queued; marked after nine on a reminder day, that one goes at once', async () => {
    const foundOn = addDays(today(), -7);
    const before = Date.now();
    const find = await logFind({ foundOn, treasureStatus: 'possible' });
    const queued = await waiting(find.id);
    expect(queued.map((job) => (job.dedupeKey ?? '').split(':')[2])).toEqual(reminderDates(foundOn).slice(1));
    // Day 7 is today: at nine, or now if nine has passed.
    const nineToday = instantAt(today(), '09:00', 'Europe/London').getTime();
    const first = Date.parse(queued[0]?.runAt ?? '');
    if (before < nineToday) expect(first).toBe(nineToday);
    else expect(first >= before - 1 && first <= Date.now()).toBe(true);
  });
});

describe('sending', () => {
  it('each reminder notifies the finder once, with the days left; none after it is reported', async () => {
    const foundOn = today();
    const find = await logFind({ foundOn, treasureStatus: 'possible' });
    const [day1, day7] = reminderDates(foundOn);
    await t.runJobs(new Date(instantAt(day7 ?? '', '10:00', 'Europe/London')));
    const sent = await remindersOf(find.id);
    expect(sent.map((n) => [n.kind, n.userId, n.title, n.url]).sort()).toEqual(
      [day1, day7]
        .map((day) => [
          'treasure-reminder',
          alice.user.id,
          reminderTitle('Gold ring', addDays(foundOn, 14), day ?? ''),
          '/finds/reporting',
        ])
        .sort(),
    );
    expect(sent.map((n) => n.title)).toContain('Report “Gold ring” as possible Treasure: 13 days left');
    // Run again: nothing new. Then reported: the rest never come.
    await t.runJobs(new Date(instantAt(day7 ?? '', '11:00', 'Europe/London')));
    expect(await remindersOf(find.id)).toHaveLength(2);
    await alice.client.patch(`/api/finds/${find.id}`, {
      treasureStatus: 'reported',
      treasureReportedOn: day7,
    });
    await t.runJobs(new Date(instantAt(addDays(foundOn, 15), '10:00', 'Europe/London')));
    expect(await remindersOf(find.id)).toHaveLength(2);
  });

  it('a reminder whose find was cleared behind its back sends nothing', async () => {
    const foundOn = today();
    const find = await logFind({ foundOn, treasureStatus: 'possible' });
    // As if another server wrote the status while the job was already running.
    await t.db.update(finds).set({ treasureStatus: 'none' }).where(eq(finds.id, find.id));
    await t.runJobs(new Date(instantAt(addDays(foundOn, 14), '10:00', 'Europe/London')));
    expect(await remindersOf(find.id)).toHaveLength(0);
  });

  it('says the last day plainly', () => {
    expect(reminderTitle('Gold ring', '2026-03-27', '2026-03-27')).toBe(
      'Today is the last day to report “Gold ring” as possible Treasure',
    );
    expect(reminderTitle('Gold ring', '2026-03-27', '2026-03-26')).toBe(
      'Report “Gold ring” as possible Treasure: 1 day left',
    );
  });
});
