/**
 * The built app on the real server (sync-server/src/index.ts, as `npm start` runs it minus the build step),
 * over a temporary data directory filled by the demo seed (`npm run seed:demo`) plus one public group, for
 * the scripts that visit every page: `npm run lighthouse` and `npm run check:bundle` (docs/testing.md).
 *
 * `pagesToVisit` turns the router's route list (web/src/app/route-list.ts) into URLs, with the id of a real
 * demo record in each `:id`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_LIST, type RouteSample } from '../web/src/app/route-list';

export interface DemoSite {
  origin: string;
  workDir: string;
  /** Every measured route of the route list, in its order, with the URL to visit. */
  pages: { route: string; url: string }[];
  /** Stops the server and, unless `keep`, removes the temporary directory. */
  stop: (keep?: boolean) => void;
}

const DEMO_PASSWORD = 'demo-site-password';
/** The first demo member (sync-server/src/seed/demo-data/content.ts): signs in to create the group. */
const DEMO_MEMBER = 'FieldWalkerFran';

export async function startDemoSite(options: {
  webDir: string;
  port: number;
  label: string;
}): Promise<DemoSite> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `digquest-${options.label}-`));
  const origin = `http://127.0.0.1:${options.port}`;
  const tsx = path.resolve('node_modules/.bin/tsx');
  const env = {
    ...process.env,
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIR: options.webDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEMO_PASSWORD,
    DIGQUESTOR_PASSWORD: 'demo-site-official',
  };
  let server: ChildProcess | undefined;
  const stop = (keep = false) => {
    // Its own process group, so stopping it also stops the node process tsx starts.
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    if (!keep) fs.rmSync(workDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  try {
    const seed = spawnSync(tsx, ['sync-server/src/seed/demo.ts'], { env, stdio: 'pipe' });
    if (seed.status !== 0) throw new Error(`seed:demo failed:\n${seed.stderr.toString()}`);
    server = spawn(tsx, ['sync-server/src/index.ts'], { env, stdio: 'inherit', detached: true });
    await waitForServer(`${origin}/api/health`);
    const samples = await sampleIds(origin);
    const pages = ROUTE_LIST.filter((route) => route.kind === 'page').map((route) => ({
      route: route.path,
      url:
        route.visit ?? (route.sample ? route.path.replace(':id', String(samples[route.sample])) : route.path),
    }));
    return { origin, workDir, pages, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 900; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url}`);
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The newest demo record of each kind; the group and the spot are created here (the demo seed has none). */
async function sampleIds(origin: string): Promise<Record<RouteSample, number>> {
  const first = async (list: string) => {
    const [row] = await getJson<{ id: number }[]>(`${origin}/api/${list}?limit=1`);
    if (!row) throw new Error(`the demo data has no ${list}`);
    return row.id;
  };
  const signIn = await fetch(`${origin}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_MEMBER, password: DEMO_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`signing in as ${DEMO_MEMBER}: ${signIn.status} ${await signIn.text()}`);
  const member = (await signIn.json()) as { id: number };
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const group = await getJson<{ id: number }>(`${origin}/api/groups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify({
      name: 'Norfolk Night Owls',
      description: 'Dusk digs on the permission fields.',
      location: 'Norfolk',
      isPrivate: false,
    }),
  });
  // A spot of the member's own: its permission letter (the measured visitor is told to sign in).
  const spot = await getJson<{ id: number }>(`${origin}/api/locations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify({ name: 'Top field', latitude: 52.63, longitude: 1.3, type: 'Field' }),
  });
  return {
    find: await first('finds'),
    post: await first('posts'),
    event: await first('events'),
    story: await first('stories'),
    member: member.id,
    group: group.id,
    spot: spot.id,
  };
}
