/**
 * Social contracts (docs/product/social.md "API calls"; docs/product/data-model.md `user_connections`): the
 * follow request, the wire shapes of stats, connections and feed items that REST and pull answer with, and
 * the sync payload of `user_connections`. The Find Users dialog, the Dexie outbox and the server validate
 * with these same schemas.
 */
import { z } from 'zod';
import { idSchema } from './ids';
import { socialMessages, type ActivityKind } from './social-constants';

export * from './social-constants';

/** The member followed, strictly: never `true` (ids.ts). */
const targetUserId = idSchema(socialMessages.targetRequired);

/** POST /api/social/follow. `userId` is not read: the session decides who follows. */
export const followSchema = z.object({
  targetUserId,
  action: z.enum(['follow', 'unfollow'], { error: socialMessages.actionInvalid }),
});
export type FollowInput = z.output<typeof followSchema>;

/** The sync create of a `user_connections` row: following a member (its delete is the unfollow). */
export const connectionSyncCreatePayloadSchema = z.object({ followingId: targetUserId });

/** A follow, as REST and pull answer it. */
export interface Connection {
  id: number;
  uid: string;
  followerId: number;
  followingId: number;
  status: string;
  connectionType: string;
  created_at: string;
}

/** A member in the Connections lists and the directory: public fields only (docs/privacy.md). */
export interface SocialMember {
  id: number;
  username: string;
  avatarUrl: string;
  bio: string | null;
}

export interface ConnectionsAnswer {
  following: (SocialMember & { connectionId: number; connectionUid: string })[];
  followers: SocialMember[];
}

/** Stat tiles: counted by the server, never by the client (docs/product/social.md). */
export interface SocialStats {
  followers: number;
  following: number;
  posts: number;
  finds: number;
}

/** One line of the Activity Feed. Never a find's coordinates (docs/privacy.md). */
export interface FeedItem {
  /** `<kind>:<id>`: unique across kinds. */
  id: string;
  kind: ActivityKind;
  entityId: number;
  entityUid: string;
  userId: number;
  username: string;
  avatarUrl: string;
  content: string;
  created_at: string | null;
}

/** A find on a profile page: never its coordinates (docs/privacy.md). */
export interface ProfileFind {
  id: number;
  uid: string;
  title: string;
  imageUrl: string;
  period: string | null;
  created_at: string;
}

export interface ProfilePost {
  id: number;
  uid: string;
  title: string;
  created_at: string;
}

/** GET /api/users/{id}/profile: the public profile page. */
export interface PublicProfile extends SocialMember {
  finds: ProfileFind[];
  posts: ProfilePost[];
  created_at: string;
  yearsDetecting: number | null;
  detector: string | null;
  stats: SocialStats;
  isFollowing: boolean;
  /** Whether the viewer blocked this member (docs/product/social.md "Blocking"). */
  isBlocked: boolean;
}
