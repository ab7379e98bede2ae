/**
 * Sync test kit (node environment, fake-indexeddb): devices — a Dexie database of their own plus an
 * engine whose fetch calls the real server app in-process with the device's cookie — and fetch wrappers
 * that fail on purpose. Test files import 'fake-indexeddb/auto' first, before Dexie loads.
 */
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll } from 'vitest';
import type { SelfUser } from '@schema/contracts/users';
import { DigQuestDb, type LocalFind } from '@web/db/database';
import {
  anotherServer,
  createTestApp,
  TEST_ENGINE,
  type TestApp,
} from '../../../sync-server/src/test/harness';
import { jpegBytes, signedIn } from '../../../sync-server/src/sync/test-fixtures';
import { preparePhoto } from './blob-store';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine';
import { writeLocal, type LocalWrite } from './outbox';
import type { FetchLike } from './transport';

export { anotherServer, createTestApp, jpegBytes, signedIn, TEST_ENGINE, type TestApp };

/**
 * The real server in process for one test file (started before its tests, closed after), and fresh names.
 * `env` sets its configuration (e.g. a small SYNC_WINDOW).
 */
export function serverPerFile(env: Record<string, string> = {}): {
  readonly t: TestApp;
  name(prefix: string): string;
} {
  let app: TestApp | undefined;
  let n = 0;
  beforeAll(async () => {
    app = await createTestApp(env);
  });
  afterAll(() => app?.close());
  return {
    get t() {
      if (!app) throw new Error('The test server starts in beforeAll');
      return app;
    },
    name: (prefix) => `${prefix}${++n}`,
  };
}

export interface Member {
  user: SelfUser;
  cookie: string;
}

/** A member with a server session, made directly in the database (no password hashing cost). */
export async function member(t: TestApp, username: string): Promise<Member> {
  const { client, user } = await signedIn(t, username);
  return {
    cookie: client.cookie,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      avatarUrl: user.avatarUrl ?? '',
      bio: user.bio,
      created_at: user.createdAt,
      isEmailVerified: true,
    },
  };
}

/**
 * fetch over the in-process app, carrying a cookie like one browser profile would. `server` picks the app
 * that answers each request (several app servers behind a load balancer); by default `t`.
 */
export function appFetch(t: TestApp, cookie: () => string, server: () => TestApp = () => t): FetchLike {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const jar = cookie();
    if (jar) headers.set('cookie', jar);
    return server().app.request(input, { ...init, headers });
  };
}

export interface Device {
  db: DigQuestDb;
  engine: SyncEngine;
  /** The device's network, as the engine sees it (wrapped). */
  fetch: FetchLike;
  /** The cookie this device sends; change it to sign in as someone else or to expire the session. */
  cookie: string;
  requests: string[];
  signIn(member: Member | null): Promise<void>;
  close(): Promise<void>;
}

export type FetchWrapper = (inner: FetchLike) => FetchLike;

/**
 * One browser: its own IndexedDB and cookie jar. `wrap` lets a test break the network on purpose; `server`
 * sends each request to one of several app servers (appFetch).
 */
export async function device(
  t: TestApp,
  who: Member | null,
  options: { wrap?: FetchWrapper; engine?: Partial<SyncEngineOptions>; server?: () => TestApp } = {},
): Promise<Device> {
  const db = new DigQuestDb(`test-${uuidv7()}`);
  const requests: string[] = [];
  const jar = { cookie: '' };
  const base = appFetch(t, () => jar.cookie, options.server);
  const logged: FetchLike = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${input.split('?')[0]}`);
    return base(input, init);
  };
  const fetch = options.wrap ? options.wrap(logged) : logged;
  const engine = createSyncEngine({ db, fetch, isOnline: () => true, random: () => 0.5, ...options.engine });
  const dev: Device = {
    db,
    engine,
    fetch,
    requests,
    get cookie() {
      return jar.cookie;
    },
    set cookie(value: string) {
      jar.cookie = value;
    },
    async signIn(next) {
      dev.cookie = next?.cookie ?? '';
      await db.session.put({ key: 'current', user: next?.user ?? null, checkedAt: new Date().toISOString() });
    },
    async close() {
      dev.engine.dispose();
      db.close();
      await db.delete();
    },
  };
  await dev.signIn(who);
  return dev;
}

/** A find's create the way the finds feature writes it: record + photo + mutation (see queueFind). */
export async function findWrite(
  userId: number,
  fields: Partial<LocalFind> = {},
  photo?: Uint8Array,
): Promise<LocalWrite> {
  const uid = uuidv7();
  const blob = await preparePhoto(photo ?? (await jpegBytes(1)), 'image/jpeg');
  const text = {
    title: 'Roman denarius',
    description: 'Silver, worn',
    location: 'Norfolk, UK',
    period: 'Roman',
    ...fields,
  };
  const payload = {
    title: text.title,
    description: text.description,
    location: text.location,
    period: text.period,
  };
  const record: LocalFind = {
    id: null,
    uid,
    userId,
    username: 'me',
    ...payload,
    description: payload.description ?? '',
    imageUrl: '',
    thumbUrl: '',
    likes: 0,
    commentCount: 0,
    created_at: new Date().toISOString(),
    imageSha256: blob.sha256,
  };
  return {
    entity: 'finds',
    op: 'create',
    uid,
    userId,
    payload: { ...payload, imageSha256: blob.sha256 },
    record,
    blobs: [blob],
  };
}

/** Queues a find the way the finds feature does: record + photo + mutation in one transaction. */
export async function queueFind(
  dev: Device,
  userId: number,
  fields: Partial<LocalFind> = {},
  photo?: Uint8Array,
): Promise<string> {
  const write = await findWrite(userId, fields, photo);
  await writeLocal(dev.db, write);
  return write.uid;
}

export async function queueUpdate(
  dev: Device,
  userId: number,
  uid: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await writeLocal(dev.db, { entity: 'finds', op: 'update', uid, userId, payload });
}

export async function queueComment(
  dev: Device,
  userId: number,
  findUid: string,
  content: string,
): Promise<string> {
  const uid = uuidv7();
  const record = {
    id: null,
    uid,
    findId: null,
    findUid,
    userId,
    username: 'me',
    content,
    created_at: new Date().toISOString(),
  };
  await writeLocal(dev.db, {
    entity: 'find_comments',
    op: 'create',
    uid,
    userId,
    payload: { findUid, content },
    record,
  });
  return uid;
}

export type ServerRow = Record<string, unknown>;

/** Rows on the server, read straight from its database (the harness's raw SQL): what "the server holds". */
export async function serverRows(t: TestApp, sql: string): Promise<ServerRow[]> {
  return t.sql(sql);
}
