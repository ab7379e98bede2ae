import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLocal } from './outbox';
import {
  anotherServer,
  createTestApp,
  device,
  jpegBytes,
  member,
  queueComment,
  queueFind,
  queueUpdate,
  serverRows,
  TEST_ENGINE,
  type Device,
  type FetchWrapper,
  type Member,
  type TestApp,
} from './test-utils';

/** mulberry32: a tiny seeded generator, so a failing run can be replayed exactly. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.CHAOS_SEED ?? 20240305);
const OPERATIONS = 420;
/**
 * On PostgreSQL, two app servers on one database (as behind a load balancer), every request of every device
 * sent to either at random: sessions, idempotency records and the change log must all live in the database.
 * SQLite is one server's embedded database: one app.
 */
const SERVERS = TEST_ENGINE === 'postgres' ? 2 : 1;

interface Faults {
  droppedRequests: number;
  droppedResponses: number;
  duplicates: number;
}

/** The network between one device and the server: requests lost, answers lost, requests delivered twice. */
function flaky(rng: () => number, faults: Faults, enabled: () => boolean): FetchWrapper {
  return (inner) => async (input, init) => {
    if (!enabled()) return inner(input, init);
    const roll = rng();
    if (roll < 0.12) {
      faults.droppedRequests += 1;
      throw new TypeError('Failed to fetch');
    }
    if (roll < 0.24) {
      faults.droppedResponses += 1;
      await inner(input, init);
      throw new TypeError('Failed to fetch');
    }
    if (roll < 0.34) {
      faults.duplicates += 1;
      const first = await inner(input, init);
      const second = await inner(input, init);
      return rng() < 0.5 ? first : second;
    }
    return inner(input, init);
  };
}

interface Client {
  dev: Device;
  who: Member;
}

/** What the members meant: each find and comment is only ever edited by the device that wrote it. */
interface Intended {
  finds: Map<string, { owner: Client; title: string; description: string; deleted: boolean }>;
  comments: Map<string, { owner: Client; findUid: string; content: string }>;
  likes: Map<string, boolean>;
}

let t: TestApp;
let servers: TestApp[];
beforeAll(async () => {
  t = await createTestApp();
  servers = [t];
  while (servers.length < SERVERS) servers.push(await anotherServer(t));
});
afterAll(async () => {
  for (const server of servers.slice(1)) await server.close();
  await t.close();
});

