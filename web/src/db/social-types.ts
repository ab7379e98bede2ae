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
