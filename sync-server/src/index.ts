/**
 * Node entry: `npm start` builds the PWA and this server (scripts/build-server.ts) and runs it with node;
 * `npm run dev` runs it through tsx.
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './lib/config';
import { openDatabase } from './lib/db';
import { createLogger } from './lib/logger';
import { pruneExpiredSessions } from './lib/auth/session';
import { announceGeneratedPassword, seedInitial } from './seed/initial';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const db = openDatabase(path.join(config.dataDir, 'digquest.sqlite'));
const seeded = await seedInitial(db, config.officialPassword);
// Saved once, on the start that creates the account, to a file only we can read: never into the logs.
// Set DIGQUESTOR_PASSWORD to choose the password instead.
if (seeded.generatedPassword) announceGeneratedPassword(config.dataDir, seeded.generatedPassword);
pruneExpiredSessions(db);

const app = createApp({ db, config, logger });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info(
    { host: config.host, port: info.port, url: config.publicUrl, dataDir: config.dataDir },
    'DigQuest is running',
  );
});

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
