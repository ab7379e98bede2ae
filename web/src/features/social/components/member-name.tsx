/** A member as others see them: avatar, name (masked when it looks like an e-mail address) and badges. */
import { Link } from 'react-router';
import { MemberBadges } from '@web/components/member-badges';
import { UserAvatar } from '@web/components/ui/avatar';
import { maskEmailLike } from '@schema/contracts/users-display';
import { unknownUserName } from '@schema/contracts/social-constants';

export function MemberName({
  id,
  username,
  avatarUrl,
}: {
  id: number;
  username: string;
  avatarUrl?: string;
}) {
  const name = username === '' ? unknownUserName(id) : maskEmailLike(username);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Link to={`/users/${id}`} className="flex min-w-0 items-center gap-3 hover:underline">
        <UserAvatar username={username} avatarUrl={avatarUrl ?? null} size="sm" />
        <span className="truncate font-medium">{name}</span>
      </Link>
      <MemberBadges userId={id} username={username} />
    </span>
  );
}
