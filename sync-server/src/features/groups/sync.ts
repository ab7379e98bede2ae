/**
 * Groups and memberships as synced entities (sync-server/src/sync/PROTOCOL.md; docs/product/social.md
 * "Offline"): a queued group create, edit or delete, and a queued join (a membership create naming the
 * group's uid) or leave (its delete), applied through the same service functions as the REST routes, so a
 * rejection reads exactly like the online answer.
 *
 * Scope: a group is its creator's (`own`); its members' devices pin it. A membership is its member's
 * (`own`). Visibility is a rule (visibility.ts): a private group, and its memberships, are tombstones for a
 * caller who is not (or no longer) a member. On conflict the last edit wins per field (S17); a delete wins.
 */
import {
  groupMessages,
  groupSyncCreatePayloadSchema,
  groupSyncUpdatePayloadSchema,
} from '@schema/contracts/groups';
import { membershipSyncCreatePayloadSchema } from '@schema/contracts/groups';
import {
  applied,
  createdOrDuplicate,
  parentRequired,
  unsupported,
  writeOp,
  type SyncedEntity,
} from '../../sync/entity';
import { parseIdParam } from '../../lib/validate';
import { deleteMembership, joinGroup, loadMembershipsForPull } from './memberships';
import { createGroup, deleteGroup, loadGroupsForPull, updateGroup } from './service';

export const groupsEntity: SyncedEntity = {
  entity: 'groups',
  visibility: { rows: 'rules', rule: 'a private group only to its members and invited members' },
  scope: { kind: 'owned' },
  load: loadGroupsForPull,
  write: {
    uid: 'record',
    create: writeOp(groupSyncCreatePayloadSchema, async ({ store, user, mutation }, input) => {
      const { group, created } = await createGroup(store, user, input, { uid: mutation.uid });
      return createdOrDuplicate(created, group.id);
    }),
    update: writeOp(groupSyncUpdatePayloadSchema, async ({ store, user, ref }, input) =>
      applied((await updateGroup(store, user, ref, input)).id),
    ),
    delete: async ({ store, user, ref }) => applied(await deleteGroup(store, user, ref, { missingOk: true })),
  },
};

export const membershipsEntity: SyncedEntity = {
  entity: 'group_memberships',
  visibility: {
    rows: 'rules',
    rule: "a private group's memberships only to its members and their own member",
  },
  scope: { kind: 'owned' },
  load: loadMembershipsForPull,
  write: {
    uid: 'record',
    create: writeOp(membershipSyncCreatePayloadSchema, async ({ store, user, mutation }, input) => {
      const group = parseIdParam(input.groupUid);
      const { membership, created } = await parentRequired(() =>
        joinGroup(store, user, group, { uid: mutation.uid }),
      );
      return createdOrDuplicate(created, membership.id);
    }),
    // A membership is joined or left; its status is the server's (approval is the creator's REST call).
    update: unsupported(groupMessages.membershipNotEditable),
    delete: async ({ store, user, ref }) => applied(await deleteMembership(store, user, ref)),
  },
};
