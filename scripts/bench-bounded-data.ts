/**
 * A community of a given size for `npm run bench:bounded` (scripts/bench-bounded.ts) and `npm run
 * bench:engines` (scripts/bench-engines.ts, which copies it to PostgreSQL with db:copy): a temporary SQLite
 * database (filled with plain SQLite statements, so SQLite only) with the real migrations (FTS5 indexes and triggers included) and first-start seed, filled
 * with direct SQL in one transaction — members, finds, their comments and likes, posts, their comments
 * and likes, events, in proportion to the number of finds — and the change-log rows the services would have
 * written (one per record, with owners: sync-server/src/sync/PROTOCOL.md S26, S29). A reader follows half the
 * members (the feed's figure). Every find shows one real photo, stored through the app's own image storage
 * (lib/images.ts storeImage), so `GET` of a find's image answers 200 like a real community's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIND_PERIODS } from '@schema/contracts/finds';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { closeDatabase, openDatabase, type Db } from '../sync-server/src/lib/db';
import { loadConfig } from '../sync-server/src/lib/config';
import { storeImage } from '../sync-server/src/lib/images';
import { createLogger } from '../sync-server/src/lib/logger';
import { FORUM_CATEGORIES, seedInitial } from '../sync-server/src/seed/initial';

/** Per find: members, posts, comments and likes (a busy community; the ratios matter, not the values). */
export const PROPORTIONS = {
  membersPerFind: 1 / 20,
  postsPerFind: 1 / 2,
  findComments: 1,
  findLikes: 1,
  postComments: 2,
  postLikes: 1,
  eventsPerFind: 1 / 2,
};

export interface Community {
  db: Db;
  dir: string;
  /** The SQLite file in `dir` (scripts/bench-engines.ts copies it to PostgreSQL with db:copy). */
  file: string;
  finds: number;
  members: number;
  /** The member whose own finds are timed (OWN_FINDS of them, spread over the community's history). */
  owner: { id: number; finds: number };
  /** A post with no engagement yet, for the views-and-likes compaction figure. */
  quietPost: number;
  /** A member who follows every other member: half the community (the feed's figure). */
  reader: number;
  /** The real stored photo every find shows (`/uploads/<sha256>.webp`). */
  photoUrl: string;
  rows: Record<string, number>;
}

