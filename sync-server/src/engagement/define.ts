/**
 * defineEngagement: the one call by which an entity opts into comments, likes and views. The feature
 * writes a descriptor (descriptor.ts) and gets back the services its REST routes call, the synced
 * entities for sync/entities.ts, and the cascades its delete and account deletion run — the same code
 * for finds, posts and every parent after them (docs/architecture.md "Engagement").
 */
import type { SyncedEntity } from '../sync/entity';
import type { Store } from '../sync/registry';
import { logParentCascade, logParentReadersChanged, prepareMemberCascade } from './cascade';
import { commentsService, type CommentsService } from './comments';
import type { EngagementDescriptor, ParentRow, ParentWireKeys } from './descriptor';
import { likesService, type LikesService } from './likes';
import { columnKey } from './parent';
import { commentsEntity, countsEntity, likesEntity, type WireCounter } from './sync';
import { viewsService, type ViewsService } from './views';

type WireKeysOf<D extends EngagementDescriptor> = D['parent']['wire'];

export interface EngagementCore {
  /** The comments, likes and counts entities this engagement syncs: list them in sync/entities.ts. */
  syncEntities: readonly SyncedEntity[];
  /** In the parent's delete transaction, before deleting it: tombstones its comments and likes (S13). */
  parentDeleted(tx: Store, parent: ParentRow): Promise<void>;
  /** In the transaction that changed who may read under the parent (`readableBy`): re-logs its comments. */
  parentReadersChanged(tx: Store, parent: ParentRow): Promise<void>;
  /** Account deletion: reads before the member is deleted, answers what to log afterwards. */
  prepareMemberCascade(tx: Store, memberId: number): Promise<() => Promise<void>>;
}

/** The services present are those the descriptor configures. */
export type Engagement<D extends EngagementDescriptor> = EngagementCore &
  (D extends { comments: object } ? { comments: CommentsService<WireKeysOf<D>> } : unknown) &
  (D extends { likes: object } ? { likes: LikesService } : unknown) &
  (D extends { views: object } ? { views: ViewsService } : unknown);

export function defineEngagement<const K extends ParentWireKeys, const D extends EngagementDescriptor<K>>(
  descriptor: D,
): Engagement<D> {
  const { parent, comments, likes, views } = descriptor;
  // Every column a descriptor names must belong to its table: checked now, at start-up.
  for (const counter of [comments?.counter, likes?.counter, views?.counter])
    if (counter) columnKey(parent.table, counter);

  const syncEntities: SyncedEntity[] = [];
  const services: Partial<{ comments: CommentsService<K>; likes: LikesService; views: ViewsService }> = {};
  if (comments) {
    services.comments = commentsService(parent, comments);
    syncEntities.push(commentsEntity(parent, comments, services.comments));
  }
  if (likes) {
    services.likes = likesService(parent, likes);
    syncEntities.push(likesEntity(parent, likes, services.likes));
  }
  if (views) services.views = viewsService(parent, views);
  const counters: WireCounter[] = [likes, comments, views].flatMap((c) =>
    c ? [{ field: c.counterField, column: c.counter }] : [],
  );
  if (counters.length) syncEntities.push(countsEntity(parent, counters));

  const core: EngagementCore = {
    syncEntities,
    parentDeleted: (tx, row) => logParentCascade(tx, descriptor, row),
    parentReadersChanged: (tx, row) => logParentReadersChanged(tx, descriptor, row),
    prepareMemberCascade: (tx, memberId) => prepareMemberCascade(tx, descriptor, memberId),
  };
  // The conditional type above says which services exist; they were built from the same descriptor.
  return { ...core, ...services } as Engagement<D>;
}
