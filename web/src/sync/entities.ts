/**
 * The engine's view of the synced entities: the descriptors registered in web/src/db/entities, looked up
 * by wire name. Each descriptor says which Dexie table holds the entity, how a queued mutation changes a
 * local record (`fold`), how a pulled row becomes one, which queued mutations depend on another, and how
 * a queued write reads in the Not synced panel (web/src/db/entity-descriptor.ts).
 *
 * `fold` is the one local reducer. It is used when a pulled server row arrives for a record that still
 * has queued writes (C9: the server row becomes the base, the queued writes are re-applied on top, so a
 * pull never undoes an edit made offline) and when a queued write is discarded (C8: rebuild from the base
 * without it).
 */
import type { Table } from 'dexie';
import type { DigQuestDb, OutboxMutation, SyncRecord } from '@web/db/database';
import { SYNCED_ENTITIES, type RegisteredEntity, type SyncedEntityName } from '@web/db/entities';
import type { MutationDescription, SyncedEntity } from '@web/db/entity-descriptor';

export type { MutationDescription, SyncedEntity };
export type SyncTableName = SyncedEntityName;

const byName: ReadonlyMap<string, RegisteredEntity> = new Map(SYNCED_ENTITIES.map((e) => [e.entity, e]));

export function entityFor(name: string): RegisteredEntity | undefined {
  return byName.get(name);
}

/** Every synced record table, for transactions that may touch any of them. */
export const syncTables = (db: DigQuestDb): Table[] => SYNCED_ENTITIES.map(({ table }) => db.table(table));

/** Names the entity set this client stores; a change restarts the pull from the beginning (C10). */
export const CLIENT_ENTITIES = [...byName.keys(), 'users', 'categories'].sort().join(',');

/** C11: each entity removes what only the previous viewer could see (own likes, exact coordinates). */
export async function forgetPreviousViewer(db: DigQuestDb, viewerId: number | null): Promise<void> {
  for (const entity of SYNCED_ENTITIES) await entity.forgetOnViewerChange(db, viewerId);
}

/** Folds queued mutations (oldest first) over a base record. */
export function foldAll(
  entity: SyncedEntity,
  base: SyncRecord | null,
  mutations: readonly OutboxMutation[],
): SyncRecord | null {
  return mutations.reduce<SyncRecord | null>((record, m) => entity.fold(record, m), base);
}

/** How a queued mutation reads in the Not synced panel, and where "Edit" takes the member to fix it. */
export function describeMutation(m: OutboxMutation): MutationDescription {
  return entityFor(m.entity)?.describe(m) ?? { label: 'A change', editHref: null };
}
