/**
 * The sync contract (PROTOCOL.md), run for EVERY writable entity registered in entities.ts, on the real
 * app and a real SQLite file: idempotent create by uid (S4), duplicate on replay (S3), rejection with the
 * REST route's code and message (S5), photo first (S10), tombstone on delete (S13), the entity's
 * declared visibility (S13, S14, S16) and its declared scope: whose it is in the change log and which pull
 * scopes carry it (S26–S28, S30). Each entity brings a fixture (contract-fixtures.ts); a registered
 * writable entity without one fails here, so a new entity is covered the moment it is registered. The
 * read-only entities (counts, reference data, profiles) are checked by their scope kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changeLog, syncMutations } from '@schema/db/tables';
import type { Change, Mutation, PinRef, PullEntity } from '@schema/contracts/sync';
import { createTestApp } from '../test/harness';
import { contractFixtures, type ContractEnv, type EntityFixture } from './contract-fixtures';
import { syncedEntities } from './entities';
import type { SyncedEntity } from './entity';
import {
  mutation,
  newUid,
  pullAll,
  pullScopes,
  push,
  signedIn,
  type ScopeCursors,
  type TestClient,
} from './test-fixtures';

const writable = syncedEntities.filter((e) => e.write !== undefined);
const readOnly = syncedEntities.filter((e) => e.write === undefined);

/** The changes of this record in a pull (for a like: the member's mark on that parent). */
const changesOf = (changes: Change[], created: Mutation) =>
  changes.filter((c) => c.entity === created.entity && c.uid === created.uid);

/**
 * What a device pulls of this record: every scope it asks for, with the record pinned (it opened it, S28),
 * so a record outside every window — a comment, a like — still reaches the callers that may see it.
 */
const pinsOf = (record: Mutation): PinRef[] => [{ entity: record.entity, uid: record.uid }];
const pullFor = async (client: TestClient, record: Mutation, cursors?: ScopeCursors) =>
  changesOf((await pullAll(client, { cursors, pins: pinsOf(record), limit: 2000 })).changes, record);
const cursorsFor = async (client: TestClient, record: Mutation) =>
  (await pullAll(client, { pins: pinsOf(record), limit: 2000 })).cursors;

describe('contract fixtures', () => {
  it('every writable entity has one, and none is left for an entity that is not registered', () => {
    const registered = writable.map((e) => e.entity).sort();
    expect(registered.filter((name) => !contractFixtures[name])).toEqual([]);
    expect(Object.keys(contractFixtures).sort()).toEqual(registered);
  });
});

describe('scope declarations', () => {
  it('S25: every registered entity declares a scope the suite checks, and its parent is a registered owned entity', () => {
    const owned = new Set(syncedEntities.filter((e) => e.scope.kind === 'owned').map((e) => e.entity));
    for (const { entity, scope } of syncedEntities) {
      if (scope.kind === 'child' || scope.kind === 'counts') expect(owned, entity).toContain(scope.parent);
    }
    // Writable entities are records members make: owned, or under a parent.
    expect(writable.filter((e) => e.scope.kind !== 'owned' && e.scope.kind !== 'child')).toEqual([]);
    // Read-only entities are checked below by kind; an owned or child one would need a fixture.
    expect(readOnly.filter((e) => e.scope.kind === 'owned' || e.scope.kind === 'child')).toEqual([]);
  });
});

for (const entity of readOnly) {
  describe(`contract: ${entity.entity} (read-only, ${entity.scope.kind})`, () => {
    let env: ContractEnv;
    beforeAll(async () => {
      const t = await createTestApp();
      env = { t, writer: await signedIn(t, 'writer'), other: await signedIn(t, 'other'), anon: t.client() };
    });
    afterAll(() => env.t.close());
    const { scope } = entity;
    if (scope.kind === 'reference')
      it('S31: every caller holds it whole from an empty reference cursor', async () => {
        const { changes } = await pullScopes(env.anon, { reference: '' });
        expect(changes.filter((c) => c.entity === entity.entity).length).toBeGreaterThan(0);
      });
    if (scope.kind === 'profile')
      it('S26: a member pulls their own in own', async () => {
        const member = await env.t.member('Registered');
        const { changes } = await pullScopes(member.client, { own: '' });
        expect(changes.filter((c) => c.entity === entity.entity).map((c) => c.id)).toContain(member.user.id);
      });
    if (scope.kind === 'counts') {
      const children = writable.filter((e) => e.scope.kind === 'child' && e.scope.parent === scope.parent);
      it(`S30: moved by its parent's children (${children.map((c) => c.entity).join(', ')})`, () => {
        expect(children.length).toBeGreaterThan(0);
      });
    }
  });
}

