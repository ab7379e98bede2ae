/**
 * Node entry: `npm start` builds the PWA and this server (scripts/build-server.ts) and runs it with node;
 * `npm run dev` runs it through tsx. The server itself is server.ts, loaded only once the allocator settings
 * are in place (lib/allocator.ts): a process about to start again must not load the database drivers,
 * Hono and the rest for nothing (the build keeps server.ts in a chunk of its own for this).
 */
import { allocatorRelaunchEnv, relaunch, runsOnGlibc } from './lib/allocator';

const relaunchEnv = allocatorRelaunchEnv(process.env, runsOnGlibc());
if (relaunchEnv) relaunch(relaunchEnv);
else await import('./server');
