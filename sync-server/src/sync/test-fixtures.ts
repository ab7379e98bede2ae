/** Helpers for the sync and finds tests (never imported by the app). */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { sql, type SQL } from 'drizzle-orm';
import * as tables from '@schema/db/tables';
import { uuidv7 } from 'uuidv7';
import {
  scopeNames,
  type Mutation,
  type PinRef,
  type PullResponse,
  type ScopeName,
} from '@schema/contracts/sync';
import { hashPassword } from '../lib/auth/password';
import { SESSION_COOKIE } from '../lib/auth/session';
import { hashToken, newToken } from '../lib/auth/tokens';
import { asPostgres, rawQuery, withQueryLogger } from '../lib/db';
import { insertedRow } from '../lib/query';
import { OFFICIAL_PASSWORD, type TestApp } from '../test/harness';
import type { Store } from './registry';

export type TestClient = ReturnType<TestApp['client']>;

/** Every signedIn member's password, for the routes that ask for it again (deleting the account). */
export const SIGNED_IN_PASSWORD = 'signed-in-password';
// One hash shared by all of them, made once per test file: a hash per member would cost ~50 ms each.
const signedInPasswordHash = await hashPassword(SIGNED_IN_PASSWORD);

/**
 * A signed-in member made directly in the database: like the harness's member(), without paying for a
 * password hash per member (these tests are about finds and sync, not registration).
 */
export async function signedIn(t: TestApp, username: string) {
  const user = await insertedRow(
    t.db
      .insert(tables.users)
      .values({ username, password: signedInPasswordHash, email: `${username}@example.com` })
      .returning(),
  );
  const token = newToken();
  await t.db.insert(tables.sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const client = t.client();
  client.cookie = `${SESSION_COOKIE}=${token}`;
  return { client, user };
}

/** A real JPEG; a different `seed` gives different pixels, hence a different hash. */
export async function jpegBytes(seed = 1, width = 64, height = 48): Promise<Uint8Array> {
  const background = { r: (seed * 67) % 256, g: (seed * 131) % 256, b: (seed * 29) % 256 };
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  );
}

export async function pngBytes(seed = 1): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: seed % 256, g: 90, b: 40, alpha: 1 } },
    })
      .png()
      .toBuffer(),
  );
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface FindFields {
  title?: string;
  description?: string;
  location?: string;
  period?: string;
  latitude?: string;
  longitude?: string;
  uid?: string;
  userId?: string;
}

/** The Share Your Find multipart body; `image: null` leaves the image part out. */
export function findForm(
  fields: FindFields = {},
  image: Uint8Array | null = null,
  type = 'image/jpeg',
): FormData {
  const body = new FormData();
  const all = {
    title: 'Roman denarius',
    description: 'Silver, worn',
    location: 'Norfolk, UK',
    period: 'Roman',
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) if (value !== undefined) body.append(key, value);
  if (image) body.append('image', new Blob([new Uint8Array(image)], { type }), 'find.jpg');
  return body;
}

/** DELETE /api/users/{id} as the member, confirming with their password as the route asks. */
export const deleteOwnAccount = (client: TestClient, userId: number) =>
  client.del(`/api/users/${userId}`, { currentPassword: SIGNED_IN_PASSWORD });

/** Creates a find over REST and returns its wire JSON. */
export async function createFind(client: TestClient, fields: FindFields = {}, seed = 1) {
  const res = await client.post('/api/finds', findForm(fields, await jpegBytes(seed)));
  if (res.status !== 201) throw new Error(`create find: ${res.status} ${res.text}`);
  return res.json as { id: number; uid: string; userId: number; imageUrl: string; thumbUrl: string };
}