describe('chaos', () => {
  it(
    `C1–C9 S2–S8: seeded chaos (seed ${SEED}) on ${SERVERS} app server(s) leaves exactly the intended records`,
    { timeout: 180_000 },
    async () => {
      const rng = seeded(SEED);
      const faults: Faults = { droppedRequests: 0, droppedResponses: 0, duplicates: 0 };
      let chaosOn = true;
      // The load balancer: a seeded choice per request (a duplicated request may reach both servers).
      const balance = seeded(SEED + 7919);
      const answered = servers.map(() => 0);
      const server = () => {
        const i = Math.floor(balance() * servers.length);
        answered[i] = (answered[i] ?? 0) + 1;
        return servers[i] ?? t;
      };
      // Answers that say "signed out": none, though each session was made on one server only.
      let unauthorized = 0;
      const watched: FetchWrapper = (inner) => async (input, init) => {
        const res = await inner(input, init);
        if (res.status === 401) unauthorized += 1;
        return res;
      };
      const photos = await Promise.all([jpegBytes(201), jpegBytes(202), jpegBytes(203)]);
      const clients: Client[] = [];
      for (const name of ['ada', 'bede', 'cuthbert']) {
        const who = await member(t, `chaos_${name}`);
        // Two devices per member: a phone and a laptop sharing the account.
        for (let i = 0; i < 2; i++)
          clients.push({
            who,
            dev: await device(t, who, {
              wrap: (inner) => flaky(seeded(SEED + clients.length), faults, () => chaosOn)(watched(inner)),
              server,
            }),
          });
      }
      const intended: Intended = { finds: new Map(), comments: new Map(), likes: new Map() };
      const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rng() * items.length)];
      let mutations = 0;

      for (let op = 0; op < OPERATIONS; op++) {
        const client = pick(clients);
        if (!client) continue;
        const { dev, who } = client;
        const userId = who.user.id;
        const mine = [...intended.finds]
          .filter(([, f]) => f.owner === client && !f.deleted)
          .map(([uid]) => uid);
        const visible = (await dev.db.finds.toCollection().primaryKeys()).filter((uid) =>
          intended.finds.has(uid),
        );
        const roll = rng();
        if (roll < 0.25) {
          const title = `Find ${op}`;
          const uid = await queueFind(dev, userId, { title, description: `first ${op}` }, pick(photos));
          intended.finds.set(uid, { owner: client, title, description: `first ${op}`, deleted: false });
        } else if (roll < 0.42 && mine.length) {
          const uid = pick(mine) ?? '';
          const find = intended.finds.get(uid);
          const change = rng() < 0.5 ? { title: `Renamed ${op}` } : { description: `edit ${op}` };
          await queueUpdate(dev, userId, uid, change);
          if (find) Object.assign(find, change);
        } else if (roll < 0.48 && mine.length) {
          const uid = pick(mine) ?? '';
          await writeLocal(dev.db, { entity: 'finds', op: 'delete', uid, userId });
          const find = intended.finds.get(uid);
          if (find) find.deleted = true;
        } else if (roll < 0.63 && visible.length) {
          const findUid = pick(visible) ?? '';
          const content = `Comment ${op}`;
          intended.comments.set(await queueComment(dev, userId, findUid, content), {
            owner: client,
            findUid,
            content,
          });
        } else if (roll < 0.72 && visible.length && clients.indexOf(client) % 2 === 0) {
          // Likes come from each member's first device only, so the intended state has one author.
          const findUid = pick(visible) ?? '';
          const key = `${userId}|${findUid}`;
          const liked = !(intended.likes.get(key) ?? false);
          const record = { uid: findUid, userId, findId: null, created_at: new Date().toISOString() };
          await writeLocal(dev.db, {
            entity: 'find_likes',
            op: liked ? 'create' : 'delete',
            uid: findUid,
            userId,
            record,
          });
          intended.likes.set(key, liked);
        } else {
          await dev.engine.sync();
          continue;
        }
        mutations += 1;
      }

      // Back to a clean network: every device syncs until nothing is waiting (rejections stay, by design).
      chaosOn = false;
      for (let round = 0; round < 4; round++) for (const { dev } of clients) await dev.engine.sync();

      expect(mutations).toBeGreaterThan(250);
      expect(faults.droppedRequests + faults.droppedResponses + faults.duplicates).toBeGreaterThan(50);
      // Every server took a fair share, and honoured sessions it did not make.
      const requests = answered.reduce((sum, n) => sum + n, 0);
      for (const n of answered) expect(n).toBeGreaterThan(requests / servers.length / 2);
      expect(unauthorized).toBe(0);

      const live = [...intended.finds].filter(([, f]) => !f.deleted);
      const ids = clients.map((c) => c.who.user.id).join(',');
      const serverFinds = await serverRows(
        t,
        `SELECT uid, title, description FROM finds WHERE user_id IN (${ids})`,
      );
      expect(serverFinds).toHaveLength(live.length); // zero duplicates, zero lost
      expect(
        new Map(serverFinds.map((f) => [f.uid, { title: f.title, description: f.description }])),
      ).toEqual(new Map(live.map(([uid, f]) => [uid, { title: f.title, description: f.description }])));

      const deletedFind = (uid: string) => intended.finds.get(uid)?.deleted ?? true;
      const serverComments = await serverRows(
        t,
        `SELECT uid, content FROM find_comments WHERE user_id IN (${ids})`,
      );
      const liveComments = [...intended.comments].filter(([, c]) => !deletedFind(c.findUid));
      expect(new Map(serverComments.map((c) => [c.uid, c.content]))).toEqual(
        new Map(liveComments.map(([uid, c]) => [uid, c.content])),
      );

      const serverLikes = await serverRows(
        t,
        `SELECT l.user_id AS "userId", f.uid AS uid FROM find_likes l JOIN finds f ON f.id = l.find_id WHERE l.user_id IN (${ids})`,
      );
      const liveLikes = [...intended.likes].filter(
        ([key, liked]) => liked && !deletedFind(key.split('|')[1] ?? ''),
      );
      expect(new Set(serverLikes.map((l) => `${String(l.userId)}|${String(l.uid)}`))).toEqual(
        new Set(liveLikes.map(([key]) => key)),
      );

      // Whatever is left in an outbox was refused because its find was deleted meanwhile, nothing else.
      for (const { dev } of clients) {
        for (const left of await dev.db.outbox.toArray()) {
          expect(left.status).toBe('rejected');
          expect(left.lastError?.code).toBe('parent-missing');
        }
        // Every device ends with the server's view of these members' finds.
        const local = (await dev.db.finds.toArray()).filter((f) =>
          clients.some((c) => c.who.user.id === f.userId),
        );
        expect(new Set(local.map((f) => f.uid))).toEqual(new Set(live.map(([uid]) => uid)));
      }
      console.info(
        `chaos seed ${SEED}: ${mutations} mutations, ${live.length} finds kept, requests per server ${answered.join(' / ')}, faults`,
        faults,
      );
      await Promise.all(clients.map((c) => c.dev.close()));
    },
  );
});
