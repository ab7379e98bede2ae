/**
 * A real job worker in a process of its own, for the kill -9 test (queue.test.ts, docs/jobs.md Q12): run
 * with `node --import tsx`, it opens the database in KILL_FIXTURE_DATABASE (a DatabaseConfig as JSON) and
 * runs `kill-fixture-deliver` jobs, each a POST to KILL_FIXTURE_ENDPOINT carrying the job's idempotency
 * key as a push service's `Topic` would be. It prints `ready` once the loop runs; the test kills it.
 */
import { openDatabase, type DatabaseConfig } from '../db';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startJobWorker } from './loop';
import { PermanentJobError } from './types';

const endpoint = process.env.KILL_FIXTURE_ENDPOINT;
const database = process.env.KILL_FIXTURE_DATABASE;
if (!endpoint || !database) throw new Error('KILL_FIXTURE_ENDPOINT and KILL_FIXTURE_DATABASE are required');

const config = loadConfig();
const logger = createLogger(config.logLevel);
// Written by the test from its own TestApp's `database`.
const databaseConfig: DatabaseConfig = JSON.parse(database) as DatabaseConfig;
const db = await openDatabase(databaseConfig);

startJobWorker(
  { db, config, logger, mailer: { send: async () => {} } },
  {
    'kill-fixture-deliver': async (payload, ctx) => {
      const topic = typeof payload === 'object' && payload && 'topic' in payload ? payload.topic : undefined;
      if (typeof topic !== 'string') throw new PermanentJobError('no topic');
      const res = await fetch(endpoint, {
        method: 'POST',
        // What web push does (RFC 8030 §5.4): a message with the Topic of one still held replaces it, so a
        // delivery repeated after a kill shows once on the device.
        headers: { Topic: topic, 'X-Job-Id': String(ctx.jobId) },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw new Error(`endpoint answered ${res.status}`);
    },
  },
);
process.stdout.write('ready\n');
