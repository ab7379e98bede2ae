/**
 * The follows' synced entity (docs/product/social.md "Offline"; PROTOCOL.md entities table): a member's own
 * `user_connections` rows, pulled with `own`. A follow is a create, an unfollow its delete; nothing is ever
 * edited. Follows are public, so nothing leaves the device when the viewer changes.
 */
import type { LocalConnection } from '../social-types';
import { defineEntity, verbFor } from '../entity-descriptor';
import { hasShape, text } from '../entity-fields';

const isLocalConnection = hasShape<LocalConnection>({
  uid: 'string',
  userId: 'number',
  followingId: 'number',
});

export const connectionsEntity = defineEntity<LocalConnection, 'user_connections'>({
  entity: 'user_connections',
  label: 'Follows',
  scope: {
    kind: 'owned',
    rest: {
      record: (ref) => `/api/social/connections/${encodeURIComponent(ref)}`,
      list: '/api/social/following',
    },
  },
  is: isLocalConnection,
  fold: {},
  fromServer(data) {
    const { id, uid, followerId, followingId } = data;
    if (typeof id !== 'number' || typeof uid !== 'string') return null;
    if (typeof followerId !== 'number' || typeof followingId !== 'number') return null;
    return {
      id,
      uid,
      userId: followerId,
      followingId,
      created_at: text(data.created_at) ?? '',
    } satisfies LocalConnection;
  },
  describe(m) {
    return {
      label: verbFor(m, ['Following a member', 'Following a member', 'Unfollowing a member']),
      editHref: null,
    };
  },
});
