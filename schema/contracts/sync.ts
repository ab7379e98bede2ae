/**
 * The sync protocol shared by the web engine (web/src/sync) and the server (sync-server/src/sync).
 * Rules S1… are stated in sync-server/src/sync/PROTOCOL.md and cited in test names.
 */
import { z } from 'zod';
import {
  MAX_BLOB_CHECK,
  MAX_PINS,
  MAX_PUSH_BATCH,
  scopeNames,
  syncEntities,
  type PullEntity,
  type ScopeName,
} from './sync-constants';

export * from './sync-constants';

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

/** `data` of a `find_counts` change (S30). */
export interface FindCountsData {
  uid: string;
  id: number;
  likes: number;
  commentCount: number;
}

/** `data` of a `post_counts` change (S30). */
export interface PostCountsData {
  uid: string;
  id: number;
  likes: number;
  comments: number;
  views: number;
}

// POST /api/sync/pull — anyone; 'own' needs a session (401 'Sign in to sync' otherwise). Rules S25–S31.

/** One scope the client wants, with the cursor it last got for it; '' = from the start. */
export interface ScopeCursor {
  scope: ScopeName;
  cursor: string;
}

/** A record the client keeps pinned (S28): at most MAX_PINS in one request. */
export interface PinRef {
  entity: PullEntity;
  uid: string;
}

/** `limit` (rows per scope and answer) defaults to DEFAULT_PULL_LIMIT (500), at most MAX_PULL_LIMIT (2000). */
export interface PullRequestBody {
  scopes: ScopeCursor[];
  pins?: PinRef[];
  limit?: number;
}

/** Per scope: the cursor to send next time (opaque) and whether it has more right now. */
export interface ScopeState {
  scope: ScopeName;
  cursor: string;
  hasMore: boolean;
  /**
   * `recent:*` scopes only (S27): N of the window, the server's SYNC_WINDOW. The client evicts down to it
   * (C16) and keeps the last value it got; an answer without it (an older server) changes nothing.
   */
  window?: number;
}

/** Changes deduplicated across scopes, `users` first (S15). */
export interface PullResponse {
  changes: Change[];
  scopes: ScopeState[];
}

export const pullRequestSchema = z.object({
  scopes: z
    .array(z.object({ scope: z.enum(scopeNames), cursor: z.string().max(200) }))
    .min(1)
    .max(scopeNames.length)
    .refine((list) => new Set(list.map((s) => s.scope)).size === list.length, 'Each scope at most once'),
  pins: z
    .array(z.object({ entity: z.string().max(40), uid: z.string().max(64) }))
    .max(MAX_PINS)
    .optional(),
  /** Above MAX_PULL_LIMIT is served as MAX_PULL_LIMIT, like the old GET. */
  limit: z.number().int().min(1).optional(),
});
/** The request as the server reads it: a pin naming an entity it does not know simply matches nothing. */
export type PullRequestInput = z.infer<typeof pullRequestSchema>;

/** Photos are uploaded content-addressed before the record that uses them: PUT /api/sync/blobs/{sha256}. */
export interface BlobAck {
  sha256: string;
  url: string;
  thumbUrl: string;
}

export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid content hash');

/**
 * POST /api/sync/blobs/check (S9): which of these photos the server already holds, asked once per push
 * batch before uploading the others. Hashes in any case; at most MAX_BLOB_CHECK.
 */
export const blobCheckRequestSchema = z.object({
  sha256: z.array(z.string().max(64).toLowerCase().pipe(sha256Schema)).min(1).max(MAX_BLOB_CHECK),
});
export type BlobCheckRequest = z.input<typeof blobCheckRequestSchema>;

/** Always 200: an ack for each photo the server holds, in the order asked; the others are absent. */
export interface BlobCheckResponse {
  stored: BlobAck[];
}
