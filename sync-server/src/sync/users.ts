/**
 * Public users in pulls: the members shown by pulled finds and comments travel with them, so names and
 * avatars show offline (S15). Only toPublicUser's fields are read: no e-mail, hash or token can leak.
 */
import { inArray } from 'drizzle-orm';
import { users } from '@schema/db/tables';
import { toPublicUserFor } from '@schema/contracts/users';
import type { SyncedEntity } from './entity';
import { loadRowsById, type SyncEntityHandler } from './registry';

/** Read-only in sync: accounts change through the users routes (registration needs the network). */
export const usersEntity: SyncedEntity = {
  entity: 'users',
  visibility: { rows: 'public' },
  scope: { kind: 'profile' },
  load: (store, viewer, refs) =>
    loadRowsById(refs, async (ids) => {
      const rows = await store
        .select({
          id: users.id,
          username: users.username,
          avatarUrl: users.avatarUrl,
          bio: users.bio,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(inArray(users.id, ids));
      return rows.map((row) => {
        // Masked for everyone but the member (docs/privacy.md): pulls and REST show the same name.
        const user = toPublicUserFor(row, viewer?.id);
        return { id: user.id, uid: null, data: { ...user }, userIds: [] };
      });
    }),
};

/** Pull adds the users a page shows (S15) itself, whatever entities.ts lists. */
export const usersHandler: SyncEntityHandler = {
  entity: usersEntity.entity,
  load: usersEntity.load,
  scope: usersEntity.scope,
  memberOnly: false,
};
