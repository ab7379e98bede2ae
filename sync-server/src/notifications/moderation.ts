/**
 * A moderator's action on a member's record or account (docs/moderation.md): the member is told, in the
 * action's transaction, what was done and why. The moderator is not named (`actorId` null: a system act).
 */
import type { ModerationActionName } from '@schema/contracts/moderation';
import type { Store } from '../sync/registry';
import { notify } from './notify';
import { nounOf, pageOf, preview } from './texts';

const TITLES: Record<ModerationActionName, (noun: string) => string> = {
  dismiss: (noun) => `Reports about your ${noun} were dismissed`,
  hide: (noun) => `A moderator hid your ${noun}`,
  restore: (noun) => `A moderator restored your ${noun}`,
  delete: (noun) => `A moderator deleted your ${noun}`,
  warn: () => 'A warning from the moderators',
  suspend: () => 'Your account was suspended',
  unsuspend: () => 'Your suspension was lifted',
};

export async function moderationActed(
  tx: Store,
  act: {
    actionId: number;
    action: ModerationActionName;
    recipientId: number;
    entity: string | null;
    recordId: number | null;
    reason: string;
  },
): Promise<void> {
  const onRecord = act.entity !== null && act.recordId !== null && act.entity !== 'users';
  const noun = act.entity ? nounOf(act.entity) : 'account';
  await notify(tx, {
    recipientId: act.recipientId,
    kind: 'moderation',
    actorId: null,
    entity: act.entity,
    entityId: act.recordId,
    title: TITLES[act.action](noun),
    body: preview(act.reason),
    url:
      onRecord && act.action !== 'delete' && act.entity && act.recordId
        ? pageOf(act.entity, act.recordId)
        : '/notifications',
    groupKey: `moderation:${act.actionId}`,
  });
}
