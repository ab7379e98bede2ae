/**
 * `npm run bench:notify` — one act fanned out to many members (docs/notifications.md, docs/jobs.md): an
 * event with BENCH_NOTIFY_ATTENDEES attendees (default 10,000), each with a push subscription on a local
 * push endpoint this script runs; the organiser moves the event's date (`PUT /api/events/{id}`, the app in
 * process). Prints:
 * - the time of that request, which creates every notification and queues every delivery job in its own
 *   transaction;
 * - the job worker (the server's own loop, JOB_CONCURRENCY at a time) delivering them: real encrypted web
 *   pushes, counted when they reach the endpoint — jobs per second, and the time to the last;
 * - the process's memory (RSS and heap) sampled every 250 ms while delivering: it should stay flat.
 * Each phase's median of BENCH_NOTIFY_RUNS runs (default 3, each on a new database), with the machine's load
 * average. SQLite by default; DB_ENGINE=postgres runs it on a scratch schema of TEST_DATABASE_URL.
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { uuidv7 } from 'uuidv7';
import { eventAttendees, notifications, pushSubscriptions, users } from '@schema/db/tables';
import { count, eq } from 'drizzle-orm';
import { createTestApp, TEST_ENGINE } from '../sync-server/src/test/harness';
import { startJobWorker } from '../sync-server/src/lib/jobs/loop';
import { jobHandlers } from '../sync-server/src/job-handlers';
import { createLogger } from '../sync-server/src/lib/logger';

const ATTENDEES = Number(process.env.BENCH_NOTIFY_ATTENDEES ?? 10_000);
const RUNS = Number(process.env.BENCH_NOTIFY_RUNS ?? 3);
const CONCURRENCY = process.env.JOB_CONCURRENCY ?? '16';

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** A push service on 127.0.0.1 that accepts everything and counts what arrives. */
async function pushEndpoint(): Promise<{ port: number; received: () => number; close: () => void }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received: () => received,
    close: () => server.close(),
  };
}

interface Run {
  queueMs: number;
  notifications: number;
  deliverMs: number;
  perSecond: number;
  rssStart: number;
  rssMax: number;
  rssEnd: number;
  heapMax: number;
}

async function run(index: number): Promise<Run> {
  const endpoint = await pushEndpoint();
  const t = await createTestApp({
    PUSH_ALLOWED_HOSTS: `127.0.0.1:${endpoint.port}`,
    JOB_CONCURRENCY: CONCURRENCY,
    JOB_POLL_MS: '50',
  });
  try {
    const organiser = await t.member(`organiser_${index}`);
    const created = await organiser.client.post('/api/events', {
      title: 'Club rally on the stubble',
      location: 'Manor Farm, Norfolk',
      eventDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    });
    if (created.status !== 201) throw new Error(`event: ${created.status} ${created.text}`);
    const eventId = (created.json as { id: number }).id;

    // The attendees and their devices, written straight into the database (signing up 10,000 members
    // through the API would measure password hashing). One real P-256 key for every device: the server
    // encrypts each push separately all the same.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    for (let start = 0; start < ATTENDEES; start += 500) {
      const size = Math.min(500, ATTENDEES - start);
      const ids = await t.db
        .insert(users)
        .values(
          Array.from({ length: size }, (_, i) => ({
            username: `attendee_${index}_${start + i}`,
            email: `attendee_${index}_${start + i}@example.com`,
            password: 'not-a-hash',
          })),
        )
        .returning({ id: users.id });
      await t.db.insert(eventAttendees).values(ids.map(({ id }) => ({ eventId, userId: id })));
      await t.db.insert(pushSubscriptions).values(
        ids.map(({ id }) => ({
          userId: id,
          endpoint: `http://127.0.0.1:${endpoint.port}/push/${uuidv7()}`,
          p256dh,
          auth,
        })),
      );
    }

    const started = performance.now();
    const moved = await organiser.client.put(`/api/events/${eventId}`, {
      eventDate: new Date(Date.now() + 15 * 86_400_000).toISOString(),
    });
    const queueMs = performance.now() - started;
    if (moved.status !== 200) throw new Error(`move: ${moved.status} ${moved.text}`);
    // The attendees' notifications of the change (the organiser's own sign-up achievement is not counted).
    const [queued] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'event-changed'));
    const changed = Number(queued?.n ?? 0);
    if (changed !== ATTENDEES) throw new Error(`${changed} notifications for ${ATTENDEES} attendees`);

    const samples: NodeJS.MemoryUsage[] = [process.memoryUsage()];
    const sampler = setInterval(() => samples.push(process.memoryUsage()), 250);
    const deliverStarted = performance.now();
    const progress = setInterval(() => console.log(`    … ${endpoint.received()} delivered`), 5000);
    const worker = startJobWorker(
      { db: t.db, config: t.config, logger: createLogger('silent'), mailer: { send: async () => {} } },
      jobHandlers,
    );
    while (endpoint.received() < changed) {
      if (performance.now() - deliverStarted > 600_000) {
        const states = await t.sql('SELECT state, count(*) AS n FROM jobs GROUP BY state');
        throw new Error(
          `${endpoint.received()} of ${changed} delivered in 10 minutes: ${JSON.stringify(states)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const deliverMs = performance.now() - deliverStarted;
    clearInterval(progress);
    await worker.stop();
    clearInterval(sampler);
    samples.push(process.memoryUsage());
    return {
      queueMs,
      notifications: changed,
      deliverMs,
      perSecond: changed / (deliverMs / 1000),
      rssStart: mb(samples[0]?.rss ?? 0),
      rssMax: mb(Math.max(...samples.map((s) => s.rss))),
      rssEnd: mb(samples.at(-1)?.rss ?? 0),
      heapMax: mb(Math.max(...samples.map((s) => s.heapUsed))),
    };
  } finally {
    endpoint.close();
    await t.close();
  }
}

console.log(
  `bench:notify — one event change fanned out to ${ATTENDEES.toLocaleString('en-GB')} attendees with a push ` +
    `subscription each (${TEST_ENGINE}, JOB_CONCURRENCY ${CONCURRENCY}, ${os.cpus().length} cores, ` +
    `Node ${process.version}, ${RUNS} runs; load average before: ${loadAverage()}):`,
);
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await run(i);
  runs.push(r);
  console.log(
    `  run ${i + 1}: ${r.notifications.toLocaleString('en-GB')} notifications queued in ${(r.queueMs / 1000).toFixed(2)} s; ` +
      `delivered in ${(r.deliverMs / 1000).toFixed(1)} s = ${r.perSecond.toFixed(0)} jobs/s; RSS ${r.rssStart.toFixed(0)} → ` +
      `max ${r.rssMax.toFixed(0)} → ${r.rssEnd.toFixed(0)} MB, heap max ${r.heapMax.toFixed(0)} MB (load ${loadAverage()})`,
  );
}
console.log(
  `median: queued in ${(median(runs.map((r) => r.queueMs)) / 1000).toFixed(2)} s, ` +
    `${median(runs.map((r) => r.perSecond)).toFixed(0)} jobs/s delivered, ` +
    `RSS growth while delivering ${median(runs.map((r) => r.rssMax - r.rssStart)).toFixed(0)} MB`,
);
