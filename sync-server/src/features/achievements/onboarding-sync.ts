/**
 * The tour state as a synced entity (PROTOCOL.md entities table; docs/product/achievements.md "Tour
 * state"): one `onboarding` record per member, its uid derived from the member's id
 * (schema/contracts/onboarding.ts), so a device that has never pulled it still names it.
 *
 * - create and update merge the device's state into the member's (finished steps a union, skipping and
 *   finishing kept), so a tour taken offline on the phone and skipped on the desktop ends skipped with the
 *   phone's steps. A create of a record that exists merges too and answers `duplicate` (S4): the merge is
 *   idempotent, so nothing a device did is lost to the order its writes arrive in;
 * - delete is Restart: the record goes, and every device starts again at the first step;
 * - a uid naming another member's record is a conflict (S4); member-only: nobody else ever pulls it.
 */
import { onboardingChangeSchema, onboardingMessages } from '@schema/contracts/achievements';
import { onboardingOwner } from '@schema/contracts/onboarding';
import { conflict } from '../../lib/errors';
import {
  applied,
  createdOrDuplicate,
  writeOp,
  type SyncedEntity,
  type WriteContext,
} from '../../sync/entity';
import { loadOnboardingForPull, mergeIntoOnboarding, resetOnboarding } from './onboarding';

/** The member whose record the mutation names: only the caller's own. */
function ownerOf({ user, ref }: WriteContext): number {
  if (onboardingOwner(ref.uid) !== user.id) throw conflict(onboardingMessages.notYours);
  return user.id;
}

const merge = writeOp(onboardingChangeSchema, async ({ store, user, mutation }, change) => {
  const { created } = await mergeIntoOnboarding(store, user.id, change);
  return mutation.op === 'update' ? applied(user.id) : createdOrDuplicate(created, user.id);
});

/** The uid is checked before the payload: another member's record is a conflict whatever it carries. */
const ownMerge = async (ctx: WriteContext) => {
  ownerOf(ctx);
  return merge(ctx);
};

export const onboardingEntity: SyncedEntity = {
  entity: 'onboarding',
  visibility: { rows: 'member-only' },
  scope: { kind: 'owned' },
  load: loadOnboardingForPull,
  write: {
    uid: 'record',
    create: ownMerge,
    update: ownMerge,
    delete: async (ctx) => {
      await resetOnboarding(ctx.store, ownerOf(ctx));
      return applied(ctx.user.id);
    },
  },
};
