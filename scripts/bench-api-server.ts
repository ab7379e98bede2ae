/**
 * One server of `npm run bench:api` (scripts/bench-api.ts), in a process of its own so its CPU time is its
 * own: `production` is the real app as sync-server/src/index.ts serves it; `floor` is the least a server
 * can do for the same answer to `GET /api/finds` — bare Hono on @hono/node-server, one prepared statement,
 * the rows shaped by the app's own toFind (the answer must be byte-identical, so the shaping rules are part
 * of the job), JSON, and for a client that takes Brotli the same Brotli call the app makes for an answer
 * of this size (lib/compression.ts: quality 4, text mode, at once; docs/api.md "Speed" says why that is
 * the fair floor). Nothing else: no security headers,
 * session, logging or body limits.
 *
 * Started by the bench with `--import tsx` and an IPC channel: it sends `{ ready: port }` once listening,
 * and answers `cpu` with its process.cpuUsage().
 *   bench-api-server.ts production|floor <port> <sqlite file | postgres url>
 */
import { brotliCompressSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import pg from 'pg';
import { getTableColumns } from 'drizzle-orm';
import { FINDS_PAGE_SIZE } from '@schema/contracts/finds';
import { finds } from '@schema/db/tables';
import { createApp } from '../sync-server/src/app';
import { brotliOptions } from '../sync-server/src/lib/compression';
import { loadConfig } from '../sync-server/src/lib/config';
import { openDatabase } from '../sync-server/src/lib/db';
import { encodeCursor } from '../sync-server/src/lib/paging';
import { toFind, type FindRow } from '../sync-server/src/features/finds/shape';

const [kind = '', portText = '', target = ''] = process.argv.slice(2);
const port = Number(portText);
const isPostgres = target.startsWith('postgres');

// Every column of the table under its field name, as the app reads a row (recording details included), so
// toFind gives the same JSON; the list follows the schema when a column is added.
const FIND_COLUMNS = [
  ...Object.entries(getTableColumns(finds)).map(([field, column]) => `f.${column.name} AS "${field}"`),
  'u.username',
].join(', ');
const PAGE_SQL = `SELECT ${FIND_COLUMNS} FROM finds f JOIN users u ON u.id = f.user_id ORDER BY f.id DESC LIMIT `;

type Row = FindRow & { username: string };

/** The newest page plus one row, by the engine's own driver: prepared once, run per request. */
function pageReader(): () => Promise<Row[]> {
  if (isPostgres) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    const query = { name: 'finds-page', text: `${PAGE_SQL}$1`, values: [FINDS_PAGE_SIZE + 1] };
    return async () => (await pool.query<Row>(query)).rows;
  }
  const statement = new Database(target, { readonly: true }).prepare<[number], Row>(`${PAGE_SQL}?`);
  return async () => statement.all(FINDS_PAGE_SIZE + 1);
}

function floorApp() {
  const readPage = pageReader();
  const app = new Hono();
  app.get('/api/finds', async (c) => {
    const rows = await readPage();
    const page = rows.slice(0, FINDS_PAGE_SIZE).map((row) => toFind(row, row.username, null));
    const last = page.at(-1);
    if (rows.length > FINDS_PAGE_SIZE && last) c.header('X-Next-Cursor', encodeCursor(last.id));
    const json = JSON.stringify(page);
    c.header('Content-Type', 'application/json');
    if (!/\bbr\b/.test(c.req.header('Accept-Encoding') ?? '')) return c.body(json);
    const bytes = Buffer.from(json);
    c.header('Content-Encoding', 'br');
    return c.body(new Uint8Array(brotliCompressSync(bytes, brotliOptions(bytes.length))));
  });
  return app;
}

async function productionApp() {
  const config = loadConfig({
    ...(isPostgres ? { DATABASE_URL: target } : {}),
    LOG_LEVEL: 'silent',
    DIGQUESTOR_PASSWORD: 'bench-password',
  });
  const db = await openDatabase(
    isPostgres ? { engine: 'postgres', url: target, poolSize: 10 } : { engine: 'sqlite', file: target },
  );
  return createApp({ db, config });
}

const app = kind === 'floor' ? floorApp() : await productionApp();
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => process.send?.({ ready: info.port }));
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
