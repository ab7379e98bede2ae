/**
 * The job queue with several workers (docs/jobs.md Q10, Q12, Q13), on each engine: two app servers on one
 * database racing over the same jobs, a real worker process killed with SIGKILL in the middle of a
 * delivery, and the polling loop the server runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deps } from '../../deps';
import { anotherServer, createTestApp, type TestApp } from '../../test/harness';
import { loadConfig, parseJobWorker } from '../config';
import { createLogger } from '../logger';
import { startJobWorker } from './loop';
import { enqueueJob } from './queue';
import type { JobHandlers } from './types';
import { runDueJobs } from './worker';

let t: TestApp;
const cleanups: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t.close();
});

const depsOf = (app: TestApp): Deps => ({
  db: app.db,
  config: app.config,
  logger: createLogger('silent'),
  mailer: { send: async () => {} },
});

/** Handlers whose `count` job counts its runs by payload, taking a few milliseconds like a delivery. */
function counting() {
  const runs = new Map<unknown, number>();
  const handlers: JobHandlers = {
    count: async (payload) => {
      runs.set(payload, (runs.get(payload) ?? 0) + 1);
      await sleep(2 + Math.random() * 4);
    },
  };
  return { runs, handlers };
}

async function enqueueMany(count: number, kind = 'count') {
  for (let i = 0; i < count; i++) await enqueueJob(t.db, kind, { n: i });
}

const states = async () =>
  Object.fromEntries(
    (await t.sql('SELECT state, count(*) AS n FROM jobs GROUP BY state')).map((r) => [r.state, Number(r.n)]),
  );

describe('job workers', () => {
  it('Q10: two servers on one database racing over 200 jobs run each job exactly once', async () => {
    const u = await anotherServer(t);
    cleanups.push(() => u.close());
    await enqueueMany(200);
    const { runs, handlers } = counting();
    const ran = await Promise.all([
      runDueJobs(depsOf(t), handlers, { workerId: 't1' }),
      runDueJobs(depsOf(u), handlers, { workerId: 'u1' }),
      runDueJobs(depsOf(t), handlers, { workerId: 't2' }),
      runDueJobs(depsOf(u), handlers, { workerId: 'u2' }),
    ]);
    expect(ran.reduce((a, b) => a + b)).toBe(200);
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(await states()).toEqual({ done: 200 });
    // Both servers took part: the race was real.
    expect(ran[0]! + ran[2]!).toBeGreaterThan(0);
    expect(ran[1]! + ran[3]!).toBeGreaterThan(0);
  }, 60_000);

  it('Q10, Q13: the polling loops of two servers run each job once, and pick up jobs queued later', async () => {
    const u = await anotherServer(t);
    cleanups.push(() => u.close());
    const { runs, handlers } = counting();
    const loops = [
      startJobWorker(depsOf(t), handlers, { pollMs: 20 }),
      startJobWorker(depsOf(u), handlers, { pollMs: 20 }),
    ];
    cleanups.push(() => Promise.all(loops.map((loop) => loop.stop())));
    await enqueueMany(100);
    await expect.poll(states, { timeout: 30_000, interval: 50 }).toEqual({ done: 100 });
    await enqueueMany(20);
    await expect.poll(states, { timeout: 30_000, interval: 50 }).toEqual({ done: 120 });
    expect(runs.size).toBe(120);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('Q13: stop() waits for the jobs in flight and the loop claims nothing after', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const loop = startJobWorker(
      depsOf(t),
      {
        slow: async () => {
          started++;
          await gate;
        },
      },
      { pollMs: 20, concurrency: 1 },
    );
    cleanups.push(() => (release(), loop.stop()));
    await enqueueMany(2, 'slow');
    await expect.poll(() => started, { timeout: 10_000 }).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await states()).toEqual({ done: 1, queued: 1 });
    await sleep(100);
    expect(started).toBe(1);
  }, 30_000);

  it('Q13: JOB_WORKER, JOB_POLL_MS, JOB_CONCURRENCY and JOB_LEASE_SECONDS are read and checked', () => {
    expect(loadConfig({}).jobs).toEqual({ enabled: true, pollMs: 1000, concurrency: 4, leaseSeconds: 120 });
    expect(
      parseJobWorker({
        JOB_WORKER: 'off',
        JOB_POLL_MS: '250',
        JOB_CONCURRENCY: '8',
        JOB_LEASE_SECONDS: '30',
      }),
    ).toEqual({ enabled: false, pollMs: 250, concurrency: 8, leaseSeconds: 30 });
    expect(parseJobWorker({ JOB_WORKER: 'ON' }).enabled).toBe(true);
    expect(() => parseJobWorker({ JOB_WORKER: 'maybe' })).toThrow(
      "JOB_WORKER must be on or off, not 'maybe'",
    );
    expect(() => parseJobWorker({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY must be a whole number/);
    expect(() => parseJobWorker({ JOB_LEASE_SECONDS: '1.5' })).toThrow(/JOB_LEASE_SECONDS/);
  });

  it('Q12: a worker killed with SIGKILL mid-delivery loses no job; only deliveries in flight repeat', async () => {
    const JOBS = 24;
    for (let i = 0; i < JOBS; i++) await enqueueJob(t.db, 'kill-fixture-deliver', { topic: `job-${i}` });

    // The push service stand-in: answers slowly, so the kill lands while deliveries are in flight.
    const topics: string[] = [];
    let pending = 0;
    let answered = 0;
    const endpoint = http.createServer((req, res) => {
      topics.push(String(req.headers.topic));
      pending++;
      req.resume();
      setTimeout(() => {
        pending--;
        answered++;
        res.writeHead(201).end();
      }, 250);
    });
    endpoint.listen(0, '127.0.0.1');
    await once(endpoint, 'listening');
    cleanups.push(async () => {
      endpoint.closeAllConnections();
      endpoint.close();
    });
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/push`;

    const first = startFixture(url);
    await expect.poll(() => answered >= 4 && pending >= 1, { timeout: 30_000, interval: 10 }).toBe(true);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const runningAtKill = new Set(
      (await t.sql("SELECT payload FROM jobs WHERE state = 'running'")).map(
        (r) => (JSON.parse(String(r.payload)) as { topic: string }).topic,
      ),
    );
    expect(runningAtKill.size).toBeGreaterThan(0);
    expect((await states()).done).toBeGreaterThanOrEqual(1);

    startFixture(url);
    // The killed worker's leases (2 s) run out, and the new worker claims those jobs again.
    await expect.poll(states, { timeout: 45_000, interval: 100 }).toEqual({ done: JOBS });

    const counts = new Map<string, number>();
    for (const topic of topics) counts.set(topic, (counts.get(topic) ?? 0) + 1);
    expect(counts.size).toBe(JOBS);
    const repeated = [...counts].filter(([, n]) => n > 1);
    for (const [topic, n] of repeated) {
      expect(runningAtKill.has(topic)).toBe(true);
      expect(n).toBe(2);
    }
  }, 90_000);
});

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** A real worker process on the test's database (kill-fixture.ts), killed when the test ends. */
function startFixture(endpoint: string): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'kill-fixture.ts')],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        KILL_FIXTURE_ENDPOINT: endpoint,
        KILL_FIXTURE_DATABASE: JSON.stringify(t.database),
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'error',
        JOB_POLL_MS: '50',
        JOB_CONCURRENCY: '4',
        JOB_LEASE_SECONDS: '2',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });
  return child;
}
