/**
 * Connections (docs/product/social.md "Screens"): the members I follow, each with Unfollow, and my
 * followers. The product's empty text when I follow nobody.
 */
import type { ConnectionsAnswer, SocialMember } from '@schema/contracts/social';
import { socialMessages } from '@schema/contracts/social-constants';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { Remote } from '../hooks/use-remote';
import { FollowButton } from './follow-button';
import { MemberName } from './member-name';

function Row({ member, action }: { member: SocialMember; action?: React.ReactNode }) {
  return (
    <li>
      <Card className="flex items-center justify-between gap-3 p-3">
        <MemberName id={member.id} username={member.username} avatarUrl={member.avatarUrl} />
        {action}
      </Card>
    </li>
  );
}

export function ConnectionsList({
  connections,
  onChange,
}: {
  connections: Remote<ConnectionsAnswer>;
  onChange(): void;
}) {
  if (connections.state === 'loading')
    return (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  if (connections.state !== 'ready')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {connections.state === 'offline'
          ? 'Connections need a connection to the internet.'
          : 'Connections could not be loaded. Please try again later.'}
      </p>
    );
  const { following, followers } = connections.value;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="following-heading" className="flex flex-col gap-3">
        <h2 id="following-heading" className="text-lg font-semibold">
          Following
        </h2>
        {following.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">{socialMessages.connectionsEmpty}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {following.map((m) => (
              <Row
                key={m.id}
                member={m}
                action={<FollowButton userId={m.id} username={m.username} following onChange={onChange} />}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="followers-heading" className="flex flex-col gap-3">
        <h2 id="followers-heading" className="text-lg font-semibold">
          Followers
        </h2>
        {followers.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">{socialMessages.followersEmpty}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {followers.map((m) => (
              <Row key={m.id} member={m} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