for (const entity of writable) {
  const fixture = contractFixtures[entity.entity];
  describe(`contract: ${entity.entity}`, () => {
    if (!fixture) {
      it('has a contract fixture in contract-fixtures.ts', () => {
        expect.fail(`${entity.entity} is registered in entities.ts but has no contract fixture`);
      });
      return;
    }
    contractTests(entity, fixture);
  });
}

function contractTests(entity: SyncedEntity, fixture: EntityFixture) {
  const write = entity.write;
  if (!write) return;
  let env: ContractEnv;

  beforeAll(async () => {
    const t = await createTestApp();
    env = { t, writer: await signedIn(t, 'writer'), other: await signedIn(t, 'other'), anon: t.client() };
  });
  afterAll(() => env.t.close());

  /** Pushes the fixture's valid create as the writer and checks that it was applied. */
  async function created(): Promise<{ create: Mutation; id: number | undefined }> {
    const create = await fixture.validCreate(env);
    const { results } = await push(env.writer.client, [create]);
    expect(results[0]).toMatchObject({ mutationId: create.mutationId, status: 'applied' });
    return { create, id: results[0]?.id };
  }

  it('S3: a replayed create answers duplicate and changes nothing', async () => {
    const create = await fixture.validCreate(env);
    const { results } = await push(env.writer.client, [create, create]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'duplicate']);
    const again = await push(env.writer.client, [create]);
    expect(again.results.map((r) => r.status)).toEqual(['duplicate']);
    expect(await pullFor(env.writer.client, create)).toHaveLength(1);
  });

  if (fixture.serverMade) {
    it('S17: a record the server makes is neither created nor deleted by a device (unsupported-operation)', async () => {
      const { create } = await created();
      const { results } = await push(env.writer.client, [
        mutation(create.entity, 'create', newUid(), create.payload),
        mutation(create.entity, 'delete', create.uid),
      ]);
      expect(results.map((r) => [r.status, r.code])).toEqual([
        ['rejected', 'unsupported-operation'],
        ['rejected', 'unsupported-operation'],
      ]);
      expect(await pullFor(env.writer.client, create)).toEqual([expect.objectContaining({ op: 'upsert' })]);
    });
  } else if (write.uid === 'record') {
    it('S4: the same uid created again under another mutation id is the same record; another member’s is a conflict', async () => {
      const { create, id } = await created();
      const resent = await push(env.writer.client, [{ ...create, mutationId: newUid() }]);
      expect(resent.results[0]).toMatchObject({ status: 'duplicate', id });
      const foreign = await push(env.other.client, [{ ...create, mutationId: newUid() }]);
      expect(foreign.results[0]).toMatchObject({ status: 'rejected', code: 'conflict' });
      expect(await pullFor(env.writer.client, create)).toHaveLength(1);
    });
  } else {
    it('S4: marking the same parent again under another mutation id adds no second mark', async () => {
      const { create } = await created();
      const resent = await push(env.writer.client, [{ ...create, mutationId: newUid() }]);
      expect(resent.results[0]).toMatchObject({ status: 'applied' });
      expect(await pullFor(env.writer.client, create)).toEqual([
        expect.objectContaining({ op: 'upsert', id: env.writer.user.id }),
      ]);
    });
  }

  it('S5: an invalid create is rejected with the REST route’s code and message, and nothing is stored', async () => {
    const { mutation: invalid, rest } = await fixture.invalidCreate(env);
    const { results } = await push(env.writer.client, [invalid]);
    const answer = await rest();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    // S8: under sync, a create whose parent is missing says so: 'parent-missing', the REST 404's message.
    const code = answer.status === 404 ? 'parent-missing' : answer.json?.code;
    expect(results[0]).toEqual({
      mutationId: invalid.mutationId,
      status: 'rejected',
      code,
      message: answer.json?.message,
    });
    const stored = await env.t.db
      .select()
      .from(syncMutations)
      .where(eq(syncMutations.mutationId, invalid.mutationId));
    expect(stored).toEqual([]);
  });

  for (const blob of entity.blobs ?? []) {
    it(`S10: a create naming a photo never uploaded (${blob.field}) answers photo-missing`, async () => {
      const create = await fixture.validCreate(env);
      const unknown = { ...create, payload: { ...create.payload, [blob.field]: 'f'.repeat(64) } };
      const { results } = await push(env.writer.client, [unknown]);
      expect(results[0]).toMatchObject({ status: 'rejected', code: 'photo-missing', message: blob.missing });
    });
  }

  if (!fixture.serverMade)
    it('S13: a delete reaches pulls as a tombstone', async () => {
      const { create } = await created();
      const before = await cursorsFor(env.writer.client, create);
      const { results } = await push(env.writer.client, [mutation(create.entity, 'delete', create.uid)]);
      expect(results[0]?.status).toBe('applied');
      const readers = isPrivate(entity) ? [env.writer.client] : [env.writer.client, env.anon];
      for (const reader of readers)
        expect(await pullFor(reader, create, before)).toEqual([expect.objectContaining({ op: 'delete' })]);
    });

  scopeTests(entity, fixture, () => env, created);

  const { visibility } = entity;
  if (visibility.rows === 'public') {
    const hidden = visibility.ownerOnlyFields ?? [];
    it(`S16: every caller pulls the record${hidden.length ? `; ${hidden.join(', ')} only its owner` : ''}`, async () => {
      const { create } = await created();
      const own = await pullFor(env.writer.client, create);
      expect(own).toEqual([expect.objectContaining({ op: 'upsert' })]);
      for (const field of hidden) expect(own[0]?.data).toHaveProperty(field);
      for (const reader of [env.other.client, env.anon]) {
        const theirs = await pullFor(reader, create);
        expect(theirs).toEqual([expect.objectContaining({ op: 'upsert' })]);
        for (const field of hidden) expect(theirs[0]?.data).not.toHaveProperty(field);
      }
    });
  } else if (visibility.rows === 'participants') {
    it('S14: only the two members a record is between pull it; nobody else hears of it, pinned or not', async () => {
      const { create } = await created();
      expect(await pullFor(env.writer.client, create)).toEqual([expect.objectContaining({ op: 'upsert' })]);
      for (const reader of [env.other.client, env.anon]) expect(await pullFor(reader, create)).toEqual([]);
    });
  } else if (visibility.rows === 'member-only') {
    it('S14: only the member whose record it is pulls it; nobody else hears of it', async () => {
      const { create } = await created();
      // A mark keyed by its parent (a like) is logged under its member's id; a record (a completed
      // route) under its own.
      const marked = entity.write?.uid === 'parent' ? { id: env.writer.user.id } : {};
      expect(await pullFor(env.writer.client, create)).toEqual([
        expect.objectContaining({ op: 'upsert', ...marked }),
      ]);
      for (const reader of [env.other.client, env.anon]) expect(await pullFor(reader, create)).toEqual([]);
    });
  } else {
    it(`S13: a record that stops being visible (${visibility.rule}) reaches the other member as a tombstone`, async () => {
      expect(
        fixture.hide,
        `${entity.entity} has visibility rules: its fixture must say how to hide one`,
      ).toBeDefined();
      const { create } = await created();
      const before = await cursorsFor(env.other.client, create);
      await fixture.hide?.(env, create);
      expect(await pullFor(env.other.client, create, before)).toEqual([
        expect.objectContaining({ op: 'delete' }),
      ]);
    });
  }
}

