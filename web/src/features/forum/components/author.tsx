/** Who wrote a post or comment: avatar, the name masked when it looks like an e-mail address, badges. */
import { maskEmailLike } from '@schema/contracts/users';
import { MemberBadges } from '@web/components/member-badges';
import { UserAvatar } from '@web/components/ui/avatar';

export interface AuthorProps {
  userId: number;
  username: string;
  avatarUrl?: string | null | undefined;
  size?: 'sm' | 'md';
}

export function Author({ userId, username, avatarUrl, size = 'sm' }: AuthorProps) {
  const name = maskEmailLike(username);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <UserAvatar username={name} avatarUrl={avatarUrl} size={size} />
      <span className="truncate font-medium">{name}</span>
      <MemberBadges userId={userId} username={username} />
    </span>
  );
}
