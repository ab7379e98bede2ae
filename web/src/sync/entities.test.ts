/**
 * The sync rules every synced entity follows, run for each entity registered in web/src/db/entities
 * against the real server in process (README.md C1–C13, PROTOCOL.md S1–S24). A new entity is covered the
 * moment it is registered; without a fixture in entity-fixtures.ts the suite fails.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SYNCED_ENTITIES } from '@web/db/entities';
import type { OutboxMutation } from '@web/db/sync-types';
import { describeMutation } from './entities';
import { ENTITY_FIXTURES, isServerMade, type DeviceMadeFixture, type EntityFixture } from './entity-fixtures';
import { discardMutation, queuedFor, recordTable, writeLocal } from './outbox';
import { isPushResponse } from './protocol';
import { toWire } from './push';
import { device, member, serverPerFile, type Device } from './test-utils';
import { jsonInit, request } from './transport';

const server = serverPerFile();

const fixtures: Partial<Record<string, EntityFixture>> = ENTITY_FIXTURES;

function fixtureFor(entity: string): DeviceMadeFixture {
  const fixture = fixtures[entity];
  if (!fixture) throw new Error(`No test fixture for the synced entity '${entity}' (entity-fixtures.ts)`);
  if (isServerMade(fixture)) throw new Error(`'${entity}' is made by the server`);
  return fixture;
}

const deviceMade = SYNCED_ENTITIES.filter((e) => !isServerMade(fixtures[e.entity]));

it('every registered synced entity has a test fixture', () => {
  const missing = SYNCED_ENTITIES.map((e) => e.entity).filter((entity) => !fixtures[entity]);
  expect(missing).toEqual([]);
});

/** S12: the answer to a push was lost, so the device sends the same mutation again; it changes nothing. */
async function expectReplayIsDuplicate(dev: Device, queued: OutboxMutation | undefined): Promise<void> {
  const answer = await request(
    dev.fetch,
    '/api/sync/push',
    jsonInit('POST', { mutations: [toWire(queued ?? expect.fail('not queued'))] }),
  );
  expect(isPushResponse(answer.data) && answer.data.results).toEqual([
    expect.objectContaining({ mutationId: queued?.mutationId, status: 'duplicate' }),
  ]);
}

