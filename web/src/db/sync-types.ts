/**
 * Row types of the synced tables (database.ts version 2). Records are keyed by `uid` (docs/sync.md "Record identity");
 * the server's numeric `id` is null until the record's create has been acknowledged.
 */
import type { Find, FindComment, FindLike } from '@schema/contracts/finds';
import type { Mutation } from '@schema/contracts/sync';
import type { ScopeName, SyncEntity, WindowScopeName } from '@schema/contracts/sync-constants';
import type { LocalEvent, LocalEventAttendance, LocalEventComment } from './events-types';
import type { LocalPost, LocalPostComment, LocalPostLike } from './forum-types';
import type { LocalLocation } from './locations-types';
import type { LocalStory, LocalStoryComment, LocalStoryLike } from './stories-types';
import type { LocalConnection, LocalGroup, LocalGroupComment, LocalGroupMembership } from './social-types';
import type { LocalMessage } from './messages-types';
import type { LocalNotification } from './notifications-types';
import type { LocalSafetyTrip } from './safety-types';
import type { LocalReport } from './moderation-types';
import type { LocalRoute, LocalRouteCompletion } from './ar-routes-types';
import type { LocalOnboarding } from './achievements-types';
import type { ModeratorMark } from './entity-fields';

/** A find as stored: the wire shape, plus the hash of a photo that is still (or only) local. */
export type LocalFind = Omit<Find, 'id'> &
  ModeratorMark & {
    id: number | null;
    /** Set while the photo lives in `blobs` (not yet uploaded, or not yet replaced by a pulled row). */
    imageSha256?: string | undefined;
  };

export type LocalFindComment = Omit<FindComment, 'id' | 'findId'> &
  ModeratorMark & {
    id: number | null;
    findId: number | null;
  };

/** The member's own like, keyed by the liked find's uid (PROTOCOL.md: find_likes uid = the find's). */
export type LocalFindLike = Omit<FindLike, 'findId'> & { findId: number | null };

export type SyncRecord =
  | LocalFind
  | LocalFindComment
  | LocalFindLike
  | LocalPost
  | LocalPostComment
  | LocalPostLike
  | LocalEvent
  | LocalEventComment
  | LocalEventAttendance
  | LocalLocation
  | LocalStory
  | LocalStoryComment
  | LocalStoryLike
  | LocalConnection
  | LocalMessage
  | LocalRoute
  | LocalRouteCompletion
  | LocalGroup
  | LocalGroupMembership
  | LocalGroupComment
  | LocalOnboarding
  | LocalNotification
  | LocalSafetyTrip
  | LocalReport;

export type OutboxStatus = 'pending' | 'inflight' | 'rejected';

export interface OutboxError {
  code: string;
  message: string;
}

/**
 * One queued local write. The wire fields are the contract's Mutation; the rest never leave the device.
 * Order is the primary key order: uuidv7 ids sort by creation time (and are monotonic within a tab).
 */
export interface OutboxMutation extends Mutation {
  /** Whose queue this is: it is only ever pushed under this member's session (docs/sync.md "Sessions"). */
  userId: number;
  /** SHA-256 of photos that must be uploaded before this mutation is pushed. */
  blobRefs: string[];
  attempts: number;
  status: OutboxStatus;
  /**
   * True once the mutation may have reached the server (sent, answer lost). Such a mutation is never
   * merged into or cancelled locally: the server may already hold it, so it must be replayed as is.
   */
  sent: boolean;
  lastError: OutboxError | null;
  /**
   * The record before this write (null: it did not exist). Only the oldest queued mutation's value
   * matters: it is the base that discarding restores and that pulled server rows replace.
   */
  before: SyncRecord | null;
  /** Creates only: the record as written, to rebuild it when the server has no copy yet. */
  record?: SyncRecord | undefined;
}

/** A photo kept on the device until its upload is acknowledged (fake-indexeddb stores bytes, browsers Blobs). */
export interface BlobRow {
  sha256: string;
  data: Blob | ArrayBuffer | Uint8Array;
  mime: string;
  size: number;
  uploaded: boolean;
  url?: string | undefined;
  thumbUrl?: string | undefined;
  createdAt: string;
}

/**
 * Where pulling stopped, per scope, and for whom: pulled rows are shaped per viewer (own coordinates, own
 * likes), so a new viewer restarts `own` and `pinned` (web/src/sync/README.md C11, C14).
 */
export interface PullStateRow {
  key: 'pull';
  /** One opaque cursor per scope (C14); a scope not listed starts from ''. */
  cursors: Partial<Record<ScopeName, string>>;
  /** N of each `recent:*` window as the server last said (S27); eviction keeps that many (C16). */
  windows?: Partial<Record<WindowScopeName, number>>;
  viewerId: number | null;
  /** The entity tables this client stores; when it grows, the pull restarts so nothing is missed. */
  entities: string;
  lastSyncedAt: string | null;
}

export interface StorageStateRow {
  key: 'storage';
  persistRequested: boolean;
  persisted: boolean;
}

/**
 * The map's last view on this device (docs/map.md "Where the map opens"), for the member who looked: another
 * member signing in on the same device does not open on it. A device preference, never synced.
 */
export interface MapViewRow {
  key: 'map-view';
  viewerId: number | null;
  latitude: number;
  longitude: number;
  zoom: number;
}

export type SyncStateRow = PullStateRow | StorageStateRow | MapViewRow;

/**
 * Why a record is pinned (C15), strongest first: a screen keeps it offline ('kept'); the member commented on
 * or liked it ('engaged') or opened it ('opened'); a list beyond the window showed it ('seen').
 */
export type PinReason = 'kept' | 'engaged' | 'opened' | 'seen';

/** A record the device keeps beyond the window and follows in the `pinned` scope (C15, S28). */
export interface PinRow {
  entity: SyncEntity;
  uid: string;
  reason: PinReason;
  /** Epoch ms of the last open, comment, like or listing: the budget keeps the most recently used (C16). */
  lastUsedAt: number;
  /** The kept list that pinned it ('kept' pins). */
  list?: string | undefined;
  /** False until the record and its comments have been read for this pin (C15). */
  hydrated: boolean;
}

/** A list a screen keeps offline ("Keep this category offline"), refilled from REST now and then (C15). */
export interface KeptListRow {
  /** e.g. 'posts?category=3'. */
  key: string;
  entity: SyncEntity;
  /** What the member reads in Settings → Storage ('Finds & Identification'). */
  label: string;
  /** The screen showing the list. */
  href: string;
  /** The REST list query (without cursor and limit), e.g. 'category=3'. */
  query: string;
  /** At most this many records are kept. */
  limit: number;
  keptAt: string;
  /** Epoch ms of the last fill from the server; null: not filled yet. */
  refreshedAt: number | null;
  /** Records the last fill kept. */
  count: number;
}
