/**
 * `npm run bench:api` — the server's own overhead (docs/api.md "Speed"): `GET /api/finds` (a visitor's first
 * page, 24 finds) from the real app over real HTTP, against a floor — bare Hono + the engine's driver doing
 * the same query and answering byte-identical JSON (scripts/bench-api-server.ts; the bench checks the
 * bytes, plain and Brotli-decoded, before timing anything) — on the same database.
 *
 * Each server runs in a process of its own; this one is the load: 10 keep-alive connections (undici), each
 * asking again as soon as its answer is read. Rounds alternate production / floor (ROUNDS of each, warm-up
 * first), without Accept-Encoding and with `Accept-Encoding: br` (what every browser sends). Prints req/s
 * per round, medians, the ratio production : floor, CPU ms per request (the server process's user + system
 * time over the round) and the conditions.
 * Community: scripts/bench-bounded-data.ts. BENCH_FINDS (default 10000), BENCH_ROUNDS (4), BENCH_SECONDS
 * (5), BENCH_ENGINES (sqlite; `sqlite,postgres` copies the community to a scratch PostgreSQL database on
 * TEST_DATABASE_URL's server).
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { Pool } from 'undici';
import { createScratchDatabase, type ScratchDatabase } from '../sync-server/src/test/pg';
import { buildCommunity, dropCommunity } from './bench-bounded-data';
import { copySqliteToPostgres } from './db-copy-postgres';

const FINDS = Number(process.env.BENCH_FINDS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite').split(',');
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 1;
const PORTS = { production: 4301, floor: 4302 } as const;
const PATH = '/api/finds';

type Kind = keyof typeof PORTS;
type Encoding = 'none' | 'br';
interface Server {
  kind: Kind;
  child: ChildProcess;
  pool: Pool;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const headersFor = (encoding: Encoding): Record<string, string> =>
  encoding === 'br' ? { 'accept-encoding': 'br' } : {};

function message<T>(child: ChildProcess, pick: (m: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited (${code})`));
    const onMessage = (m: unknown) => {
      const value = pick(m);
      if (value === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(value);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function start(kind: Kind, target: string): Promise<Server> {
  const child = fork(path.join(here, 'bench-api-server.ts'), [kind, String(PORTS[kind]), target], {
    execArgv: ['--import', 'tsx'],
  });
  await message(child, (m) => (typeof m === 'object' && m && 'ready' in m ? true : undefined));
  const pool = new Pool(`http://127.0.0.1:${PORTS[kind]}`, { connections: CONNECTIONS, pipelining: 1 });
  return { kind, child, pool };
}

async function cpuMs(server: Server): Promise<number> {
  const pick = (m: unknown) =>
    typeof m === 'object' && m && 'cpu' in m ? (m.cpu as NodeJS.CpuUsage) : undefined;
  const answer = message(server.child, pick);
  server.child.send('cpu');
  const { user, system } = await answer;
  return (user + system) / 1000;
}

async function fetchBody(server: Server, encoding: Encoding): Promise<Buffer> {
  const res = await server.pool.request({ path: PATH, method: 'GET', headers: headersFor(encoding) });
  const body = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode !== 200) throw new Error(`${server.kind}: ${res.statusCode} ${body.toString()}`);
  const sentEncoding = res.headers['content-encoding'] ?? 'none';
  if (sentEncoding !== encoding) throw new Error(`${server.kind} answered ${sentEncoding} to ${encoding}`);
  return body;
}

/** The same JSON from both, byte for byte: plain, and Brotli-decoded. Answers the plain JSON's size. */
async function checkIdentical(production: Server, floor: Server): Promise<string> {
  const sizes: string[] = [];
  for (const encoding of ['none', 'br'] as const) {
    const [a, b] = await Promise.all([fetchBody(production, encoding), fetchBody(floor, encoding)]);
    const decode = (bytes: Buffer) => (encoding === 'br' ? brotliDecompressSync(bytes) : bytes);
    if (!decode(a).equals(decode(b))) throw new Error(`production and floor JSON differ (${encoding})`);
    sizes.push(`${encoding}: ${a.length.toLocaleString('en-GB')} B`);
  }
  return sizes.join(', ');
}