describe.each(deviceMade.map((e) => [e.entity, e] as const))('synced entity %s', (entity, descriptor) => {
  it('C1 C9 S1 S3: a create syncs, comes back from pull on another device, and its replay answers duplicate', async () => {
    const m = await member(server.t, server.name(`${entity}-create`));
    const phone = await device(server.t, m);
    const laptop = await device(server.t, m);
    const write = await fixtureFor(entity).create({ dev: phone, member: m, t: server.t });
    await writeLocal(phone.db, write);
    const [queued] = await queuedFor(phone.db, entity, write.uid);
    expect(queued).toMatchObject({ status: 'pending', entity, op: 'create' });

    expect(await phone.engine.sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    expect(await phone.db.outbox.count()).toBe(0);
    await laptop.engine.sync();
    const pulled = await recordTable(laptop.db, descriptor).get(write.uid);
    expect(descriptor.is(pulled)).toBe(true);
    expect(pulled).toMatchObject({ uid: write.uid });
    if ('ofParent' in descriptor) {
      // A comment is read with its parent's others, oldest first.
      const parentUid = String(write.payload?.[descriptor.parent.key]);
      expect((await descriptor.ofParent(laptop.db, parentUid)).map((c) => c.uid)).toEqual([write.uid]);
    }

    await expectReplayIsDuplicate(phone, queued);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('C7 C8 S5: a refused create stays in Not synced with the server message, and Discard removes it', async () => {
    const m = await member(server.t, server.name(`${entity}-refused`));
    const dev = await device(server.t, m);
    const { write, error } = await fixtureFor(entity).refused({ dev, member: m, t: server.t });
    await writeLocal(dev.db, write);

    expect(await dev.engine.sync()).toMatchObject({ rejected: 1 });
    const [rejected] = await queuedFor(dev.db, entity, write.uid);
    expect(rejected).toMatchObject({ status: 'rejected', lastError: error });
    expect(describeMutation(rejected ?? expect.fail('not kept')).label).not.toBe('A change');
    // The member still sees what they wrote until they discard it.
    expect(await recordTable(dev.db, descriptor).get(write.uid)).toBeDefined();

    await discardMutation(dev.db, rejected?.mutationId ?? '');
    expect(await queuedFor(dev.db, entity, write.uid)).toEqual([]);
    expect(await recordTable(dev.db, descriptor).get(write.uid)).toBeUndefined();
    await dev.close();
  });

  it('C9 S13: a delete removes the record on this device at once and on another after its pull', async () => {
    const m = await member(server.t, server.name(`${entity}-delete`));
    const phone = await device(server.t, m);
    const laptop = await device(server.t, m);
    const write = await fixtureFor(entity).create({ dev: phone, member: m, t: server.t });
    await writeLocal(phone.db, write);
    await phone.engine.sync();
    await laptop.engine.sync();
    expect(await recordTable(laptop.db, descriptor).get(write.uid)).toBeDefined();

    await writeLocal(phone.db, { entity, op: 'delete', uid: write.uid, userId: m.user.id });
    expect(await recordTable(phone.db, descriptor).get(write.uid)).toBeUndefined();
    expect(await phone.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1, rejected: 0 });
    await laptop.engine.sync();
    expect(await recordTable(laptop.db, descriptor).get(write.uid)).toBeUndefined();
    await Promise.all([phone.close(), laptop.close()]);
  });
});

// Records only the server makes (a notification): pulled, updated on one device and seen on another; a
// device's create or delete is refused and stays in Not synced until discarded.
describe.each(
  SYNCED_ENTITIES.flatMap((e) => {
    const fixture = fixtures[e.entity];
    return isServerMade(fixture) ? [[e.entity, e, fixture] as const] : [];
  }),
)('server-made synced entity %s', (entity, descriptor, fixture) => {
  it('C9 S3 S12: made by the server, it comes with the pull; an update on one device reaches another, and its replay answers duplicate', async () => {
    const m = await member(server.t, server.name(`${entity}-made`));
    const phone = await device(server.t, m);
    const laptop = await device(server.t, m);
    const uid = await fixture.made({ dev: phone, member: m, t: server.t });
    await Promise.all([phone.engine.sync(), laptop.engine.sync()]);
    expect(descriptor.is(await recordTable(phone.db, descriptor).get(uid))).toBe(true);

    await writeLocal(phone.db, { entity, op: 'update', uid, userId: m.user.id, payload: fixture.update });
    expect(await recordTable(phone.db, descriptor).get(uid)).toMatchObject(fixture.update);
    const [queued] = await queuedFor(phone.db, entity, uid);
    expect(await phone.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1, rejected: 0 });
    await laptop.engine.sync();
    expect(await recordTable(laptop.db, descriptor).get(uid)).toMatchObject(fixture.update);

    await expectReplayIsDuplicate(phone, queued);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it("C7 C8 S5: a device's create is refused with the server's message, and Discard removes it", async () => {
    const m = await member(server.t, server.name(`${entity}-refused`));
    const dev = await device(server.t, m);
    const { write, error } = await fixture.refused({ dev, member: m, t: server.t });
    await writeLocal(dev.db, write);
    expect(await dev.engine.sync()).toMatchObject({ rejected: 1 });
    const [rejected] = await queuedFor(dev.db, entity, write.uid);
    expect(rejected).toMatchObject({ status: 'rejected', lastError: error });
    expect(describeMutation(rejected ?? expect.fail('not kept')).label).not.toBe('A change');
    await discardMutation(dev.db, rejected?.mutationId ?? '');
    expect(await recordTable(dev.db, descriptor).get(write.uid)).toBeUndefined();
    await dev.close();
  });

  it("C8: a device's delete is refused; Discard puts the record back", async () => {
    const m = await member(server.t, server.name(`${entity}-undeletable`));
    const dev = await device(server.t, m);
    const uid = await fixture.made({ dev, member: m, t: server.t });
    await dev.engine.sync();
    const { error } = await fixture.refused({ dev, member: m, t: server.t });
    await writeLocal(dev.db, { entity, op: 'delete', uid, userId: m.user.id });
    expect(await dev.engine.sync()).toMatchObject({ rejected: 1 });
    const [rejected] = await queuedFor(dev.db, entity, uid);
    expect(rejected).toMatchObject({ status: 'rejected', lastError: error });
    await discardMutation(dev.db, rejected?.mutationId ?? '');
    expect(descriptor.is(await recordTable(dev.db, descriptor).get(uid))).toBe(true);
    await dev.close();
  });
});
