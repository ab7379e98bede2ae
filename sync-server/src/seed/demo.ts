/**
 * `npm run seed:demo`: fills a database with a small, believable community so the app can be shown
 * and tried — five members, a dozen finds with photos, forum posts with comments and likes, events and
 * wellbeing stories (demo-stories.ts).
 * Never run automatically. Idempotent: when the demo members already exist it adds nothing.
 *
 * Passwords are random and printed once at the end (set DEMO_PASSWORD to give every demo member the
 * same one). Rows get fresh uids and change-log entries exactly as if members had written them, and
 * every counter (likes, comment counts, attendees, category post counts) matches the rows behind it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import {
  categories,
  comments,
  eventAttendees,
  events,
  findComments,
  findLikes,
  finds,
  postLikes,
  posts,
  users,
} from '@schema/db/tables';
import type { Deps } from '../deps';
import { loadConfig } from '../lib/config';
import { closeDatabase, databaseConfig, openDatabase } from '../lib/db';
import { insertedRow } from '../lib/query';
import { createLogger } from '../lib/logger';
import { hashPassword } from '../lib/auth/password';
import { storeImage, type StoredImage } from '../lib/images';
import { recordChange } from '../sync/changelog';
import { seedDemoStories } from './demo-stories';
import { announceGeneratedPassword, seedInitial } from './initial';
import { DEMO_EVENTS, DEMO_FINDS, DEMO_MEMBERS, DEMO_POSTS, type DemoUsername } from './demo-data/content';

const demoDataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-data');

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface DemoSeedResult {
  members: { username: string; password: string }[];
  finds: number;
  findComments: number;
  posts: number;
  comments: number;
  events: number;
  stories: number;
}

export interface DemoSeedOptions {
  /** "Now" for the relative dates of the content (tests pin it). */
  now?: Date;
  /** One password for every demo member; random per member when absent. */
  password?: string;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 12 letters and digits, without look-alikes (0/O, 1/l/I): easy to type from the console. */