/** Deterministic pseudo-random numbers (mulberry32): the same community on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = {
  common: ['coin', 'found', 'field', 'signal', 'today', 'permission', 'beach', 'stubble'],
  middle: ['roman', 'medieval', 'hammered', 'penny', 'buckle', 'brooch', 'button', 'token', 'ring', 'silver'],
  rare: ['palstave', 'stater', 'denarius', 'follis', 'sceat', 'thimble', 'cufflink', 'spindle'],
  filler: 'the a and on in with near after was is it my this that some very old small worn nice'.split(' '),
  events: ['Group dig', 'Rally', 'Club night', 'Beach hunt', 'Field walk', 'Finds evening'],
  places: ['Norfolk', 'Kent', 'Wiltshire', 'Yorkshire', 'Suffolk', 'Lincolnshire', 'Dorset', 'Essex'],
};

export async function buildCommunity(finds: number, ownFinds: number): Promise<Community> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-bounded-'));
  const file = path.join(dir, 'bench.sqlite');
  const db = await openDatabase({ engine: 'sqlite', file });
  await seedInitial(db, 'bench-password');
  const photoUrl = await storeBenchPhoto(db, dir);
  const next = random(finds);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const between = (n: number) => Math.floor(next() * n);
  const words = (n: number) =>
    Array.from({ length: n }, () => {
      const r = next();
      return pick(r < 0.1 ? WORDS.common : r < 0.2 ? WORDS.middle : r < 0.205 ? WORDS.rare : WORDS.filler);
    }).join(' ');

  // Filled through a connection of its own: plain SQLite statements, far faster than one query at a time
  // through the app's (idle meanwhile; WAL lets both read the same file).
  const sqlite = new Database(file);
  const members = Math.max(10, Math.round(finds * PROPORTIONS.membersPerFind));
  const posts = Math.round(finds * PROPORTIONS.postsPerFind);
  const prepare = (sql: string) => sqlite.prepare(sql);
  const insert = {
    user: prepare("INSERT INTO users (username, email, password) VALUES (?, ?, 'x')"),
    find: prepare(
      'INSERT INTO finds (uid, title, description, location, period, image_url, user_id, latitude, longitude, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    findComment: prepare('INSERT INTO find_comments (uid, content, user_id, find_id) VALUES (?, ?, ?, ?)'),
    findLike: prepare('INSERT OR IGNORE INTO find_likes (user_id, find_id) VALUES (?, ?)'),
    post: prepare(
      'INSERT INTO posts (uid, title, content, user_id, category_id, views, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    comment: prepare('INSERT INTO comments (uid, content, user_id, post_id) VALUES (?, ?, ?, ?)'),
    postLike: prepare('INSERT OR IGNORE INTO post_likes (user_id, post_id) VALUES (?, ?)'),
    event: prepare(
      'INSERT INTO events (uid, title, description, location, event_date, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    follow: prepare(
      "INSERT INTO user_connections (uid, follower_id, following_id, status) VALUES (?, ?, ?, 'accepted')",
    ),
    log: prepare(
      "INSERT INTO change_log (entity, entity_id, uid, op, owner_id, parent_uid, parent_owner_id) VALUES (?, ?, ?, 'upsert', ?, ?, ?)",
    ),
  };
  const memberIds: number[] = [];
  const findRows: { id: number; uid: string; owner: number }[] = [];
  const postRows: { id: number; uid: string; owner: number }[] = [];
  const start = Date.UTC(2020, 0, 1);
  const ownEvery = Math.max(1, Math.floor(finds / ownFinds));
  let ownerId = 0;
  let ownerFinds = 0;
  let reader = 0;

  sqlite.transaction(() => {
    for (let i = 0; i < members; i++) {
      const id = Number(insert.user.run(`member${i}`, `member${i}@bench.local`).lastInsertRowid);
      memberIds.push(id);
      insert.log.run('users', id, null, id, null, null);
    }
    ownerId = memberIds[0] ?? 0;
    const member = () => memberIds[between(memberIds.length)] ?? ownerId;
    const otherMember = () => memberIds[1 + between(memberIds.length - 1)] ?? ownerId;
    for (let i = 0; i < finds; i++) {
      const mine = i % ownEvery === 0 && ownerFinds < ownFinds;
      const owner = mine ? ownerId : otherMember();
      if (mine) ownerFinds++;
      const uid = crypto.randomUUID();
      const id = Number(
        insert.find.run(
          uid,
          `${pick(WORDS.middle)} ${words(3)}`,
          words(20 + between(30)),
          `${pick(WORDS.places)}, UK`,
          pick(FIND_PERIODS),
          photoUrl,
          owner,
          '52.1',
          '0.9',
          new Date(start + i * 10 * 60_000).toISOString(),
        ).lastInsertRowid,
      );
      findRows.push({ id, uid, owner });
      insert.log.run('finds', id, uid, owner, null, null);
    }
    for (let i = 0; i < finds * PROPORTIONS.findComments; i++) {
      const find = findRows[between(findRows.length)];
      if (!find) continue;
      const uid = crypto.randomUUID();
      const by = member();
      const id = Number(insert.findComment.run(uid, words(12), by, find.id).lastInsertRowid);
      insert.log.run('find_comments', id, uid, by, find.uid, find.owner);
    }
    for (let i = 0; i < finds * PROPORTIONS.findLikes; i++) {
      const find = findRows[between(findRows.length)];
      const by = member();
      if (find && insert.findLike.run(by, find.id).changes)
        insert.log.run('find_likes', by, find.uid, by, find.uid, null);
    }
    for (let i = 0; i < posts; i++) {
      const uid = crypto.randomUUID();
      const owner = member();
      const id = Number(
        insert.post.run(
          uid,
          words(6),
          words(60 + between(80)),
          owner,
          1 + (i % FORUM_CATEGORIES.length),
          between(500),
          new Date(start + i * 20 * 60_000).toISOString(),
        ).lastInsertRowid,
      );
      postRows.push({ id, uid, owner });
      insert.log.run('posts', id, uid, owner, null, null);
    }
    for (let i = 0; i < posts * PROPORTIONS.postComments; i++) {
      const post = postRows[between(postRows.length - 1)];
      if (!post) continue;
      const uid = crypto.randomUUID();
      const by = member();
      const id = Number(insert.comment.run(uid, words(15), by, post.id).lastInsertRowid);
      insert.log.run('comments', id, uid, by, post.uid, post.owner);
    }
    for (let i = 0; i < posts * PROPORTIONS.postLikes; i++) {
      const post = postRows[between(postRows.length - 1)];
      const by = member();
      if (post && insert.postLike.run(by, post.id).changes)
        insert.log.run('post_likes', by, post.uid, by, post.uid, null);
    }
    const now = Date.now();
    for (let i = 0; i < finds * PROPORTIONS.eventsPerFind; i++) {
      const uid = crypto.randomUUID();
      const owner = member();
      const eventDate = new Date(now + (next() * 2 - 1) * 365 * 86_400_000).toISOString();
      const id = Number(
        insert.event.run(
          uid,
          `${pick(WORDS.events)} ${words(2)}`,
          words(15),
          `${pick(WORDS.places)}, UK`,
          eventDate,
          owner,
          new Date(start + i * 20 * 60_000).toISOString(),
        ).lastInsertRowid,
      );
      insert.log.run('events', id, uid, owner, null, null);
    }
    reader = memberIds[1] ?? ownerId;
    for (let i = 0; i < memberIds.length; i += 2) {
      const followed = memberIds[i];
      if (followed !== undefined && followed !== reader)
        insert.follow.run(crypto.randomUUID(), reader, followed);
    }
    // The counters the services keep, from the rows (categories' counts log through their trigger).
    // Grouped once each (likes have no index by parent alone: a correlated count per row would be quadratic).
    sqlite.exec(`
      UPDATE finds SET likes = c.n FROM (SELECT find_id, count(*) AS n FROM find_likes GROUP BY find_id) AS c
        WHERE c.find_id = finds.id;
      UPDATE finds SET comment_count = c.n
        FROM (SELECT find_id, count(*) AS n FROM find_comments GROUP BY find_id) AS c WHERE c.find_id = finds.id;
      UPDATE posts SET likes = c.n FROM (SELECT post_id, count(*) AS n FROM post_likes GROUP BY post_id) AS c
        WHERE c.post_id = posts.id;
      UPDATE posts SET comments = c.n FROM (SELECT post_id, count(*) AS n FROM comments GROUP BY post_id) AS c
        WHERE c.post_id = posts.id;
      UPDATE categories SET count = c.n FROM (SELECT category_id, count(*) AS n FROM posts GROUP BY category_id) AS c
        WHERE c.category_id = categories.id;
    `);
  })();
  sqlite.exec('ANALYZE');

  const count = (table: string) =>
    (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const rows = Object.fromEntries(
    [
      'users',
      'finds',
      'find_comments',
      'find_likes',
      'posts',
      'comments',
      'post_likes',
      'events',
      'user_connections',
      'change_log',
    ].map((table) => [table, count(table)]),
  );
  sqlite.close();
  // The newest post got no comments or likes (see the loops above): the compaction figure starts from zero.
  const quietPost = postRows[postRows.length - 1]?.id ?? 0;
  return {
    db,
    dir,
    file,
    finds,
    members,
    owner: { id: ownerId, finds: ownerFinds },
    quietPost,
    reader,
    photoUrl,
    rows,
  };
}

/** One real photo (a 1200×900 gradient), stored as an upload is: re-encoded, in DATA_DIR/uploads. */
async function storeBenchPhoto(db: Db, dir: string): Promise<string> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 96;
    }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DIGQUESTOR_PASSWORD: 'x' });
  const deps = { db, config, logger: createLogger('silent'), mailer: { send: async () => {} } };
  const stored = await storeImage(deps, new Uint8Array(jpeg), {
    uploadedBy: null,
    originalName: 'bench.jpg',
    kind: 'photo',
  });
  return stored.url;
}

export async function dropCommunity(community: Community): Promise<void> {
  await closeDatabase(community.db);
  fs.rmSync(community.dir, { recursive: true, force: true });
}
