/**
 * A member's public profile (docs/product/social.md "Screens", /users/:id): avatar, bio, years
 * detecting, detector, the four stats, their newest finds (never where they were found) and forum posts,
 * and Follow, Message and Block for a signed-in member who is not them.
 */
import { Link, useParams } from 'react-router';
import type { PublicProfile } from '@schema/contracts/social';
import { maskEmailLike } from '@schema/contracts/users-display';
import { ReportButton } from '@web/components/moderation/report-button';
import { UserAvatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { PageContainer } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { usePageMeta } from '@web/lib/page-meta';
import { FollowButton } from '../components/follow-button';
import { MemberActions } from '../components/member-actions';
import { ProfileBadges } from '../components/profile-badges';
import { StatTiles } from '../components/stat-tiles';
import { useRemote } from '../hooks/use-remote';

function Profile({ profile }: { profile: PublicProfile }) {
  const { user } = useCurrentUser();
  const name = maskEmailLike(profile.username);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <UserAvatar username={profile.username} avatarUrl={profile.avatarUrl} size="xl" />
        <div className="flex flex-1 flex-col gap-2">
          <h1 className="text-3xl font-bold">{name}</h1>
          <p className="text-stone-700 dark:text-stone-300">{profile.bio ?? 'No bio yet.'}</p>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-stone-600 dark:text-stone-400">Years detecting:</dt>
              <dd>{profile.yearsDetecting ?? 'Not said'}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-stone-600 dark:text-stone-400">Detector:</dt>
              <dd>{profile.detector ?? 'Not said'}</dd>
            </div>
          </dl>
        </div>
        {user && user.id !== profile.id ? (
          <div className="flex flex-wrap gap-2">
            <FollowButton userId={profile.id} username={profile.username} following={profile.isFollowing} />
            <MemberActions userId={profile.id} blocked={profile.isBlocked} />
            <ReportButton
              entity="users"
              id={profile.id}
              authorId={profile.id}
              viewerId={user.id}
              variant="outline"
              size="md"
            />
          </div>
        ) : null}
      </div>
      <StatTiles stats={{ state: 'ready', value: profile.stats, next: null }} />
      <ProfileBadges userId={profile.id} own={user?.id === profile.id} />
      <section aria-labelledby="profile-finds" className="flex flex-col gap-3">
        <h2 id="profile-finds" className="text-xl font-bold">
          Finds
        </h2>
        {profile.finds.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">No finds shared yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {profile.finds.map((f) => (
              <li key={f.id}>
                <Link to={`/finds/${f.id}`} className="block hover:underline">
                  <Card className="overflow-hidden">
                    <img
                      src={f.imageUrl}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full object-cover"
                    />
                    <p className="truncate p-2 font-medium">{f.title}</p>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="profile-posts" className="flex flex-col gap-3">
        <h2 id="profile-posts" className="text-xl font-bold">
          Forum posts
        </h2>
        {profile.posts.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">No forum posts yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {profile.posts.map((p) => (
              <li key={p.id}>
                <Link to={`/forum/post/${p.id}`} className="hover:underline">
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * The profile's layout while it loads: the avatar, name, bio and details, the four tiles and a row of finds
 * at their final sizes, so nothing below them moves when the profile arrives.
 */
function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span role="status" className="sr-only">
        Loading…
      </span>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <Skeleton className="size-24 shrink-0 rounded-full" />
        <div className="flex w-full flex-1 flex-col items-center gap-2 sm:items-start">
          <Skeleton className="h-9 w-48" />
          <Skeleton className="h-6 w-full max-w-md" />
          <Skeleton className="h-5 w-64 max-w-full" />
        </div>
      </div>
      <StatTiles stats={{ state: 'loading' }} />
      {/* The achievements section: its heading and one line. */}
      <Skeleton className="h-16 w-full" />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="aspect-square w-full" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ProfilePage() {
  const { id = '' } = useParams();
  const profile = useRemote<PublicProfile>(`/api/users/${encodeURIComponent(id)}/profile`);
  // The server's first look (sync-server/src/first-visit/profile-preview.ts) gives way once the profile,
  // or why there is none, shows.
  useEndBootPreview(profile.state !== 'loading');
  usePageMeta(
    profile.state === 'ready'
      ? { title: maskEmailLike(profile.value.username), description: 'A DigQuest member’s profile.' }
      : null,
  );
  return (
    // At least the screen's height: the footer starts below the fold, so it cannot jump when the profile
    // (taller than its skeleton, or shorter: "not found") arrives.
    <PageContainer className="flex min-h-dvh max-w-4xl flex-col gap-6">
      {profile.state === 'loading' ? (
        <ProfileSkeleton />
      ) : profile.state === 'ready' ? (
        <Profile profile={profile.value} />
      ) : (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {profile.state === 'offline'
            ? 'This profile needs a connection.'
            : 'Member not found, or the profile could not be loaded.'}
        </p>
      )}
    </PageContainer>
  );
}
