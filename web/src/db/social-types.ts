import type { ModeratorMark } from './entity-fields';

/**
 * Follows on the device (docs/product/social.md "Offline"): the member's own `user_connections` rows, so a
 * follow or unfollow made without signal shows at once and is pushed later. `userId` is the follower (the
 * record's owner, as eviction reads it).
 */
export interface LocalConnection {
  id: number | null;
  uid: string;
  userId: number;
  followingId: number;
  created_at: string;
}

/**
 * Groups on the device (docs/product/social.md "Groups", "Offline"): the groups the member created (`own`)
 * or belongs to (pinned through their membership), as the server shapes them for this viewer. `userId` is
 * the creator, as the engine reads a record's owner; `membership` is the viewer's own (null: none).
 */
export interface LocalGroup extends ModeratorMark {
  id: number | null;
  uid: string;
  userId: number;
  creatorId: number;
  creatorName: string;
  name: string;
  description: string | null;
  location: string | null;
  isPrivate: boolean;
  avatarUrl: string | null;
  /** The page's banner (an upload of ours), its tags and rules; older rows on a device may lack them. */
  coverImageUrl?: string | null;
  tags?: string[];
  rules?: string | null;
  memberCount: number;
  commentCount: number;
  created_at: string;
  membership: { status: string; role: string } | null;
}

/** The member's own membership of a group, keyed by its uid; `groupUid` names the group (a join's payload). */
export interface LocalGroupMembership {
  id: number | null;
  uid: string;
  groupId: number | null;
  groupUid: string;
  userId: number;
  username: string;
  role: string;
  status: string;
  joinedAt: string;
  created_at: string;
}

/** A comment of a group's discussion (no likes: the server's group discussion has none). */
export interface LocalGroupComment extends ModeratorMark {
  id: number | null;
  uid: string;
  groupId: number | null;
  groupUid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
}
