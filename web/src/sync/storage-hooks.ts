/**
 * What the storage settings read (C16): how many rows each table holds, the lists kept offline, and the
 * window's edge the lists beyond it start from (C17). Live queries: they follow every sync and eviction.
 */
import type { SyncEntity } from '@schema/contracts/sync-constants';
import { db, type KeptListRow } from '@web/db/database';
import { SYNCED_ENTITIES } from '@web/db/entities';
import { entityFor } from './entities';
import { DEFAULT_WINDOW, windowSize } from './evict';
import { useLive, useLiveValue, type Live } from './live';
import { recordTable } from './outbox';

export interface TableCount {
  table: string;
  /** What the member reads: the descriptor's label, or the table's purpose. */
  label: string;
  rows: number;
}

/** Tables that are not synced entities, as the storage page names them. */
const OTHER_TABLES = [
  { table: 'users', label: 'Members shown' },
  { table: 'categories', label: 'Forum categories' },
  { table: 'outbox', label: 'Changes waiting to sync' },
  { table: 'blobs', label: 'Photos waiting to upload' },
  { table: 'pins', label: 'Records kept beyond the newest' },
] as const;

/** Every table the storage page counts, in its order: known before any is read. */
export const STORED_TABLES: readonly { table: string; label: string }[] = [
  ...SYNCED_ENTITIES.map((e) => ({ table: e.table, label: e.label })),
  ...OTHER_TABLES,
];

export async function storedCounts(): Promise<TableCount[]> {
  return Promise.all(STORED_TABLES.map(async (t) => ({ ...t, rows: await db.table(t.table).count() })));
}

export function useStoredCounts(): Live<TableCount[]> {
  return useLive(storedCounts, []);
}

export function useKeptLists(): Live<KeptListRow[]> {
  return useLive(
    async () => (await db.kept_lists.toArray()).sort((a, b) => a.label.localeCompare(b.label)),
    [],
  );
}

/** One kept list (a category's toggle); undefined while reading, null when it is not kept. */
export function useKeptList(key: string): KeptListRow | null | undefined {
  return useLiveValue<KeptListRow | null | undefined>(
    async () => (await db.kept_lists.get(key)) ?? null,
    [key],
    undefined,
  );
}

/**
 * When the oldest record of the window was made (`created_at`): an entity's list can trust itself complete
 * down to it (C17). That record is the Nth newest the device holds by server id (N: the server's window as
 * it last said, C16). Null while the device holds fewer (then it holds the whole list).
 */
export function useWindowEdge(entity: SyncEntity): Live<string | null> {
  return useLive(async () => {
    const descriptor = entityFor(entity);
    if (!descriptor) return null;
    const scope = descriptor.scope.kind === 'owned' ? descriptor.scope.window : undefined;
    const window = scope ? windowSize(await db.sync_state.get('pull'), scope) : DEFAULT_WINDOW;
    const edge = await recordTable(db, descriptor)
      .orderBy('id')
      .reverse()
      .offset(window - 1)
      .first();
    return edge && 'created_at' in edge ? edge.created_at : null;
  }, [entity]);
}
