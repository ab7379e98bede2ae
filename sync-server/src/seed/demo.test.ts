import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  changeLog,
  comments,
  eventAttendees,
  events,
  findComments,
  findLikes,
  finds,
  imageStorage,
  postLikes,
  posts,
  stories,
  storyLikes,
  users,
} from '@schema/db/tables';
import { findCommentSchema, findCreateSchema } from '@schema/contracts/finds';
import { storyCreateSchema } from '@schema/contracts/stories';
import type { Deps } from '../deps';
import { verifyPassword } from '../lib/auth/password';
import { uploadsDir } from '../lib/images';
import { createLogger } from '../lib/logger';
import { DEMO_EVENTS, DEMO_FINDS, DEMO_MEMBERS, DEMO_POSTS } from './demo-data/content';
import { seedDemo, type DemoSeedResult } from './demo';
import { DEMO_STORIES } from './demo-stories';
import { createTestApp, type TestApp } from '../test/harness';

const NOW = new Date('2025-03-10T12:00:00.000Z');
let t: TestApp;
let deps: Deps;
let result: DemoSeedResult | null;

beforeAll(async () => {
  // The test app's database (either engine), already through the first-start seed.
  t = await createTestApp();
  deps = {
    db: t.db,
    config: t.config,
    logger: createLogger('silent'),
    mailer: { send: async () => undefined },
  };
  result = await seedDemo(deps, { now: NOW });
});

afterAll(() => t.close());

const total = async (table: SQLiteTable) => (await deps.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('seedDemo', () => {
  it('adds the members, finds, posts and events, and prints usable passwords', async () => {
    expect(result).toMatchObject({
      finds: DEMO_FINDS.length,
      posts: DEMO_POSTS.length,
      events: DEMO_EVENTS.length,
      stories: DEMO_STORIES.length,
    });
    expect(result?.members.map((m) => m.username)).toEqual(DEMO_MEMBERS.map((m) => m.username));
    const first = result?.members[0];
    const row = (
      await deps.db
        .select()
        .from(users)
        .where(eq(users.username, first?.username ?? ''))
    )[0];
    expect(row?.isEmailVerified).toBe(true);
    expect(await verifyPassword(first?.password ?? '', row?.password ?? '')).toBe(true);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const totals = () =>
      Promise.all(
        [finds, posts, comments, findComments, events, stories, users, imageStorage].map((table) =>
          total(table),
        ),
      );
    const before = await totals();
    expect(await seedDemo(deps, { now: NOW })).toBeNull();
    expect(await totals()).toEqual(before);
  });

  it('stores every photo through storeImage, so finds point at served WebP files', async () => {
    const rows = await deps.db.select({ imageUrl: finds.imageUrl }).from(finds);
    expect(rows).toHaveLength(DEMO_FINDS.length);
    for (const { imageUrl } of rows) {
      expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
      expect(fs.existsSync(path.join(uploadsDir(deps.config), path.basename(imageUrl)))).toBe(true);
    }
    expect(await total(imageStorage)).toBe(new Set(DEMO_FINDS.map((f) => f.photo)).size);
  });

  it('keeps every counter equal to the rows behind it', async () => {
    const db = deps.db;
    for (const f of await db.select().from(finds)) {
      expect((await db.select({ n: count() }).from(findLikes).where(eq(findLikes.findId, f.id)))[0]?.n).toBe(
        f.likes,
      );
      expect(
        (await db.select({ n: count() }).from(findComments).where(eq(findComments.findId, f.id)))[0]?.n,
      ).toBe(f.commentCount);
    }
    for (const p of await db.select().from(posts)) {
      expect((await db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, p.id)))[0]?.n).toBe(
        p.likes,
      );
      expect((await db.select({ n: count() }).from(comments).where(eq(comments.postId, p.id)))[0]?.n).toBe(
        p.comments,
      );
    }
    for (const c of await db.select().from(categories)) {
      expect((await db.select({ n: count() }).from(posts).where(eq(posts.categoryId, c.id)))[0]?.n).toBe(
        c.count,
      );
    }
    for (const e of await db.select().from(events)) {
      expect(
        (await db.select({ n: count() }).from(eventAttendees).where(eq(eventAttendees.eventId, e.id)))[0]?.n,
      ).toBe(e.attendeeCount);
    }
    for (const s of await db.select().from(stories)) {
      expect(
        (await db.select({ n: count() }).from(storyLikes).where(eq(storyLikes.storyId, s.id)))[0]?.n,
      ).toBe(s.likeCount);
      expect(s.commentCount).toBe(0);
    }
  });

  it('logs one change per inserted record, with its uid', async () => {
    const logged = await deps.db.select().from(changeLog).orderBy(changeLog.seq);
    for (const [entity, table] of [
      ['finds', finds],
      ['find_comments', findComments],
      ['posts', posts],
      ['comments', comments],
      ['events', events],
      ['stories', stories],
    ] as const) {
      const rows = await deps.db.select({ id: table.id, uid: table.uid }).from(table).orderBy(table.id);
      const entries = logged.filter((l) => l.entity === entity);
      expect(entries.map((l) => [l.entityId, l.uid])).toEqual(rows.map((r) => [r.id, r.uid]));
      for (const r of rows)
        expect(r.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(logged.every((l) => l.op === 'upsert')).toBe(true);
  });

  it('has three upcoming events and one past, and no content dated in the future', async () => {
    const dates = (await deps.db.select({ eventDate: events.eventDate }).from(events)).map((e) =>
      Date.parse(e.eventDate),
    );
    expect(dates.filter((d) => d > NOW.getTime())).toHaveLength(3);
    expect(dates.filter((d) => d < NOW.getTime())).toHaveLength(1);
    for (const table of [finds, posts, comments, findComments, events, stories]) {
      for (const row of await deps.db.select({ createdAt: table.createdAt }).from(table))
        expect(Date.parse(row.createdAt)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('obeys the same rules as member-written content', async () => {
    for (const f of DEMO_FINDS) {
      expect(findCreateSchema.safeParse({ ...f }).success, f.title).toBe(true);
      for (const c of f.comments)
        expect(findCommentSchema.safeParse({ content: c.content }).success, c.content).toBe(true);
    }
    for (const p of DEMO_POSTS) {
      expect(p.title.length).toBeGreaterThanOrEqual(5);
      expect(p.title.length).toBeLessThanOrEqual(100);
      expect(p.content.length).toBeGreaterThanOrEqual(10);
    }
    for (const e of DEMO_EVENTS) expect(e.title.length).toBeGreaterThanOrEqual(5);
    for (const s of DEMO_STORIES) expect(storyCreateSchema.safeParse({ ...s }).success, s.content).toBe(true);
    expect(new Set(DEMO_FINDS.map((f) => f.period)).size).toBe(11);
  });
});
