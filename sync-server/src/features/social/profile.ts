/**
 * A member's public profile page (docs/product/social.md "Screens"): public fields only (no e-mail,
 * docs/privacy.md), the profile's years detecting and detector, the four stats, their newest finds
 * (never coordinates) and forum posts, and whether the caller follows them.
 */
import { and, desc, eq } from 'drizzle-orm';
import { finds, posts, userProfiles, users } from '@schema/db/tables';
import { socialMessages, type PublicProfile } from '@schema/contracts/social';
import { defaultAvatarUrl } from '@schema/contracts/users';
import type { UserRow } from '../../lib/auth/user-row';
import { notFound } from '../../lib/errors';
import { first } from '../../lib/query';
import { idEquals } from '../../lib/sql';
import { notHiddenFrom } from '../../lib/moderation';
import type { Store } from '../../sync/registry';
import { isFollowing, statsOf } from './connections';
import { hasBlocked } from './blocks';
import { shownMember } from './shown';

/** Finds and posts shown on a profile page, newest first. */
export const PROFILE_ITEMS = 12;

function detectorOf(profile: { detectorBrand: string | null; detectorModel: string | null } | undefined) {
  const name = [profile?.detectorBrand, profile?.detectorModel].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

export async function publicProfile(
  store: Store,
  viewer: UserRow | undefined | null,
  rawId: string,
): Promise<PublicProfile> {
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : NaN;
  const member = await first(
    store
      .select({
        id: users.id,
        username: users.username,
        avatarUrl: users.avatarUrl,
        bio: users.bio,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(idEquals(users.id, id)),
  );
  if (!member) throw notFound(socialMessages.userNotFound);
  const profile = await first(
    store
      .select({
        yearsDetecting: userProfiles.yearsDetecting,
        detectorBrand: userProfiles.detectorBrand,
        detectorModel: userProfiles.detectorModel,
      })
      .from(userProfiles)
      .where(eq(userProfiles.userId, member.id)),
  );
  // Finds and posts a moderator hid are the member's own to see (docs/moderation.md).
  const viewerId = viewer?.id ?? null;
  const theirFinds = await store
    .select({
      id: finds.id,
      uid: finds.uid,
      title: finds.title,
      imageUrl: finds.imageUrl,
      period: finds.period,
      created_at: finds.createdAt,
    })
    .from(finds)
    .where(and(eq(finds.userId, member.id), notHiddenFrom('finds', finds.id, finds.userId, viewerId)))
    .orderBy(desc(finds.createdAt), desc(finds.id))
    .limit(PROFILE_ITEMS);
  const theirPosts = await store
    .select({ id: posts.id, uid: posts.uid, title: posts.title, created_at: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.userId, member.id), notHiddenFrom('posts', posts.id, posts.userId, viewerId)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(PROFILE_ITEMS);
  // Others see a name that looks like an e-mail address masked (shown.ts); the member sees their own.
  const shown = viewer?.id === member.id ? member : shownMember(member);
  return {
    id: member.id,
    username: shown.username,
    avatarUrl: shown.avatarUrl ?? defaultAvatarUrl(member.username),
    bio: member.bio,
    created_at: member.createdAt,
    yearsDetecting: profile?.yearsDetecting ?? null,
    detector: detectorOf(profile),
    stats: await statsOf(store, member.id, viewerId),
    isFollowing: viewer ? await isFollowing(store, viewer.id, member.id) : false,
    isBlocked: viewer ? await hasBlocked(store, viewer.id, member.id) : false,
    finds: theirFinds,
    posts: theirPosts,
  };
}
