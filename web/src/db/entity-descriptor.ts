/**
 * A synced entity on the device, declared once (docs/sync.md, web/src/sync/README.md "Entity descriptors",
 * docs/decisions/0014-synced-entity-descriptors.md): its Dexie table and indexes, how a queued write changes
 * its record, how a pulled row becomes one, which queued writes depend on another's create, how it reads in
 * the Not synced panel, which photos its payloads name and what leaves the device when the signed-in member
 * changes.
 *
 * The sync engine knows entities only through these descriptors, and the Dexie schema of the synced tables
 * is derived from them (database.ts), so a new entity is a contract, a descriptor and a Dexie version line.
 */
import type { Dexie, Table } from 'dexie';
import { hideableEntities } from '@schema/contracts/moderation-constants';
import type { PullEntity, ScopeName, SyncEntity } from '@schema/contracts/sync-constants';
import { moderatorMarkOf, overlay, type Overlay, type Payload } from './entity-fields';
import { SYNCED_STORES, type SyncedStoreName } from './synced-stores';
import type { OutboxMutation, SyncRecord } from './sync-types';

/** How a queued write reads in the Not synced panel, and where "Edit" takes the member to fix it. */
export interface MutationDescription {
  /** e.g. 'New find "Roman denarius"'. */
  label: string;
  /** The page where the record can be edited; null when there is nothing to edit (a like). */
  editHref: string | null;
}

/**
 * What a queued write does to the record: the fields an update (or a create folded onto a pulled row)
 * may carry, each overlaid as its kind says, absent fields keeping their value (PROTOCOL.md S17); or
 * 'toggle' for a like: only ever created or deleted, and liking again before an unsent unlike left
 * cancels out (C2); or a merge function, for a record whose writes merge rather than overwrite, the
 * server's own rule (the tour: finished steps are a union). A merge also receives creates and updates of
 * a record the device does not hold (base null): a record every member has, like the tour, is written
 * before it was ever pulled. Deletes never reach it.
 */
export type Fold<R> = 'toggle' | Overlay<R> | Merge<R>;
export type Merge<R> = (base: R | null, mutation: OutboxMutation) => R | null;

/** A `recent:*` window scope (PROTOCOL.md S27). */
export type WindowScope = Extract<ScopeName, `recent:${string}`>;

/**
 * Which pull scopes bring an entity's records and when they may leave the device (web/src/sync/README.md
 * C14–C17; docs/sync.md "Scope"). The sync layer reads only this: it knows no entity by name.
 */
export type EntityScope<Field extends string = string> =
  | {
      /** Records members own (`userId`): all of the member's come with `own`, others with the scopes below. */
      kind: 'owned';
      /**
       * The `recent:*` window (S27) the community's newest records come in. Outside it a record stays only
       * while it is the member's own, has a queued change, or is pinned within the budget (C16). A windowed
       * entity declares an `id` index (the window is the newest N by server id) and a `userId` index.
       */
      window?: WindowScope;
      /**
       * Its counters, pulled without the record (S30): the count entity and the fields its data carries,
       * named as on the record. Applied only to a record the device holds, never creating one.
       */
      counts?: { entity: PullEntity; fields: readonly Field[] };
      /**
       * REST paths: one record by id or uid (pinning a record the device does not hold, C15), list pages
       * (C17). Absent for a record only its member holds and no screen lists (the tour): `own` brings it.
       */
      rest?: { record(ref: string): string; list: string };
    }
  | {
      /** Comments and likes: they live and leave with their parent (C16), unless they are the member's own. */
      kind: 'child';
      parent: SyncEntity;
      /** The field holding the parent's uid, or null when the record is keyed by it (a like). */
      parentKey: string | null;
    };

export interface EntitySpec<R extends SyncRecord, E extends SyncedStoreName> {
  /** The wire name (schema/contracts/sync.ts `syncEntities`); also its Dexie table's name. */
  entity: E;
  /** Checks a stored, queued or pulled value is this entity's record (see `hasShape`). */
  is(value: unknown): value is R;
  fold: Fold<R>;
  /** A pulled row (PROTOCOL.md S12), or null when it is not one this client understands. */
  fromServer(data: Payload): R | null;
  /** True when `mutation` cannot apply unless `parent`, a queued create of another record, does (C2, C8). */
  dependsOn?(mutation: OutboxMutation, parent: OutboxMutation): boolean;
  /** `known`: the record as queued or as it was before the write, when there is one. */
  describe(mutation: OutboxMutation, known: R | undefined): MutationDescription;
  /** SHA-256 of the photos a payload names: uploaded before the mutation is pushed (C5). */
  blobRefs?(payload: Payload): string[];
  /**
   * Its photos are private (a message's): uploaded with `?for={entity}` for this member alone, never asked
   * about in the public check nor marked uploaded on the device's shared photo row (C5; PROTOCOL.md S9).
   */
  privateBlobs?: boolean;
  /** What only the previous viewer could see, removed when the signed-in member changes (C11). */
  forgetOnViewerChange?(rows: Table<R, string>, viewerId: number | null): Promise<unknown>;
  /** Scopes, window and eviction (C14–C17). */
  scope: EntityScope<keyof R & string>;
  /** What the storage settings call its table ('Finds'). */
  label: string;
}

