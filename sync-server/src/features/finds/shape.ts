/**
 * Row → wire for finds: the one place it happens, for REST answers and pull changes alike, so exact
 * coordinates can only ever reach the finder (sync/visibility.ts) and no user column beyond the username
 * is read, masked for others when it looks like an e-mail address (nameFor). E-mail addresses are never
 * selected here. Comments are shaped by the engagement module.
 */
import type { Find } from '@schema/contracts/finds';
import { DEFAULT_FIND_PERIOD } from '@schema/contracts/finds';
import type { finds } from '@schema/db/tables';
import { thumbUrlFor } from '../../sync/blobs';
import type { Viewer } from '../../sync/registry';
import { nameFor, ownerOnlyCoordinates } from '../../sync/visibility';
import { recordingFor } from './recording';

export type FindRow = typeof finds.$inferSelect;

export function toFind(row: FindRow, username: string, viewer: Viewer): Find {
  return {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    username: nameFor(viewer, row.userId, username),
    title: row.title,
    description: row.description,
    location: row.location ?? '',
    period: row.period ?? DEFAULT_FIND_PERIOD,
    imageUrl: row.imageUrl,
    thumbUrl: thumbUrlFor(row.imageUrl),
    likes: row.likes,
    commentCount: row.commentCount,
    created_at: row.createdAt,
    ...ownerOnlyCoordinates(viewer, row.userId, row.latitude, row.longitude),
    ...recordingFor(row, viewer),
  };
}

/** Coordinates are stored as text (docs/product/data-model.md); numbers go in, the same numbers come out. */
export function coordinateText(value: number | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : String(value);
}
