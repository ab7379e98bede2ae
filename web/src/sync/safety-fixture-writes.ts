/**
 * The create of the detecting trips' entity fixture (entity-fixtures.ts), as the /safety page writes it: a
 * trip back in two hours with one contact. Test code only.
 */
import { uuidv7 } from 'uuidv7';
import { newTripRecord } from '@web/db/entities/safety';
import type { LocalWrite } from './outbox';
import type { FixtureContext } from './fixture-writes';

export function tripWrite({ member }: FixtureContext, contacts = ['buddy@example.com']): LocalWrite {
  const uid = uuidv7();
  const payload = {
    expectedReturnAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    contacts,
    shareLastPosition: false,
  };
  const record = newTripRecord(uid, member.user.id, payload);
  return { entity: 'safety_trips', op: 'create', uid, userId: member.user.id, payload, record };
}
