/**
 * Row type of the spots table (database.ts version 7). Spots are keyed by `uid` like every record a member
 * can write offline (docs/sync.md "Record identity"); the server's numeric `id` is null until the create is
 * acknowledged. The wire's `isPrivate` (the inverse of `isShared`) and a list's `distanceKm` are not kept.
 */
import type { Location } from '@schema/contracts/locations';
import type { ModeratorMark } from './entity-fields';

export type LocalLocation = Omit<Location, 'id' | 'isPrivate' | 'distanceKm'> & {
  id: number | null;
} & ModeratorMark;
