/**
 * The sync protocol shared by the web engine (web/src/sync) and the server (sync-server/src/sync).
 * Rules S1… are stated in sync-server/src/sync/PROTOCOL.md and cited in test names.
 */
import { z } from 'zod';

/** Entities a member can write offline. Each maps to a server service and a Dexie table keyed by uid. */
export const syncEntities = [
  'finds',
  'find_comments',
  'find_likes',
  'posts',
  'comments',
  'post_likes',
  'events',
  'locations',
  'stories',
] as const;
export type SyncEntity = (typeof syncEntities)[number];

/** Entities the server sends in pulls (writable ones plus read-only public data). */
export type PullEntity = SyncEntity | 'users' | 'categories';

export const MAX_PUSH_BATCH = 100;
export const DEFAULT_PULL_LIMIT = 500;
export const MAX_PULL_LIMIT = 2000;

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid uid');

/** One queued local write. `create` of an existing uid is a no-op that answers the existing record. */
export const mutationSchema = z.object({
  mutationId: uuid,
  entity: z.enum(syncEntities),
  op: z.enum(['create', 'update', 'delete']),
  /** The record's uid (for likes: the liked record's uid; one like per member and record). */
  uid: uuid,
  payload: z.record(z.string(), z.unknown()).default({}),
  createdAt: z.string(),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  mutations: z.array(mutationSchema).min(1).max(MAX_PUSH_BATCH),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export type PushResult =
  | { mutationId: string; status: 'applied' | 'duplicate'; id?: number }
  | { mutationId: string; status: 'rejected'; code: string; message: string };

export interface PushResponse {
  results: PushResult[];
}

/** A row's current state (`upsert`) or its removal for this caller (`delete`: deleted or no longer visible). */
export interface Change {
  seq: number;
  entity: PullEntity;
  uid: string | null;
  id: number;
  op: 'upsert' | 'delete';
  data?: Record<string, unknown>;
}

export interface PullResponse {
  changes: Change[];
  /** Pass back as `?cursor=`; opaque to clients. */
  cursor: string;
  hasMore: boolean;
}

/** Photos are uploaded content-addressed before the record that uses them: PUT /api/sync/blobs/{sha256}. */
export interface BlobAck {
  sha256: string;
  url: string;
  thumbUrl: string;
}

export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid content hash');