/** PUT /api/sync/blobs/{sha} with raw bytes (the harness client only sends JSON and forms). */
export async function putBlob(
  t: TestApp,
  client: TestClient | null,
  bytes: Uint8Array,
  sha = sha256Of(bytes),
  type = 'image/jpeg',
) {
  const headers: Record<string, string> = { 'content-type': type };
  if (client?.cookie) headers.cookie = client.cookie;
  const res = await t.app.request(`/api/sync/blobs/${sha}`, {
    method: 'PUT',
    headers,
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

export function mutation(
  entity: Mutation['entity'],
  op: Mutation['op'],
  uid: string,
  payload: Record<string, unknown> = {},
): Mutation {
  return { mutationId: uuidv7(), entity, op, uid, payload, createdAt: new Date().toISOString() };
}

export const newUid = () => uuidv7();

export interface PushAnswer {
  status: number;
  results: Array<{ mutationId: string; status: string; id?: number; code?: string; message?: string }>;
}

export async function push(client: TestClient, mutations: Mutation[]): Promise<PushAnswer> {
  const res = await client.post('/api/sync/push', { mutations });
  return { status: res.status, results: res.json?.results ?? [] };
}

export type ScopeCursors = Partial<Record<ScopeName, string>>;

/**
 * The scoped POST pull (S25–S31): asks again with the scopes that have more until none has; answers every
 * change, the requests made (and each one's number of changes) and the cursors to continue from.
 * `cursors` names the scopes ('' = start).
 */
export async function pullScopes(
  client: TestClient,
  cursors: ScopeCursors,
  options: { pins?: PinRef[]; limit?: number } = {},
) {
  const changes: PullResponse['changes'] = [];
  const pages: number[] = [];
  const next: ScopeCursors = { ...cursors };
  let pending = Object.keys(next) as ScopeName[];
  let requests = 0;
  while (pending.length) {
    const res = await client.post('/api/sync/pull', {
      scopes: pending.map((scope) => ({ scope, cursor: next[scope] ?? '' })),
      ...options,
    });
    if (res.status !== 200) throw new Error(`pull: ${res.status} ${res.text}`);
    const body = res.json as PullResponse;
    requests += 1;
    changes.push(...body.changes);
    pages.push(body.changes.length);
    for (const state of body.scopes) next[state.scope] = state.cursor;
    pending = body.scopes.filter((s) => s.hasMore).map((s) => s.scope);
    if (requests > 1000) throw new Error('pull: no end in sight');
  }
  return { changes, cursors: next, requests, pages };
}

/**
 * Every scope a device asks for (web/src/sync/README.md C14): `own` when the client is signed in, then
 * `reference`, `pinned` and the `recent:*` windows, each from `cursors` or from the start.
 */
export function deviceScopes(client: TestClient, cursors: ScopeCursors = {}): ScopeCursors {
  const scopes = scopeNames.filter((scope) => scope !== 'own' || client.cookie !== '');
  return Object.fromEntries(scopes.map((scope) => [scope, cursors[scope] ?? '']));
}

/**
 * A device's pull, page after page until caught up: every scope it asks for (deviceScopes), with the
 * records it has pinned (`pins`: what it opened, commented on or liked, S28). Answers every change, the
 * pages' sizes and the cursors to continue from; pass the same pins again with them.
 */
export async function pullAll(
  client: TestClient,
  options: { cursors?: ScopeCursors; pins?: PinRef[]; limit?: number } = {},
) {
  const { cursors, ...rest } = options;
  return pullScopes(client, deviceScopes(client, cursors), rest);
}

/** One POST pull of exactly these scopes: the raw answer, for tests of a single page. */
export async function pullOnce(client: TestClient, cursors: ScopeCursors, options: { pins?: PinRef[] } = {}) {
  const res = await client.post('/api/sync/pull', {
    scopes: Object.entries(cursors).map(([scope, cursor]) => ({ scope, cursor })),
    ...options,
  });
  if (res.status !== 200) throw new Error(`pull: ${res.status} ${res.text}`);
  return res.json as PullResponse;
}

export const findPayload = (imageSha256: string, extra: Record<string, unknown> = {}) => ({
  title: 'Bronze axe head',
  description: 'Palstave',
  location: 'Wiltshire, UK',
  period: 'Bronze Age',
  imageSha256,
  ...extra,
});

/**
 * Finds written straight into the database with their change-log rows, as the finds service logs them
 * (owner included): fast enough for thousands. Answers their ids and uids, oldest first.
 */
export async function insertFinds(
  t: TestApp,
  ownerId: number,
  count: number,
  fields: { title?: (i: number) => string; latitude?: string; longitude?: string } = {},
) {
  const rows: { id: number; uid: string }[] = [];
  await t.db.transaction(async (tx) => {
    // Chunks of 500 stay below both engines' bound on the parameters of one statement.
    for (let start = 0; start < count; start += 500) {
      const values = Array.from({ length: Math.min(500, count - start) }, (_, k) => ({
        uid: uuidv7(),
        title: fields.title?.(start + k) ?? `Find ${start + k}`,
        location: 'Kent',
        period: 'Roman',
        imageUrl: '/uploads/x.webp',
        userId: ownerId,
        latitude: fields.latitude ?? null,
        longitude: fields.longitude ?? null,
      }));
      const inserted = await tx
        .insert(tables.finds)
        .values(values)
        .returning({ id: tables.finds.id, uid: tables.finds.uid });
      inserted.sort((a, b) => a.id - b.id);
      await tx.insert(tables.changeLog).values(
        inserted.map((row) => ({
          entity: 'finds',
          entityId: row.id,
          uid: row.uid,
          op: 'upsert' as const,
          ownerId,
        })),
      );
      rows.push(...inserted);
    }
  });
  return rows;
}

/** PostgreSQL query text with `$n` placeholders and its parameters, as one drizzle SQL. */
function withParams(text: string, params: unknown[]): SQL {
  return sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
  );
}

export interface QueryPlan {
  query: string;
  /**
   * The plan's lines in order. SQLite: EXPLAIN QUERY PLAN's details (`SCAN`/`SEARCH`/`SUBQUERY`…).
   * PostgreSQL: EXPLAIN's lines (`Index Scan using … on …`, `Seq Scan on …`), planned with sequential scans
   * disabled — so a `Seq Scan` left in the plan means no index can serve the query, however small the test
   * tables are.
   */
  plan: string[];
}

/**
 * Runs `work` on a store that records every SELECT it makes, then answers each one's query plan: how
 * tests check that a pull or a search reads indexes and stops early (S25, S32).
 */
export async function queryPlans(t: TestApp, work: (store: Store) => Promise<void>): Promise<QueryPlan[]> {
  const queries: { query: string; params: unknown[] }[] = [];
  const store = withQueryLogger(t.db, {
    logQuery: (query, params) => void queries.push({ query, params }),
  });
  await work(store);
  const plans: QueryPlan[] = [];
  for (const q of queries.filter((q) => /^select/i.test(q.query))) {
    if (t.engine === 'sqlite') {
      const rows = await rawQuery(t.db, `EXPLAIN QUERY PLAN ${q.query}`, q.params);
      plans.push({ query: q.query, plan: rows.map((row) => String(row.detail)) });
      continue;
    }
    const explained = await asPostgres(t.db).transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(sql`EXPLAIN ${withParams(q.query, q.params)}`);
    });
    plans.push({ query: q.query, plan: explained.rows.map((row) => String(row['QUERY PLAN'])) });
  }
  return plans;
}

/** The official DigQuestor account (id 1), signed in: every feature's moderator. */
export async function official(t: TestApp): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/users/login', { username: 'DigQuestor', password: OFFICIAL_PASSWORD });
  if (res.status !== 200) throw new Error(`official login: ${res.status} ${res.text}`);
  return client;
}

/** An error answer as [status, message], for one-line expectations. */
export const errorOf = (res: { status: number; json: { message?: string } | undefined }) => [
  res.status,
  res.json?.message,
];
