/**
 * The server: what index.ts loads once the allocator settings are in place (lib/allocator.ts). The database:
 * SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL.
 */
import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { Deps } from './deps';
import { jobHandlers } from './job-handlers';
import { loadConfig } from './lib/config';
import { databaseConfig, openDatabase } from './lib/db';
import { shutDown } from './lib/graceful-shutdown';
import { keepIdleConnections } from './lib/keep-alive';
import { startJobWorker } from './lib/jobs/loop';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mail';
import { pruneExpiredSessions } from './lib/auth/session';
import { announceGeneratedPassword, seedInitial } from './seed/initial';

const config = loadConfig();
const logger = createLogger(config.logLevel);
// SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is set; migrations applied before anything else.
const db = await openDatabase(databaseConfig(config));
const seeded = await seedInitial(db, config.officialPassword);
// Saved once, on the start that creates the account, to a file only we can read: never into the logs.
// Set DIGQUESTOR_PASSWORD to choose the password instead.
if (seeded.generatedPassword) announceGeneratedPassword(config.dataDir, seeded.generatedPassword);
await pruneExpiredSessions(db);

const deps: Deps = { db, config, logger, mailer: createMailer(config, logger) };
const app = createApp(deps);
// The durable job queue (docs/jobs.md): delivery, digests, reminders; on every server unless JOB_WORKER=off.
const worker = config.jobs.enabled ? startJobWorker(deps, jobHandlers) : undefined;
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info(
    {
      host: config.host,
      port: info.port,
      url: config.publicUrl,
      dataDir: config.dataDir,
      database: config.databaseUrl ? 'postgresql' : 'sqlite',
    },
    'DigQuest is running',
  );
});
// Idle connections stay open longer than a proxy keeps them, so none is reset as it is reused.
if (server instanceof HttpServer) keepIdleConnections(server);

let shuttingDown = false;
function shutdown(reason: string) {
  // Once: a terminal's Ctrl-C or systemd reaches both a relaunched server and the process that started it,
  // which passes the signal on as well (lib/allocator.ts).
  if (shuttingDown) return;
  shuttingDown = true;
  // No new connections; requests and jobs in flight get 10 s; then the database (SQLite's file, or
  // PostgreSQL's pool) is closed (lib/graceful-shutdown.ts, docs/operations.md "Shutdown").
  void shutDown({ server, worker, db, logger }, reason).then((code) => process.exit(code));
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
// Started by a process that supervises us (lib/allocator.ts on Node without execve): when it is gone, stop
// rather than keep the port as an orphan. The channel itself must not keep the process alive.
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => shutdown('parent exited'));
}
