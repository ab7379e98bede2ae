/**
 * The durable job queue's contract (docs/jobs.md Q1–Q11), on the real database of each engine. The worker's
 * clock is passed in (`now`), so backoff and leases are tested without waiting. Q10 (workers racing), Q12
 * (kill -9) and Q13 (the loop) are in queue-workers.test.ts.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deps } from '../../deps';
import { createTestApp, type TestApp } from '../../test/harness';
import { cancelJob, enqueueJob } from './queue';
import { PermanentJobError, type JobContext, type JobHandlers } from './types';
import { backoffMs, pruneFinishedJobs, runDueJobs } from './worker';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const T0 = new Date('2031-03-01T12:00:00.000Z');
/** T0 plus `seconds`. */
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** The app's deps with a logger whose lines the test reads. */
function depsOf(app: TestApp) {
  const lines: { level: number; msg: string; jobId?: number; error?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  const deps: Deps = {
    db: app.db,
    config: app.config,
    logger: pino({ level: 'warn' }, stream),
    mailer: { send: async () => {} },
  };
  return { deps, lines };
}

/** Handlers that record each call: `record` by default, or the given behaviour. */
function recorder(behaviour?: (payload: unknown, ctx: JobContext) => Promise<void>) {
  const calls: { payload: unknown; jobId: number; attempt: number }[] = [];
  const handlers: JobHandlers = {
    record: async (payload, ctx) => {
      calls.push({ payload, jobId: ctx.jobId, attempt: ctx.attempt });
      await behaviour?.(payload, ctx);
    },
  };
  return { calls, handlers };
}

const run = (handlers: JobHandlers, now: Date, options: { workerId?: string; limit?: number } = {}) =>
  runDueJobs(depsOf(t).deps, handlers, { now, ...options });

async function row(id: number | undefined) {
  const [job] = await t.sql('SELECT * FROM jobs WHERE id = ?', id);
  if (!job) throw new Error(`no job ${id}`);
  return job;
}

describe('the job queue', () => {
  it('Q1: a due job runs once, with its payload, and is done', async () => {
    const id = await enqueueJob(t.db, 'record', { to: 'alice', n: 1 }, { runAt: T0 });
    const { calls, handlers } = recorder();
    expect(await run(handlers, T0)).toBe(1);
    expect(calls).toEqual([{ payload: { to: 'alice', n: 1 }, jobId: id, attempt: 1 }]);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1, finished_at: T0.toISOString() });
    expect(await run(handlers, at(3600))).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('Q1: the harness runs due jobs with the app’s handlers (runJobs)', async () => {
    expect(await t.runJobs()).toBe(0);
    // A kind no feature handles fails visibly (Q7) rather than waiting forever.
    const id = await enqueueJob(t.db, 'no-such-kind', {});
    expect(await t.runJobs()).toBe(1);
    expect((await row(id)).state).toBe('failed');
  });

  it('Q2: a job does not run before its due time; due jobs run oldest due first', async () => {
    const later = await enqueueJob(t.db, 'record', 'later', { runAt: at(60) });
    const first = await enqueueJob(t.db, 'record', 'first', { runAt: at(-10) });
    const { calls, handlers } = recorder();
    expect(await run(handlers, T0)).toBe(1);
    expect(await run(handlers, at(59))).toBe(0);
    expect((await row(later)).state).toBe('queued');
    expect(await run(handlers, at(60))).toBe(1);
    expect(calls.map((c) => [c.jobId, c.payload])).toEqual([
      [first, 'first'],
      [later, 'later'],
    ]);
  });

  it('Q3: a dedupe key replaces the waiting job, and is ignored once the job ran', async () => {
    const id = await enqueueJob(t.db, 'record', 'old', { runAt: at(60), dedupeKey: 'reminder:1' });
    expect(await enqueueJob(t.db, 'record', 'new', { runAt: at(120), dedupeKey: 'reminder:1' })).toBe(id);
    const rows = await t.sql('SELECT id, payload, run_at FROM jobs');
    expect(rows).toEqual([{ id, payload: JSON.stringify('new'), run_at: at(120).toISOString() }]);
    const { calls, handlers } = recorder(async () => {
      // Enqueued while the job runs: ignored too.
      expect(await enqueueJob(t.db, 'record', 'during', { runAt: at(120), dedupeKey: 'reminder:1' })).toBe(
        undefined,
      );
    });
    expect(await run(handlers, at(60))).toBe(0);
    expect(await run(handlers, at(120))).toBe(1);
    expect(await enqueueJob(t.db, 'record', 'after', { runAt: at(130), dedupeKey: 'reminder:1' })).toBe(
      undefined,
    );
    expect(await run(handlers, at(200))).toBe(0);
    expect(calls.map((c) => c.payload)).toEqual(['new']);
  });

  it('Q3: a replacement starts its attempts afresh', async () => {
    const id = await enqueueJob(t.db, 'record', 'v1', { dedupeKey: 'k', runAt: T0, maxAttempts: 2 });
    const { handlers } = recorder(async (payload) => {
      if (payload === 'v1') throw new Error('v1 is broken');
    });
    await run(handlers, T0);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 1, last_error: 'v1 is broken' });
    await enqueueJob(t.db, 'record', 'v2', { dedupeKey: 'k', runAt: at(1) });
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, last_error: null });
    expect(await run(handlers, at(1))).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('Q4: cancelling removes a waiting job and leaves one that ran', async () => {
    await enqueueJob(t.db, 'record', 'a', { runAt: at(60), dedupeKey: 'a' });
    const b = await enqueueJob(t.db, 'record', 'b', { runAt: T0, dedupeKey: 'b' });
    const { calls, handlers } = recorder();
    await run(handlers, T0);
    await cancelJob(t.db, 'a');
    await cancelJob(t.db, 'b');
    expect(await run(handlers, at(60))).toBe(0);
    expect(calls.map((c) => c.payload)).toEqual(['b']);
    expect(await t.sql('SELECT id, state FROM jobs')).toEqual([{ id: b, state: 'done' }]);
  });

  it('Q5: a failed attempt is retried after a growing, jittered, capped backoff, then succeeds', async () => {
    expect(backoffMs(1, () => 0)).toBe(24_000);
    expect(backoffMs(1, () => 0.999_999)).toBe(36_000);
    expect(backoffMs(3, () => 0.5)).toBe(120_000);
    expect(backoffMs(30, () => 0.5)).toBe(3_600_000);
    const id = await enqueueJob(t.db, 'record', 'x', { runAt: T0 });
    const { calls, handlers } = recorder(async (_payload, ctx) => {
      if (ctx.attempt < 3) throw new Error(`push service down (${ctx.attempt})`);
    });
    expect(await run(handlers, T0)).toBe(1);
    const first = await row(id);
    expect(first).toMatchObject({ state: 'queued', attempts: 1, last_error: 'push service down (1)' });
    expect(Date.parse(String(first.run_at))).toBeGreaterThanOrEqual(at(24).getTime());
    expect(Date.parse(String(first.run_at))).toBeLessThanOrEqual(at(36).getTime());
    expect(await run(handlers, at(23))).toBe(0);
    expect(await run(handlers, at(36))).toBe(1);
    const second = await row(id);
    expect(second).toMatchObject({ state: 'queued', attempts: 2, last_error: 'push service down (2)' });
    expect(Date.parse(String(second.run_at))).toBeGreaterThanOrEqual(at(36 + 48).getTime());
    expect(await run(handlers, at(36 + 72))).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
  });

  it('Q6: after max_attempts the job stays failed with its last error, logged at error level', async () => {
    const id = await enqueueJob(t.db, 'record', 'x', { runAt: T0, maxAttempts: 3 });
    const { deps, lines } = depsOf(t);
    const { calls, handlers } = recorder(async (_payload, ctx) => {
      throw new Error(`refused ${ctx.attempt}`);
    });
    for (const hour of [0, 1, 2, 3, 4]) await runDueJobs(deps, handlers, { now: at(hour * 3600) });
    expect(calls).toHaveLength(3);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'refused 3' });
    expect(lines.filter((l) => l.level === 50)).toEqual([
      expect.objectContaining({ msg: 'job failed', jobId: id, error: 'refused 3' }),
    ]);
    expect(lines.filter((l) => l.msg === 'job will be retried')).toHaveLength(2);
  });

  it('Q7: a PermanentJobError and an unknown kind fail at once', async () => {
    const permanent = await enqueueJob(t.db, 'record', 'gone', { runAt: T0 });
    const unknown = await enqueueJob(t.db, 'nobody-handles-this', {}, { runAt: T0 });
    const { calls, handlers } = recorder(async () => {
      throw new PermanentJobError('the notification was deleted');
    });
    expect(await run(handlers, T0)).toBe(2);
    expect(await run(handlers, at(7200))).toBe(0);
    expect(calls).toHaveLength(1);
    expect(await row(permanent)).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'the notification was deleted',
    });
    expect(await row(unknown)).toMatchObject({
      state: 'failed',
      last_error: "unknown job kind 'nobody-handles-this'",
    });
  });

  it('Q8, Q9: a job whose lease ran out is claimed again; the late first worker records nothing', async () => {
    const id = await enqueueJob(t.db, 'record', 'x', { runAt: T0 });
    let release = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const { calls, handlers } = recorder(async (_payload, ctx) => {
      if (ctx.attempt === 1) {
        await stuck;
        throw new Error('too late');
      }
    });
    const first = run(handlers, T0, { workerId: 'A' });
    await expect.poll(() => calls.length).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'running', locked_by: 'A', attempts: 1 });
    // JOB_LEASE_SECONDS is 120: not before.
    expect(await run(handlers, at(119), { workerId: 'B' })).toBe(0);
    expect(await run(handlers, at(121), { workerId: 'B' })).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2, last_error: null });
    release();
    expect(await first).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2, last_error: null });
  });

  it('Q8: a job whose worker dies on every attempt fails after max_attempts, without running again', async () => {
    const id = await enqueueJob(t.db, 'record', 'x', { runAt: T0, maxAttempts: 2 });
    await t.sql(
      "UPDATE jobs SET state = 'running', attempts = 2, locked_by = 'dead', locked_until = ? WHERE id = ?",
      at(120).toISOString(),
      id,
    );
    const { calls, handlers } = recorder();
    expect(await run(handlers, at(121))).toBe(1);
    expect(calls).toHaveLength(0);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 3 });
    expect(String((await row(id)).last_error)).toMatch(/lease ran out/);
  });

  it('Q11: done jobs are deleted after 7 days and failed ones after 30; waiting ones never', async () => {
    const done = await enqueueJob(t.db, 'record', 'done', { runAt: T0 });
    const failed = await enqueueJob(t.db, 'record', 'failed', { runAt: T0, maxAttempts: 1 });
    const waiting = await enqueueJob(t.db, 'record', 'waiting', { runAt: at(365 * 86400) });
    await run(
      recorder(async (payload) => {
        if (payload === 'failed') throw new Error('no');
      }).handlers,
      T0,
    );
    const ids = async () => (await t.sql('SELECT id FROM jobs ORDER BY id')).map((r) => r.id);
    expect(await pruneFinishedJobs(t.db, at(7 * 86400 - 1))).toBe(0);
    expect(await pruneFinishedJobs(t.db, at(7 * 86400 + 1))).toBe(1);
    expect(await ids()).toEqual([failed, waiting]);
    expect(await pruneFinishedJobs(t.db, at(30 * 86400 + 1))).toBe(1);
    expect(await ids()).toEqual([waiting]);
    expect(done).toBeDefined();
  });
});
