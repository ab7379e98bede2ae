/**
 * A group's invite link (docs/product/social.md "Groups"; docs/privacy.md). A private group is hidden from
 * everyone outside it (visibility.ts), but its link — the page of its uid, which only the creator hands out
 * — must say what it invites to. The uid is the entitlement: a random 128-bit name (UUIDv7, 74 random bits)
 * nobody guesses, unlike the numeric id, which therefore answers 404 here like a group that does not
 * exist. The answer is the group's name and whether it is private, and the caller's own request: nothing
 * that its page, members or discussion would show.
 */
import { and, eq } from 'drizzle-orm';
import type { GroupInvitation } from '@schema/contracts/group-invitation';
import { groupMessages } from '@schema/contracts/groups';
import { groupMemberships, groups } from '@schema/db/tables';
import { notFound } from '../../lib/errors';
import { first } from '../../lib/query';
import type { Store, Viewer } from '../../sync/registry';

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function invitationFor(store: Store, viewer: Viewer, uid: string): Promise<GroupInvitation> {
  if (!UID.test(uid)) throw notFound(groupMessages.notFound);
  const group = await first(
    store
      .select({ id: groups.id, uid: groups.uid, name: groups.name, isPrivate: groups.isPrivate })
      .from(groups)
      .where(eq(groups.uid, uid.toLowerCase())),
  );
  if (!group) throw notFound(groupMessages.notFound);
  const mine =
    viewer === null
      ? undefined
      : await first(
          store
            .select({ status: groupMemberships.status })
            .from(groupMemberships)
            .where(and(eq(groupMemberships.groupId, group.id), eq(groupMemberships.userId, viewer.id))),
        );
  return {
    uid: group.uid,
    name: group.name,
    isPrivate: group.isPrivate,
    membership: mine ? { status: mine.status } : null,
  };
}
