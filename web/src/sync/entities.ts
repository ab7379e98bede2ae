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
import type { EntityScope, MutationDescription, SyncedEntity, WindowScope } from '@web/db/entity-descriptor';

export type { MutationDescription, SyncedEntity, WindowScope };
export type SyncTableName = SyncedEntityName;

const byName: ReadonlyMap<string, RegisteredEntity> = new Map(SYNCED_ENTITIES.map((e) => [e.entity, e]));

export function entityFor(name: string): RegisteredEntity | undefined {
  return byName.get(name);
}

/** Every synced record table, for transactions that may touch any of them. */
export const syncTables = (db: DigQuestDb): Table[] => SYNCED_ENTITIES.map(({ table }) => db.table(table));

export type OwnedScope = Extract<EntityScope, { kind: 'owned' }>;
export type ChildScope = Extract<EntityScope, { kind: 'child' }>;

/** An entity whose records members own, with its scope declaration (C14). */
export interface OwnedEntity {
  entity: RegisteredEntity;
  scope: OwnedScope;
}

/** An entity living under a parent (comments, likes), with its scope declaration. */
export interface ChildEntity {
  entity: RegisteredEntity;
  scope: ChildScope;
}

export const OWNED_ENTITIES: readonly OwnedEntity[] = SYNCED_ENTITIES.flatMap((entity) =>
  entity.scope.kind === 'owned' ? [{ entity, scope: entity.scope }] : [],
);

export const CHILD_ENTITIES: readonly ChildEntity[] = SYNCED_ENTITIES.flatMap((entity) =>
  entity.scope.kind === 'child' ? [{ entity, scope: entity.scope }] : [],
);

/** The owned entities with a `recent:*` window (S27): the ones eviction bounds (C16). */
export const WINDOWED_ENTITIES = OWNED_ENTITIES.filter(
  (e): e is OwnedEntity & { scope: { window: WindowScope } } => e.scope.window !== undefined,
);

export function ownedEntity(name: string): OwnedEntity | undefined {
  return OWNED_ENTITIES.find((e) => e.entity.entity === name);
}

/** The children of a parent entity (its comments and likes). */
export const childrenOf = (parent: string): ChildEntity[] =>
  CHILD_ENTITIES.filter((c) => c.scope.parent === parent);

/** `find_counts` → the finds' declaration: whose record a counts change updates (S30). */
const byCounts: ReadonlyMap<string, OwnedEntity> = new Map(
  OWNED_ENTITIES.flatMap((e) => (e.scope.counts ? [[e.scope.counts.entity, e] as const] : [])),
);

export function countsTarget(name: string): OwnedEntity | undefined {
  return byCounts.get(name);
}

/**
 * Names the entity set this client stores and the scopes it pulls; a change restarts every scope from the
 * beginning (C10).
 */
export const CLIENT_ENTITIES = [
  ...byName.keys(),
  ...byCounts.keys(),
  'users',
  'categories',
  ...WINDOWED_ENTITIES.map((e) => e.scope.window),
]
  .sort()
  .join(',');

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

/** Which of `uids` the device holds in `entity`'s table (primary keys only). */
export async function recordsHeld(
  db: DigQuestDb,
  entity: string,
  uids: readonly string[],
): Promise<Set<string>> {
  const table = entityFor(entity)?.table;
  if (!table || uids.length === 0) return new Set();
  const held = await db
    .table<unknown, string>(table)
    .where(':id')
    .anyOf([...uids])
    .primaryKeys();
  return new Set(held);
}
