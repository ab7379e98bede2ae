/** Helpers for the sync and finds tests (never imported by the app). */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import { sessions, users } from '@schema/db/tables';
import type { Mutation, PullResponse } from '@schema/contracts/sync';
import { SESSION_COOKIE } from '../lib/auth/session';
import { hashToken, newToken } from '../lib/auth/tokens';
import type { TestApp } from '../test/harness';

export type TestClient = ReturnType<TestApp['client']>;

/**
 * A signed-in member made directly in the database: like the harness's member(), without paying for a
 * password hash per member (these tests are about finds and sync, not registration).
 */
export function signedIn(t: TestApp, username: string) {
  const user = t.db
    .insert(users)
    .values({ username, password: 'x', email: `${username}@example.com` })
    .returning()
    .get();
  const token = newToken();
  t.db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .run();
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

/** Pulls page after page until caught up; returns every change and the pages' sizes. */
export async function pullAll(client: TestClient, limit = 500, cursor = '') {
  const changes: PullResponse['changes'] = [];
  const pages: number[] = [];
  for (;;) {
    const res = await client.get(`/api/sync/pull?limit=${limit}&cursor=${cursor}`);
    if (res.status !== 200) throw new Error(`pull: ${res.status} ${res.text}`);
    const body = res.json as PullResponse;
    changes.push(...body.changes);
    pages.push(body.changes.length);
    cursor = body.cursor;
    if (!body.hasMore) return { changes, pages, cursor };
  }
}

export const findPayload = (imageSha256: string, extra: Record<string, unknown> = {}) => ({
  title: 'Bronze axe head',
  description: 'Palstave',
  location: 'Wiltshire, UK',
  period: 'Bronze Age',
  imageSha256,
  ...extra,
});