/** A descriptor as the engine uses it: every entity alike, records typed as the SyncRecord union. */
export interface SyncedEntity<E extends SyncEntity = SyncEntity, R extends SyncRecord = SyncRecord> {
  entity: E;
  table: E;
  indexes: string;
  toggle: boolean;
  is(value: unknown): value is R;
  fold(base: SyncRecord | null, mutation: OutboxMutation): SyncRecord | null;
  fromServer(data: Payload): SyncRecord | null;
  dependsOn(mutation: OutboxMutation, parent: OutboxMutation): boolean;
  describe(mutation: OutboxMutation): MutationDescription;
  blobRefs(payload: Payload): string[];
  privateBlobs: boolean;
  forgetOnViewerChange(db: Dexie, viewerId: number | null): Promise<unknown>;
  scope: EntityScope;
  label: string;
}

export function defineEntity<R extends SyncRecord, E extends SyncedStoreName>(
  spec: EntitySpec<R, E>,
): SyncedEntity<E, R> {
  // The index spec is declared with the database's stores (synced-stores.ts), read here.
  const indexes: string = SYNCED_STORES[spec.entity];
  const own = (value: unknown): R | null => (spec.is(value) ? value : null);
  const { fold } = spec;
  return {
    entity: spec.entity,
    table: spec.entity,
    indexes,
    toggle: fold === 'toggle',
    is: spec.is,
    fold(base, m) {
      if (m.op === 'delete') return null;
      const current = own(base);
      if (typeof fold === 'function') return own(fold(current, m)) ?? current;
      if (fold === 'toggle') return current ?? own(m.record);
      // A payload that would break the record's shape leaves it as it was (the server refuses it anyway).
      if (current) return own(overlay(current, m.payload, fold)) ?? current;
      // An update of a record that is gone (deleted on the server) has nothing to apply to.
      return m.op === 'create' ? own(m.record) : null;
    },
    fromServer: (hideableEntities as readonly string[]).includes(spec.entity)
      ? (data) => withModeratorMark(spec.fromServer(data), data)
      : spec.fromServer,
    dependsOn: (m, parent) => spec.dependsOn?.(m, parent) ?? false,
    describe: (m) => spec.describe(m, own(m.record) ?? own(m.before) ?? undefined),
    blobRefs: (payload) => spec.blobRefs?.(payload) ?? [],
    privateBlobs: spec.privateBlobs ?? false,
    forgetOnViewerChange: async (db, viewerId) =>
      spec.forgetOnViewerChange?.(db.table<R, string>(spec.entity), viewerId),
    scope: checkedScope({ ...spec, indexes }),
    label: spec.label,
  };
}

/**
 * A hideable record's pulled row keeps the moderator's mark its author's pull carries (docs/moderation.md),
 * whatever fields its own `fromServer` copies; a row without it (a restore re-logs the record) has none.
 * Pulled rows replace the stored one whole, and queued changes fold onto that row, so a restore clears it.
 */
function withModeratorMark<R extends SyncRecord>(row: R | null, data: Payload): SyncRecord | null {
  if (!row) return null;
  const mark = moderatorMarkOf(data);
  if (mark) return { ...row, hiddenByModerator: mark };
  // A malformed mark copied by a `fromServer` that keeps every field (a find's) is no mark.
  return 'hiddenByModerator' in row ? { ...row, hiddenByModerator: undefined } : row;
}

/** A windowed entity must be indexed as eviction reads it (C16): fail at start-up, not on a device. */
function checkedScope<F extends string>(spec: {
  entity: string;
  indexes: string;
  scope: EntityScope<F>;
}): EntityScope<F> {
  if (spec.scope.kind === 'owned' && spec.scope.window) {
    const indexes = spec.indexes.split(',').map((s) => s.trim());
    for (const needed of ['id', 'userId'])
      if (!indexes.includes(needed))
        throw new Error(`${spec.entity}: a windowed entity needs an '${needed}' index (C16)`);
  }
  return spec.scope;
}

/** ' "Roman denarius"', shortened for the panel; '' when there is no text. */
export const quoted = (value: string | undefined) =>
  value ? ` "${value.length > 60 ? `${value.slice(0, 57)}…` : value}"` : '';

/** The three verbs of a record's queued writes: create, update, delete. */
export const verbFor = (m: OutboxMutation, verbs: readonly [string, string, string]) =>
  m.op === 'create' ? verbs[0] : m.op === 'update' ? verbs[1] : verbs[2];

/** A child created under a parent that is itself still a queued create (a comment on an unsent find). */
export const childOf =
  (parent: SyncEntity, parentKey: string) =>
  (m: OutboxMutation, p: OutboxMutation): boolean =>
    p.entity === parent && p.op === 'create' && m.op === 'create' && m.payload[parentKey] === p.uid;

/** A record keyed by its parent's uid (a like) on a parent that is still a queued create. */
export const keyedByParent =
  (parent: SyncEntity) =>
  (m: OutboxMutation, p: OutboxMutation): boolean =>
    p.entity === parent && p.op === 'create' && m.uid === p.uid;