/** CONNECTIONS loops asking one after another for `seconds`: requests answered and server CPU ms. */
async function load(server: Server, encoding: Encoding, seconds: number) {
  const headers = headersFor(encoding);
  const cpuBefore = await cpuMs(server);
  const started = performance.now();
  const end = started + seconds * 1000;
  let requests = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const res = await server.pool.request({ path: PATH, method: 'GET', headers });
        await res.body.dump({ limit: 1 << 20 });
        if (res.statusCode !== 200) throw new Error(`${server.kind}: ${res.statusCode}`);
        requests++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (await cpuMs(server)) - cpuBefore;
  return { rps: requests / elapsed, cpuPerRequest: cpu / requests };
}

async function benchEngine(engine: string, target: string) {
  const production = await start('production', target);
  const floor = await start('floor', target);
  try {
    console.log(`\n${engine}: JSON identical (${await checkIdentical(production, floor)})`);
    for (const encoding of ['none', 'br'] as const) {
      const figures = { production: [] as number[], floor: [] as number[] };
      const cpu = { production: [] as number[], floor: [] as number[] };
      for (let round = 1; round <= ROUNDS; round++) {
        // Alternating who goes first, so a neighbour's burst does not always land on the same side.
        const order = round % 2 ? [production, floor] : [floor, production];
        const line: string[] = [];
        for (const server of order) {
          await load(server, encoding, WARM_UP_SECONDS);
          const { rps, cpuPerRequest } = await load(server, encoding, SECONDS);
          figures[server.kind].push(rps);
          cpu[server.kind].push(cpuPerRequest);
          line.push(`${server.kind} ${rps.toFixed(0)} req/s (${cpuPerRequest.toFixed(3)} ms CPU)`);
        }
        console.log(`  ${engine} ${encoding.padEnd(4)} round ${round}: ${line.join(', ')}`);
      }
      const [p, f] = [median(figures.production), median(figures.floor)];
      const [pCpu, fCpu] = [median(cpu.production), median(cpu.floor)];
      // The CPU ratio is the steadier one on a shared machine: a neighbour's burst slows both req/s figures.
      console.log(
        `  ${engine} ${encoding.padEnd(4)} median: production ${p.toFixed(0)} req/s ` +
          `(${pCpu.toFixed(3)} ms CPU/req), floor ${f.toFixed(0)} req/s (${fCpu.toFixed(3)} ms CPU/req); ` +
          `ratio ${(p / f).toFixed(2)} by req/s, ${(fCpu / pCpu).toFixed(2)} by CPU`,
      );
    }
  } finally {
    for (const server of [production, floor]) {
      await server.pool.close();
      server.child.kill();
    }
  }
}

const community = await buildCommunity(FINDS, 50);
let scratch: ScratchDatabase | undefined;
try {
  console.log(
    `bench:api — GET ${PATH} as a visitor, c=${CONNECTIONS}, ${ROUNDS} alternating rounds of ${SECONDS} s ` +
      `(after ${WARM_UP_SECONDS} s warm-up) per server and encoding`,
  );
  console.log(
    `conditions: node ${process.version}, ${os.cpus().length} cores, load average ` +
      `${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; rows: ${JSON.stringify(community.rows)}`,
  );
  for (const engine of ENGINES) {
    if (engine === 'postgres') {
      scratch = await createScratchDatabase('bench_api');
      await copySqliteToPostgres({ from: community.file, to: scratch.url });
      await benchEngine(engine, scratch.url);
    } else {
      await benchEngine(engine, community.file);
    }
  }
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await scratch?.drop();
  await dropCommunity(community);
}