/** Rows nobody but their member(s) ever pulls, not even pinned (S14). */
const isPrivate = (entity: SyncedEntity) =>
  entity.visibility.rows === 'member-only' || entity.visibility.rows === 'participants';

/** The change-log row of a pushed create: a record by its uid, a mark (like) by its member and parent. */
async function logRowOf(env: ContractEnv, entity: SyncedEntity, create: Mutation) {
  const byMember = entity.write?.uid === 'parent' ? eq(changeLog.entityId, env.writer.user.id) : undefined;
  return (
    await env.t.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, entity.entity), eq(changeLog.uid, create.uid), byMember))
  )[0];
}

/** S26–S28, S30 for one writable entity, from its scope declaration. */
function scopeTests(
  entity: SyncedEntity,
  fixture: EntityFixture,
  getEnv: () => ContractEnv,
  created: () => Promise<{ create: Mutation }>,
) {
  const { scope } = entity;
  const memberOnly = isPrivate(entity);
  const between = entity.visibility.rows === 'participants';
  const scoped = async (client: TestClient, cursors: ScopeCursors, pins: string[] = []) =>
    (await pullScopes(client, cursors, { pins: pins.map((uid) => ({ entity: entity.entity, uid })) }))
      .changes;
  const parentEntity: PullEntity | null = scope.kind === 'child' ? scope.parent : null;

  it(`S26: its change-log row names its owner${parentEntity ? `, its ${parentEntity} parent and ${memberOnly ? 'no' : 'the'} parent's owner` : ''}`, async () => {
    const env = getEnv();
    const { create } = await created();
    const row = await logRowOf(env, entity, create);
    expect(row).toMatchObject({ ownerId: env.writer.user.id });
    // Between two members: the other one is named as the parent owner, so their own pull reads it.
    if (between) return expect(row?.parentOwnerId).toEqual(expect.any(Number));
    if (!parentEntity) return expect(row).toMatchObject({ parentUid: null, parentOwnerId: null });
    const parent = (
      await env.t.db
        .select()
        .from(changeLog)
        .where(and(eq(changeLog.entity, parentEntity), eq(changeLog.uid, row?.parentUid ?? '')))
    )[0];
    expect(parent, 'the parent is logged under parent_uid').toBeDefined();
    expect(row?.parentOwnerId).toBe(memberOnly ? null : parent?.ownerId);
  });

  it('S26: its writer pulls it in own from an empty cursor; another member does not', async () => {
    const env = getEnv();
    const { create } = await created();
    expect(changesOf(await scoped(env.writer.client, { own: '' }), create)).toEqual([
      expect.objectContaining({ op: 'upsert' }),
    ]);
    expect(changesOf(await scoped(env.other.client, { own: '' }), create)).toEqual([]);
  });

  it(`S28: pinned under ${parentEntity ? 'its parent' : 'its uid'}, it reaches ${memberOnly ? 'nobody else' : 'every caller'} after the cursor`, async () => {
    const env = getEnv();
    const create = await fixture.validCreate(env);
    // The cursor is taken before the record exists (a child's parent already does): it arrives as a change.
    const before = (await pullScopes(env.anon, { pinned: '' })).cursors.pinned ?? '';
    const { results } = await push(env.writer.client, [create]);
    expect(results[0]?.status).toBe('applied');
    const pins = [parentEntity ? ((await logRowOf(env, entity, create))?.parentUid ?? '') : create.uid];
    for (const reader of [env.other.client, env.anon]) {
      const got = changesOf(await scoped(reader, { pinned: before }, pins), create);
      expect(got).toEqual(memberOnly ? [] : [expect.objectContaining({ op: 'upsert' })]);
    }
  });

  if (scope.kind === 'owned' && scope.window) {
    const window = scope.window.scope;
    it(`S27: every caller holds it in ${window} from an empty cursor`, async () => {
      const env = getEnv();
      const { create } = await created();
      for (const reader of [env.writer.client, env.other.client, env.anon])
        expect(changesOf(await scoped(reader, { [window]: '' }), create)).toHaveLength(1);
    });
  }

  const counts = syncedEntities.find((e) => e.scope.kind === 'counts' && e.scope.parent === parentEntity);
  if (parentEntity && counts) {
    it(`S30: its create moves ${counts.entity} and never logs its ${parentEntity} again`, async () => {
      const env = getEnv();
      const create = await fixture.validCreate(env);
      const mark = Math.max(
        0,
        ...(await env.t.db.select({ seq: changeLog.seq }).from(changeLog)).map((r) => r.seq),
      );
      await push(env.writer.client, [create]);
      const parentUid = (await logRowOf(env, entity, create))?.parentUid;
      const after = (await env.t.db.select().from(changeLog)).filter(
        (r) => r.seq > mark && r.uid === parentUid,
      );
      expect(after.map((r) => r.entity).sort()).toEqual(
        [counts.entity, ...(entity.write?.uid === 'parent' ? [entity.entity] : [])].sort(),
      );
    });
  }
}
