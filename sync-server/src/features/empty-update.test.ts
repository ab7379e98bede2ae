/**
 * S17 over REST: an edit naming no field changes nothing — the answer is the record as it was, its
 * `updatedAt` is not touched and no change is logged (devices would otherwise pull an unchanged record).
 * One test per entity with a REST edit; the sync push path has its own test (sync/entity.ts).
 */
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '@schema/db/tables';
import { createTestApp, type TestApp } from '../test/harness';
import { signedIn, type TestClient } from '../sync/test-fixtures';
import { createEvent } from './events/test-fixtures';
import { createGroupAs } from './groups/test-fixtures';
import { createSpot } from './locations/test-fixtures';

let t: TestApp;
let owner: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedIn(t, 'editor')).client;
});
afterAll(() => t.close());

/** The newest change logged for the entity (older rows of one record may be folded into it). */
const changesOf = async (entity: string) =>
  (
    await t.db
      .select({ seq: max(changeLog.seq) })
      .from(changeLog)
      .where(eq(changeLog.entity, entity))
  )[0]?.seq;

/** `before` is the create's answer: the edit's answer keeps its stamp (where the contract has one). */
async function expectNoChange(entity: string, path: string, before: object) {
  const logged = await changesOf(entity);
  // A later clock reading than the create's, so a rewritten stamp would differ.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const res = await owner.put(path, {});
  expect(res.status).toBe(200);
  expect(res.json.updated_at).toBe(Reflect.get(before, 'updated_at'));
  expect(await changesOf(entity)).toBe(logged);
}

describe('PUT naming no field (S17)', () => {
  it('an event stays as it was', async () => {
    const event = await createEvent(owner);
    await expectNoChange('events', `/api/events/${event.id}`, event);
  });

  it('a spot stays as it was', async () => {
    const spot = await createSpot(owner);
    await expectNoChange('locations', `/api/locations/${spot.id}`, spot);
  });

  it('a group stays as it was', async () => {
    const group = await createGroupAs(owner, { name: 'Unchanged Diggers' });
    await expectNoChange('groups', `/api/groups/${group.id}`, group);
  });
});
