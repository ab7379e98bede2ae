/**
 * "My groups" from the device (docs/product/social.md "Groups", "Offline"): the groups the member created
 * or belongs to (an active or invited membership), newest first, read live from IndexedDB so a group
 * created, joined or left offline shows at once. The member's own membership rows are the truth where the
 * device holds them (a queued join or leave included); a group's own `membership` (shaped for this viewer
 * by the server) covers the rest until its membership row is pulled.
 */
import { db, type LocalGroup } from '@web/db/database';
import { isRow } from '@web/db/entity-fields';
import { useLive, type Live } from '@web/sync';

const LISTED = new Set(['active', 'invited']);

export async function myGroups(viewerId: number): Promise<LocalGroup[]> {
  const [groups, memberships, queued] = await Promise.all([
    db.groups.toArray(),
    db.group_memberships.where('userId').equals(viewerId).toArray(),
    db.outbox.filter((m) => m.entity === 'group_memberships' && m.op === 'delete').toArray(),
  ]);
  const status = new Map<string, string>();
  // A leave waiting to sync: its row is gone here, the group's own copy still says member until the pull.
  for (const m of queued) {
    const before: unknown = m.before;
    const groupUid = isRow(before) ? before.groupUid : undefined;
    if (typeof groupUid === 'string') status.set(groupUid, 'left');
  }
  for (const m of memberships) status.set(m.groupUid, m.status);
  return groups
    .filter((g) => {
      if (g.creatorId === viewerId) return true;
      const own = status.get(g.uid);
      return own !== undefined ? LISTED.has(own) : LISTED.has(g.membership?.status ?? '');
    })
    .sort((a, b) => (b.id ?? Number.MAX_SAFE_INTEGER) - (a.id ?? Number.MAX_SAFE_INTEGER));
}

export function useMyGroups(viewerId: number): Live<LocalGroup[]> {
  return useLive(() => myGroups(viewerId), [viewerId]);
}

/** A group held on the device by its id or uid (the page's address), with the member's own status. */
export async function heldGroup(
  ref: string,
  viewerId: number | null,
): Promise<{ group: LocalGroup; status: string | null } | null> {
  const id = /^\d+$/.test(ref) ? Number(ref) : null;
  const group = id !== null ? await db.groups.where('id').equals(id).first() : await db.groups.get(ref);
  if (!group) return null;
  if (viewerId === null) return { group, status: null };
  const [own, leaving] = await Promise.all([
    db.group_memberships
      .where('groupUid')
      .equals(group.uid)
      .filter((m) => m.userId === viewerId)
      .first(),
    db.outbox
      .filter((m) => {
        const before: unknown = m.before;
        return (
          m.entity === 'group_memberships' &&
          m.op === 'delete' &&
          isRow(before) &&
          before.groupUid === group.uid
        );
      })
      .count(),
  ]);
  const status = own?.status ?? (leaving > 0 ? null : (group.membership?.status ?? null));
  return { group, status };
}

export function useHeldGroup(ref: string, viewerId: number | null) {
  return useLive(() => heldGroup(ref, viewerId), [ref, viewerId]);
}
