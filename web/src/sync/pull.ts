/**
 * Pull (PROTOCOL.md S11–S15): page after page from the stored cursor until `hasMore` is false. Each page
 * is applied in ONE transaction together with its cursor (C9), with bulkPut/bulkDelete per table, so a
 * reload mid-pull resumes from the last applied page and applying a page twice is harmless.
 *
 * Conflicts: a pulled row for a record that still has queued local writes does not overwrite them. The
 * server row becomes that record's base and the queued writes are folded on top (entity descriptors), so the
 * member keeps seeing their offline edit until the server has it — then the next pull brings the merged
 * row (last write wins per field, S17). A tombstone under a queued edit removes the record; the edit
 * will be rejected "not found" and shown in Not synced.
 */
import type { PublicUser } from '@schema/contracts/users';
import type { PullResponse } from '@schema/contracts/sync';
import type { DigQuestDb, PullStateRow, SyncRecord } from '@web/db/database';
import type { LocalCategory } from '@web/db/database';
import {
  CLIENT_ENTITIES,
  entityFor,
  forgetPreviousViewer,
  syncTables,
  type SyncedEntity,
  type SyncTableName,
} from './entities';
import { queuedFor, rebuildRecord, recordTable } from './outbox';
import { isCategoryData, isPublicUserData, isPullResponse } from './protocol';
import { request, SyncHttpError, type FetchLike } from './transport';

/** The server's maximum: fewer round trips on a new device's first pull of thousands of finds. */
export const PULL_PAGE_SIZE = 1000;

export interface PullContext {
  db: DigQuestDb;
  fetch: FetchLike;
  viewerId: number | null;
  limit?: number;
}

export interface PullReport {
  changes: number;
  pages: number;
}

/**
 * Pulled rows are shaped for one viewer (own coordinates S16, own likes S14). When the viewer changes —
 * sign-out, another member signs in — what the previous one alone could see is removed at once, even
 * offline (C11), and the pull restarts from the beginning for the new viewer.
 */
export async function prepareViewer(db: DigQuestDb, viewerId: number | null): Promise<PullStateRow> {
  return db.transaction('rw', [db.sync_state, ...syncTables(db)], async () => {
    const row = await db.sync_state.get('pull');
    const state = row?.key === 'pull' ? row : null;
    if (state && state.viewerId === viewerId && state.entities === CLIENT_ENTITIES) return state;
    if (state && state.viewerId !== viewerId) {
      await forgetPreviousViewer(db, viewerId);
    }
    const fresh: PullStateRow = {
      key: 'pull',
      cursor: '',
      viewerId,
      entities: CLIENT_ENTITIES,
      lastSyncedAt: state?.lastSyncedAt ?? null,
    };
    await db.sync_state.put(fresh);
    return fresh;
  });
}

export async function pullAll(ctx: PullContext): Promise<PullReport> {
  let state = await prepareViewer(ctx.db, ctx.viewerId);
  const report: PullReport = { changes: 0, pages: 0 };
  const fetchPage = async (cursor: string): Promise<PullResponse> => {
    const answer = await request(
      ctx.fetch,
      `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=${ctx.limit ?? PULL_PAGE_SIZE}`,
    );
    if (!isPullResponse(answer.data))
      throw new SyncHttpError(
        'server',
        answer.status,
        'bad-answer',
        'Unexpected answer from the sync server',
      );
    return answer.data;
  };
  let restarted = false;
  let next = fetchPage(state.cursor);
  for (;;) {
    let page: PullResponse;
    try {
      page = await next;
    } catch (err) {
      // A cursor the server no longer understands (another deployment): start over once, idempotently.
      if (err instanceof SyncHttpError && err.status === 400 && !restarted && state.cursor !== '') {
        restarted = true;
        state = { ...state, cursor: '' };
        next = fetchPage('');
        continue;
      }
      throw err;
    }
    // The next page is requested while this one is written: the server and IndexedDB work in parallel.
    // Only applied pages move the stored cursor, so a failure here loses nothing (the page is re-asked).
    if (page.hasMore) {
      next = fetchPage(page.cursor);
      next.catch(() => undefined);
    }
    state = await applyPage(ctx.db, state, page);
    report.changes += page.changes.length;
    report.pages += 1;
    if (!page.hasMore) return report;
  }
}

interface TableBatch {
  puts: SyncRecord[];
  deletes: string[];
}

async function applyPage(db: DigQuestDb, state: PullStateRow, page: PullResponse): Promise<PullStateRow> {
  const next: PullStateRow = { ...state, cursor: page.cursor };
  await db.transaction(
    'rw',
    [...syncTables(db), db.categories, db.users, db.outbox, db.sync_state, db.blobs],
    async () => {
      const queued = new Set((await db.outbox.toArray()).map((m) => `${m.entity}|${m.uid}`));
      const batches = new Map<SyncTableName, TableBatch>();
      const userPuts: PublicUser[] = [];
      const userDeletes: number[] = [];
      const categoryPuts: LocalCategory[] = [];
      const categoryDeletes: number[] = [];
      const deferred: { entity: SyncedEntity; uid: string; base: SyncRecord | null }[] = [];

      for (const change of page.changes) {
        if (change.entity === 'users') {
          const data = change.data;
          if (change.op === 'delete') userDeletes.push(change.id);
          else if (data && isPublicUserData(data)) {
            userPuts.push({
              id: data.id,
              username: data.username,
              avatarUrl: String(data.avatarUrl ?? ''),
              bio: typeof data.bio === 'string' ? data.bio : null,
              created_at: String(data.created_at ?? ''),
            });
          }
          continue;
        }
        if (change.entity === 'categories') {
          // Read-only, keyed by id (S21): they carry no uid.
          if (change.op === 'delete') categoryDeletes.push(change.id);
          else if (change.data && isCategoryData(change.data))
            categoryPuts.push({
              id: change.data.id,
              name: change.data.name,
              slug: change.data.slug,
              description: change.data.description ?? null,
              icon: change.data.icon ?? null,
              count: change.data.count,
            });
          continue;
        }
        // Entities this client does not store yet are skipped; CLIENT_ENTITIES restarts the pull when it does.
        const entity = entityFor(change.entity);
        if (!entity || !change.uid) continue;
        const uid = change.uid;
        const base = change.op === 'upsert' && change.data ? entity.fromServer(change.data) : null;
        if (change.op === 'upsert' && !base) continue;
        if (queued.has(`${change.entity}|${uid}`)) {
          deferred.push({ entity, uid, base });
          continue;
        }
        const batch = batches.get(entity.table) ?? { puts: [], deletes: [] };
        if (base) batch.puts.push(base);
        else batch.deletes.push(uid);
        batches.set(entity.table, batch);
      }

      for (const [name, batch] of batches) {
        const table = recordTable(db, { table: name });
        if (batch.deletes.length) await table.bulkDelete(batch.deletes);
        if (batch.puts.length) await table.bulkPut(batch.puts);
      }
      if (userDeletes.length) await db.users.bulkDelete(userDeletes);
      if (userPuts.length) await db.users.bulkPut(userPuts);
      if (categoryDeletes.length) await db.categories.bulkDelete(categoryDeletes);
      if (categoryPuts.length) await db.categories.bulkPut(categoryPuts);
      for (const { entity, uid, base } of deferred)
        await rebuildRecord(db, entity, uid, await queuedFor(db, entity.entity, uid), base);
      await db.sync_state.put(next);
    },
  );
  return next;
}
