/**
 * Public users in pulls: the members shown by pulled finds and comments travel with them, so names and
 * avatars show offline. Only toPublicUser's fields are read: no e-mail, hash or token can leak.
 */
import { inArray } from 'drizzle-orm';
import { users } from '@schema/db/tables';
import { toPublicUser } from '@schema/contracts/users';
import { chunked, refKey, type LoadedRows, type Store, type SyncEntityHandler } from './registry';

export function loadPublicUsers(store: Store, ids: readonly number[]) {
  const rows = [];
  for (const part of chunked([...new Set(ids)])) {
    rows.push(
      ...store
        .select({
          id: users.id,
          username: users.username,
          avatarUrl: users.avatarUrl,
          bio: users.bio,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(inArray(users.id, part))
        .all(),
    );
  }
  return rows.map(toPublicUser);
}

/** Read-only in sync: accounts change through the users routes (registration needs the network). */
export const usersHandler: SyncEntityHandler = {
  entity: 'users',
  load(store, _viewer, refs) {
    const byId = new Map(
      loadPublicUsers(
        store,
        refs.map((r) => r.entityId),
      ).map((u) => [u.id, u]),
    );
    const out: LoadedRows = new Map();
    for (const ref of refs) {
      const user = byId.get(ref.entityId);
      out.set(refKey(ref), user ? { id: user.id, uid: null, data: { ...user }, userIds: [] } : null);
    }
    return out;
  },
};