function demoPassword(): string {
  return Array.from(randomBytes(12), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** Seeds the demo community, or returns null when its members already exist. */
export async function seedDemo(deps: Deps, options: DemoSeedOptions = {}): Promise<DemoSeedResult | null> {
  const { db } = deps;
  const now = (options.now ?? new Date()).getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  /** A reply is never dated in the future, even when its parent is only an hour old. */
  const after = (parentMs: number, hoursLater: number) =>
    Math.min(parentMs + hoursLater * HOUR, now - 60_000);

  const names = DEMO_MEMBERS.map((m) => m.username.toLowerCase());
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
  if (taken.length > 0) return null;

  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );

  // Slow work first — photos and password hashes — so the writes below are one short transaction: the
  // demo appears whole or not at all. Photos go through the same pipeline as uploads.
  const photoFiles = [
    ...new Set([...DEMO_FINDS.map((f) => f.photo), ...DEMO_POSTS.flatMap((p) => (p.photo ? [p.photo] : []))]),
  ];
  const photos = new Map<string, StoredImage>();
  for (const file of photoFiles) {
    const bytes = await fs.readFile(path.join(demoDataDir, file));
    photos.set(
      file,
      await storeImage(deps, new Uint8Array(bytes), { uploadedBy: null, originalName: file, kind: 'photo' }),
    );
  }
  const photoUrl = (file: string) => {
    const stored = photos.get(file);
    if (!stored) throw new Error(`demo photo ${file} was not stored`);
    return stored.url;
  };

  const accounts = await Promise.all(
    DEMO_MEMBERS.map(async (member) => {
      const password = options.password ?? demoPassword();
      return { member, password, hash: await hashPassword(password) };
    }),
  );

  const counts = { finds: 0, findComments: 0, posts: 0, comments: 0, events: 0, stories: 0 };

  await db.transaction(async (tx) => {
    const memberIds = new Map<DemoUsername, number>();
    for (const [i, { member, hash }] of accounts.entries()) {
      const row = await insertedRow(
        tx
          .insert(users)
          .values({
            username: member.username,
            password: hash,
            email: `${member.username.toLowerCase()}@demo.digquest.local`,
            isEmailVerified: true,
            bio: member.bio,
            // Staggered sign-up dates, oldest first, before any of their content.
            createdAt: iso(now - (90 - i * 5) * DAY),
          })
          .returning({ id: users.id }),
      );
      memberIds.set(member.username, row.id);
      await recordChange(tx, 'users', row.id, null, 'upsert', { ownerId: row.id });
    }
    const idOf = (username: DemoUsername) => {
      const id = memberIds.get(username);
      if (id === undefined) throw new Error(`unknown demo member ${username}`);
      return id;
    };

    for (const find of DEMO_FINDS) {
      const createdMs = now - find.daysAgo * DAY;
      const row = await insertedRow(
        tx
          .insert(finds)
          .values({
            uid: uuidv7(),
            title: find.title,
            description: find.description,
            latitude: String(find.latitude),
            longitude: String(find.longitude),
            userId: idOf(find.owner),
            location: find.location,
            imageUrl: photoUrl(find.photo),
            likes: find.likedBy.length,
            period: find.period,
            commentCount: find.comments.length,
            createdAt: iso(createdMs),
            updatedAt: iso(createdMs),
          })
          .returning({ id: finds.id, uid: finds.uid, userId: finds.userId }),
      );
      await recordChange(tx, 'finds', row.id, row.uid, 'upsert', { ownerId: row.userId });
      counts.finds++;

      for (const [i, liker] of find.likedBy.entries()) {
        await tx
          .insert(findLikes)
          .values({ userId: idOf(liker), findId: row.id, createdAt: iso(after(createdMs, i + 1)) });
        // Same convention as the finds feature: entity_id is the liker, uid the liked find's.
        await recordChange(tx, 'find_likes', idOf(liker), row.uid, 'upsert', {
          ownerId: idOf(liker),
          parentUid: row.uid,
        });
      }
      for (const comment of find.comments) {
        const at = iso(after(createdMs, comment.hoursLater));
        const c = await insertedRow(
          tx
            .insert(findComments)
            .values({
              uid: uuidv7(),
              content: comment.content,
              userId: idOf(comment.by),
              findId: row.id,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: findComments.id, uid: findComments.uid }),
        );
        await recordChange(tx, 'find_comments', c.id, c.uid, 'upsert', {
          ownerId: idOf(comment.by),
          parentUid: row.uid,
          parentOwnerId: row.userId,
        });
        counts.findComments++;
      }
    }

    for (const post of DEMO_POSTS) {
      const categoryId = categoryIds.get(post.category);
      if (categoryId === undefined)
        throw new Error(
          `forum category ${post.category} is missing: run the server once (seedInitial) first`,
        );
      const createdMs = now - post.hoursAgo * HOUR;
      const row = await insertedRow(
        tx
          .insert(posts)
          .values({
            uid: uuidv7(),
            title: post.title,
            content: post.content,
            userId: idOf(post.author),
            categoryId,
            imageUrl: post.photo ? photoUrl(post.photo) : null,
            views: post.views,
            comments: post.comments.length,
            likes: post.likedBy.length,
            createdAt: iso(createdMs),
            updatedAt: iso(createdMs),
          })
          .returning({ id: posts.id, uid: posts.uid, userId: posts.userId }),
      );
      await recordChange(tx, 'posts', row.id, row.uid, 'upsert', { ownerId: row.userId });
      counts.posts++;

      for (const [i, liker] of post.likedBy.entries()) {
        await tx
          .insert(postLikes)
          .values({ userId: idOf(liker), postId: row.id, createdAt: iso(after(createdMs, i + 1)) });
        await recordChange(tx, 'post_likes', idOf(liker), row.uid, 'upsert', {
          ownerId: idOf(liker),
          parentUid: row.uid,
        });
      }
      for (const comment of post.comments) {
        const at = iso(after(createdMs, comment.hoursLater));
        const c = await insertedRow(
          tx
            .insert(comments)
            .values({
              uid: uuidv7(),
              content: comment.content,
              userId: idOf(comment.by),
              postId: row.id,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: comments.id, uid: comments.uid }),
        );
        await recordChange(tx, 'comments', c.id, c.uid, 'upsert', {
          ownerId: idOf(comment.by),
          parentUid: row.uid,
          parentOwnerId: row.userId,
        });
        counts.comments++;
      }
    }

    // Category counts are recomputed from the rows, so they stay right whatever was there before.
    await tx
      .update(categories)
      .set({ count: sql`(select count(*) from ${posts} where ${posts.categoryId} = ${categories.id})` });

    for (const event of DEMO_EVENTS) {
      const date = new Date(now + event.daysFromNow * DAY);
      date.setUTCHours(event.at[0], event.at[1], 0, 0);
      // Organised a few weeks before it happens (and never in the future).
      const createdMs = Math.min(date.getTime() - 30 * DAY, now - DAY);
      // The organiser attends their own event, first (docs/product/events.md "States").
      const attendees = [...new Set([event.organizer, ...event.attendees])];
      const row = await insertedRow(
        tx
          .insert(events)
          .values({
            uid: uuidv7(),
            title: event.title,
            description: event.description,
            location: event.location,
            eventDate: date.toISOString(),
            userId: idOf(event.organizer),
            attendeeCount: attendees.length,
            createdAt: iso(createdMs),
            updatedAt: iso(createdMs),
          })
          .returning({ id: events.id, uid: events.uid, userId: events.userId }),
      );
      for (const attendee of attendees)
        await tx.insert(eventAttendees).values({ eventId: row.id, userId: idOf(attendee) });
      await recordChange(tx, 'events', row.id, row.uid, 'upsert', { ownerId: row.userId });
      counts.events++;
    }

    counts.stories = await seedDemoStories(tx, idOf, now);
  });

  return { members: accounts.map((a) => ({ username: a.member.username, password: a.password })), ...counts };
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // The same database (DATA_DIR's SQLite file, or DATABASE_URL) and first-start seed as sync-server/src/index.ts.
  const db = await openDatabase(databaseConfig(config));
  try {
    const seeded = await seedInitial(db, config.officialPassword);
    if (seeded.generatedPassword) announceGeneratedPassword(config.dataDir, seeded.generatedPassword);
    // Seeding sends no mail; a silent mailer keeps SMTP settings out of it.
    const result = await seedDemo(
      { db, config, logger, mailer: { send: async () => undefined } } satisfies Deps,
      {
        password: process.env.DEMO_PASSWORD || undefined,
      },
    );
    if (!result) {
      console.log('Demo data is already present (the demo members exist); nothing was added.');
      return;
    }
    console.log(
      `\n  Demo community added to ${config.dataDir}: ${result.finds} finds (${result.findComments} comments), ` +
        `${result.posts} forum posts (${result.comments} comments), ${result.events} events, ${result.stories} stories.\n\n  Demo members (shown once):`,
    );
    for (const m of result.members) console.log(`    ${m.username.padEnd(18)} ${m.password}`);
    console.log('');
  } finally {
    await closeDatabase(db);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
